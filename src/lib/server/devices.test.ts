import { describe, expect, it } from 'vitest';
import { addDevice, CONTACT_REFRESH_MS, DISPLAY_MODE_REFRESH_MS, listDevices, noteContact, noteDisplayMode, revokeDevice } from './devices';
import { answerOf } from './http-error.testkit';
import { CODE_ALPHABET, CODE_LIFETIME_MS, normalizeCode, redeemPairingCode } from './pairing';
import { Store } from './store';
import { openTwoEvents } from './two-events.testkit';
import { authenticate } from './tokens';
import { storePerTest } from './store-per-test.testkit';

let store: Store;
storePerTest(openTwoEvents, (s) => (store = s));

const ORIGIN = 'https://judge.example:8443';

describe('adding devices', () => {
	it('answers a token, a QR link holding server, event and token, and a short code', () => {
		const added = addDevice(store, 'spring', { role: 'judge', label: ' Table 3 ' }, ORIGIN, 1000);
		expect(added.device).toMatchObject({ eventId: 'spring', role: 'judge', label: 'Table 3', createdAt: 1000, revokedAt: null });
		expect(authenticate(store, added.token)).toMatchObject({ id: added.device.id, role: 'judge' });
		const link = new URL(added.pairUrl);
		expect(link.origin + link.pathname).toBe(`${ORIGIN}/pair`);
		expect(Object.fromEntries(new URLSearchParams(link.hash.slice(1)))).toEqual({ server: ORIGIN, event: 'spring', token: added.token });
		expect(added.code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{4}-[${CODE_ALPHABET}]{4}$`));
		expect(added.codeExpiresAt).toBe(1000 + CODE_LIFETIME_MS);
	});

	it('refuses a device without a name or with an unknown role', () => {
		expect(answerOf(() => addDevice(store, 'spring', { role: 'judge', label: '  ' }, ORIGIN, 1))).toEqual({ status: 400, message: 'label: a device needs a name' });
		expect(answerOf(() => addDevice(store, 'spring', { role: 'admin', label: 'X' }, ORIGIN, 1)).status).toBe(400);
		expect(listDevices(store, 'spring')).toEqual([]);
	});
});

describe('pairing codes', () => {
	it('are exchanged once for a fresh token of the device, which replaces the QR token', () => {
		const added = addDevice(store, 'spring', { role: 'display', label: 'Hall screen' }, ORIGIN, 1000);
		// Typed by a person: lower case, without the dash, with spaces.
		const typed = ` ${added.code.toLowerCase().replace('-', ' ')} `;
		const paired = redeemPairingCode(store, typed, 2000)!;
		expect(paired.device).toEqual({ id: added.device.id, eventId: 'spring', role: 'display', label: 'Hall screen' });
		expect(authenticate(store, paired.token)?.id).toBe(added.device.id);
		expect(authenticate(store, added.token)).toBeNull();
		expect(redeemPairingCode(store, added.code, 2001)).toBeNull(); // one use
	});

	it('expire, die with a revoked device, and malformed codes are refused', () => {
		const a = addDevice(store, 'spring', { role: 'judge', label: 'A' }, ORIGIN, 0);
		expect(redeemPairingCode(store, a.code, CODE_LIFETIME_MS)).toBeNull();
		const b = addDevice(store, 'spring', { role: 'judge', label: 'B' }, ORIGIN, 0);
		revokeDevice(store, 'spring', b.device.id, 1);
		expect(redeemPairingCode(store, b.code, 2)).toBeNull();
		for (const bad of ['', 'ABCD-EFG', 'ABCD-EFGHI', 'ABCD-EFG0', 'O1IL-2345']) expect(normalizeCode(bad), bad).toBeNull();
	});
});

describe('the device list', () => {
	it('shows role, name, revocation, last contact, clock offset and the logs each pushed', () => {
		const judge = addDevice(store, 'spring', { role: 'judge', label: 'Table 1' }, ORIGIN, 10);
		addDevice(store, 'autumn', { role: 'judge', label: 'Elsewhere' }, ORIGIN, 10);
		store.db.prepare('UPDATE device_tokens SET last_seen_at = 50, clock_offset_ms = -3.5, clock_rtt_ms = 12, clock_measured_at = 40 WHERE id = ?').run(judge.device.id);
		store.db.prepare('INSERT INTO token_devices (token_id, device_id) VALUES (?, ?)').run(judge.device.id, 'tab-1');
		revokeDevice(store, 'spring', judge.device.id, 60);
		expect(listDevices(store, 'spring')).toEqual([
			{ ...judge.device, revokedAt: 60, lastSeenAt: 50, clock: { offsetMs: -3.5, roundTripMs: 12, measuredAt: 40 }, deviceIds: ['tab-1'], events: 0, displayMode: null }
		]);
		expect(answerOf(() => revokeDevice(store, 'autumn', judge.device.id, 70)).status).toBe(404);
	});
});

describe('the display mode a device says (installed app or browser tab)', () => {
	const said = (mode: string | null) => new Headers(mode === null ? {} : { 'x-display-mode': mode });
	const modeOf = (id: string) => listDevices(store, 'spring').find((d) => d.id === id)?.displayMode;

	it('is unknown until the device says it, then listed with when it was heard', () => {
		const a = addDevice(store, 'spring', { role: 'judge', label: 'A' }, ORIGIN, 0);
		expect(modeOf(a.device.id)).toBeNull();
		noteDisplayMode(store, a.device, said(null), 100);
		expect(modeOf(a.device.id)).toBeNull();
		noteDisplayMode(store, a.device, said('standalone'), 200);
		expect(modeOf(a.device.id)).toEqual({ mode: 'standalone', seenAt: 200 });
	});

	it('is noted on the device\'s own row only', () => {
		const a = addDevice(store, 'spring', { role: 'judge', label: 'A' }, ORIGIN, 0);
		const b = addDevice(store, 'spring', { role: 'judge', label: 'B' }, ORIGIN, 0);
		noteDisplayMode(store, a.device, said('browser'), 100);
		expect(modeOf(a.device.id)).toEqual({ mode: 'browser', seenAt: 100 });
		expect(modeOf(b.device.id)).toBeNull();
	});

	it('is written again at once when it changes, and an unchanged one only after the refresh interval', () => {
		const a = addDevice(store, 'spring', { role: 'judge', label: 'A' }, ORIGIN, 0);
		noteDisplayMode(store, a.device, said('browser'), 100);
		noteDisplayMode(store, a.device, said('browser'), 200);
		expect(modeOf(a.device.id)).toEqual({ mode: 'browser', seenAt: 100 });
		noteDisplayMode(store, a.device, said('standalone'), 300);
		expect(modeOf(a.device.id)).toEqual({ mode: 'standalone', seenAt: 300 });
		noteDisplayMode(store, a.device, said('standalone'), 300 + DISPLAY_MODE_REFRESH_MS);
		expect(modeOf(a.device.id)).toEqual({ mode: 'standalone', seenAt: 300 + DISPLAY_MODE_REFRESH_MS });
	});

	it('refuses a value that is not a display mode, and keeps what was noted', () => {
		const a = addDevice(store, 'spring', { role: 'judge', label: 'A' }, ORIGIN, 0);
		noteDisplayMode(store, a.device, said('browser'), 100);
		expect(answerOf(() => noteDisplayMode(store, a.device, said('fullscreen'), 200))).toEqual({
			status: 400,
			message: 'x-display-mode is "standalone" or "browser", not "fullscreen"'
		});
		expect(modeOf(a.device.id)).toEqual({ mode: 'browser', seenAt: 100 });
	});
});

describe('last contact', () => {
	it('is any request of the device: noted when never heard, not written again within CONTACT_REFRESH_MS, then again', () => {
		const added = addDevice(store, 'spring', { role: 'display', label: 'Hall screen' }, ORIGIN, 0);
		const seen = () => listDevices(store, 'spring').find((d) => d.id === added.device.id)!.lastSeenAt;
		expect(seen()).toBeNull();
		noteContact(store, added.device, 1000);
		expect(seen()).toBe(1000);
		noteContact(store, added.device, 1000 + CONTACT_REFRESH_MS - 1);
		expect(seen()).toBe(1000);
		noteContact(store, added.device, 1000 + CONTACT_REFRESH_MS);
		expect(seen()).toBe(1000 + CONTACT_REFRESH_MS);
	});
});
