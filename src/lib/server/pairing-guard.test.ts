import { beforeEach, describe, expect, it } from 'vitest';
import { boundDevices } from './device-binding';
import { addDevice } from './devices';
import { presetById } from '$lib/rules/presets';
import { attemptCardPairing, attemptPairing, CODE_ALPHABET, CODE_LIFETIME_MS, type CardPairAttempt, type PairAttempt } from './pairing';
import { addressKey, ADDRESS_LIMIT, EVENT_LIMIT, PairingGuard } from './pairing-guard';
import type { Store } from './store';
import { CARD_REFUSED, listCards, printCards, revokeCard } from './table-cards';
import { authenticate } from './tokens';
import { openTwoEvents } from './two-events.testkit';
import { storePerTest } from './store-per-test.testkit';

let store: Store;
let guard: PairingGuard;
storePerTest(openTwoEvents, (s) => (store = s));
beforeEach(() => {
	guard = new PairingGuard();
});

const T0 = Date.UTC(2026, 4, 16, 9);
const ORIGIN = 'http://judge.test';

/** A well-formed code that is not the device's (the alphabet's first letters, shifted by `n`). */
function wrongCode(n: number): string {
	let code = '';
	for (let i = 0, k = n; i < 8; i++, k = Math.floor(k / CODE_ALPHABET.length)) code += CODE_ALPHABET[k % CODE_ALPHABET.length];
	return code;
}

const attempt = (typed: string, address: string, now: number, deviceId: string | null = 'tab-1'): PairAttempt => attemptPairing(store, guard, { typed, address, deviceId, now });

describe('throttled pairing codes', () => {
	it('a burst of wrong codes from one address gets 429 with the wait; the right code after the wait pairs', () => {
		const added = addDevice(store, 'spring', { role: 'judge', label: 'Table 1' }, ORIGIN, T0);
		const answers = Array.from({ length: 40 }, (_, i) => attempt(wrongCode(i), '192.168.1.50', T0 + i));
		expect(answers.slice(0, ADDRESS_LIMIT.burst).map((a) => a.ok || a.status)).toEqual(Array(ADDRESS_LIMIT.burst).fill(404));
		for (const a of answers.slice(ADDRESS_LIMIT.burst)) expect(a).toEqual({ ok: false, status: 429, retryAfterMs: expect.any(Number) });
		const wait = (answers.at(-1) as { retryAfterMs: number }).retryAfterMs;
		expect(wait).toBeGreaterThan(0);
		expect(wait).toBeLessThanOrEqual(ADDRESS_LIMIT.refillMs);
		// Even the right code is not looked at while the address waits …
		const now = T0 + 40;
		expect(attempt(added.code, '192.168.1.50', now)).toMatchObject({ ok: false, status: 429 });
		// … and pairs once the wait is over, bound to the tablet that typed it.
		const paired = attempt(added.code, '192.168.1.50', now + wait);
		expect(paired).toMatchObject({ ok: true, device: { id: added.device.id, eventId: 'spring' } });
		expect(authenticate(store, (paired as { token: string }).token)?.id).toBe(added.device.id);
		expect(boundDevices(store, added.device.id)).toEqual(['tab-1']);
	});

	it('a right code after a few typos pairs at once, and takes nothing from the address', () => {
		const added = addDevice(store, 'spring', { role: 'judge', label: 'Table 1' }, ORIGIN, T0);
		for (let i = 0; i < ADDRESS_LIMIT.burst - 1; i++) expect(attempt(wrongCode(i), '10.0.0.7', T0)).toEqual({ ok: false, status: 404 });
		expect(attempt(added.code.toLowerCase(), '10.0.0.7', T0)).toMatchObject({ ok: true });
		expect(guard.addressWait('10.0.0.7', T0)).toBe(0);
	});

	it('text that cannot be a code is refused without counting; a used or expired code counts as wrong', () => {
		const added = addDevice(store, 'spring', { role: 'judge', label: 'Table 1' }, ORIGIN, T0);
		for (let i = 0; i < 50; i++) expect(attempt('not a code', '10.0.0.8', T0)).toEqual({ ok: false, status: 404 });
		expect(guard.failuresOf('spring')).toBeNull();
		expect(attempt(added.code, '10.0.0.8', T0 + CODE_LIFETIME_MS)).toEqual({ ok: false, status: 404 });
		expect(guard.failuresOf('spring')).toEqual({ count: 1, lastAt: T0 + CODE_LIFETIME_MS, lastAddress: '10.0.0.8' });
	});

	it("many addresses together: an event's codes wait once it had its share of wrong ones, a hit answered as a miss; other events' codes still pair", () => {
		const target = addDevice(store, 'spring', { role: 'judge', label: 'Table 1' }, ORIGIN, T0);
		// Each address stays within its own limit; the event's bucket runs dry.
		const answers = Array.from({ length: EVENT_LIMIT.burst + 5 }, (_, i) => attempt(wrongCode(i), `10.1.${i}.1`, T0));
		expect(answers.slice(0, EVENT_LIMIT.burst - 1).every((a) => !a.ok && a.status === 404)).toBe(true);
		expect(answers.slice(EVENT_LIMIT.burst).every((a) => !a.ok && a.status === 429)).toBe(true);
		// The right code, from a fresh address, while the event waits: the same answer as a wrong code.
		const hit = attempt(target.code, '10.9.9.9', T0);
		expect(hit).toEqual({ ok: false, status: 429, retryAfterMs: expect.any(Number) });
		expect(authenticate(store, target.token)).not.toBeNull(); // not redeemed
		// A code made for another event after the storm pairs: that event's share is whole.
		const later = addDevice(store, 'autumn', { role: 'display', label: 'Hall' }, ORIGIN, T0 + 1);
		expect(attempt(later.code, '10.9.9.8', T0 + 1)).toMatchObject({ ok: true, device: { eventId: 'autumn' } });
		// Once the event's bucket refills, its code pairs.
		expect(attempt(target.code, '10.9.9.7', T0 + EVENT_LIMIT.refillMs * 2)).toMatchObject({ ok: true, device: { id: target.device.id } });
	});

	it('tells the organizer how many wrong codes could have been meant for the event, when the last came, and from where', () => {
		addDevice(store, 'spring', { role: 'judge', label: 'Table 1' }, ORIGIN, T0);
		expect(guard.failuresOf('spring')).toBeNull();
		for (let i = 0; i < 12; i++) attempt(wrongCode(i), i < 8 ? '192.168.1.50' : '192.168.1.51', T0 + i * 10);
		// Refused unread (the address waiting) or read and wrong: every one counts.
		expect(guard.failuresOf('spring')).toEqual({ count: 12, lastAt: T0 + 110, lastAddress: '192.168.1.51' });
		// An event without a live code was no target.
		expect(guard.failuresOf('autumn')).toBeNull();
	});
});

describe('throttled table cards (issue 29 #6)', () => {
	/** A heat of `eventId` with one seated table, and the secret of its card (the card link's). */
	function cardOf(eventId: string, tag: string, now = T0): { id: string; secret: string } {
		const R = presetById('czjpa-individual')!;
		if (!store.getRuleset(R.id, R.version)) store.insertSetup({ rulesets: [R] });
		store.insertSetup({
			competitions: [{ id: `${tag}-c`, eventId, name: 'Individuals', ruleset: { id: R.id, version: R.version } }],
			heats: [{ id: `${tag}-h1`, competitionId: `${tag}-c`, name: 'Heat 1' }],
			entries: [{ id: `${tag}-e1`, competitionId: `${tag}-c`, heatId: `${tag}-h1`, name: 'Solver', members: [], table: '1', seat: '1' }]
		});
		const [card] = printCards(store, eventId, `${tag}-h1`, ORIGIN, now);
		return { id: card!.id, secret: new URLSearchParams(new URL(card!.link).hash.slice(1)).get('card')! };
	}
	/** A well-formed secret that is no card's. */
	const wrongSecret = (n: number) => `wrong-card-secret-${String(n).padStart(6, '0')}`;
	const scan = (secret: string, address: string, now: number, deviceId = 'tab-card'): CardPairAttempt => attemptCardPairing(store, guard, { secret, address, deviceId, now });
	const tablets = (eventId: string) => listCards(store, eventId).reduce((n, c) => n + c.tablets, 0);

	it('issue 29 #6: a burst of wrong card secrets from one address gets 429 with the wait, the right card is not even looked at meanwhile, and pairs after the wait', () => {
		const card = cardOf('spring', 's');
		const answers = Array.from({ length: 40 }, (_, i) => scan(wrongSecret(i), '192.168.1.50', T0 + i));
		for (const a of answers.slice(0, ADDRESS_LIMIT.burst)) expect(a).toEqual({ ok: false, status: 404, message: CARD_REFUSED.unknown });
		for (const a of answers.slice(ADDRESS_LIMIT.burst)) expect(a).toEqual({ ok: false, status: 429, retryAfterMs: expect.any(Number) });
		const wait = (answers.at(-1) as { retryAfterMs: number }).retryAfterMs;
		expect(wait).toBeGreaterThan(0);
		expect(wait).toBeLessThanOrEqual(ADDRESS_LIMIT.refillMs);
		const now = T0 + 40;
		expect(scan(card.secret, '192.168.1.50', now)).toMatchObject({ ok: false, status: 429 });
		expect(tablets('spring')).toBe(0);
		const paired = scan(card.secret, '192.168.1.50', now + wait);
		expect(paired).toMatchObject({ ok: true, paired: { eventId: 'spring', heatId: 's-h1', table: '1', device: { role: 'judge' } } });
		expect(authenticate(store, (paired as { paired: { token: string } }).paired.token)?.eventId).toBe('spring');
		expect(tablets('spring')).toBe(1);
		// A right card takes nothing: a second tablet scanning it at once pairs too.
		expect(scan(card.secret, '192.168.1.50', now + wait, 'tab-spare')).toMatchObject({ ok: true });
	});

	it('issue 29 #6: wrong card secrets count in the failed pairing attempts of every event holding a live card (an unknown one has no event of its own); a revoked or expired card counts for its own event', () => {
		cardOf('spring', 's');
		const autumn = cardOf('autumn', 'a');
		revokeCard(store, 'autumn', autumn.id, T0);
		expect(guard.failuresOf('spring')).toBeNull();
		for (let i = 0; i < 8; i++) scan(wrongSecret(i), i < 6 ? '192.168.1.50' : '192.168.1.51', T0 + i * 10);
		// Looked at and wrong, or refused unread (the address waiting): every one counts, for spring only (autumn has no live card).
		expect(guard.failuresOf('spring')).toEqual({ count: 8, lastAt: T0 + 70, lastAddress: '192.168.1.51' });
		expect(guard.failuresOf('autumn')).toBeNull();
		// The revoked card: refused as such (410), counted for its event (and for spring, which a wrong secret could have been meant for).
		expect(scan(autumn.secret, '10.0.0.9', T0 + 100)).toEqual({ ok: false, status: 410, message: CARD_REFUSED.revoked });
		expect(guard.failuresOf('autumn')).toEqual({ count: 1, lastAt: T0 + 100, lastAddress: '10.0.0.9' });
		expect(guard.failuresOf('spring')).toMatchObject({ count: 9 });
		// Spring's card, the day after its event: expired, counted for spring.
		const spring = listCards(store, 'spring')[0]!;
		expect(scan(cardOf('spring', 's2').secret, '10.0.0.10', spring.expiresAt + 1)).toEqual({ ok: false, status: 410, message: CARD_REFUSED.expired });
		expect(guard.failuresOf('spring')).toMatchObject({ count: 10, lastAddress: '10.0.0.10' });
	});

	it('issue 29 #6: wrong card secrets and wrong codes draw on the same budget of an address, and of an event: a right card of an event that had its share is answered as a miss', () => {
		const card = cardOf('spring', 's');
		const added = addDevice(store, 'spring', { role: 'judge', label: 'Table 9' }, ORIGIN, T0);
		for (let i = 0; i < ADDRESS_LIMIT.burst; i++) expect(scan(wrongSecret(i), '10.0.0.7', T0)).toMatchObject({ status: 404 });
		expect(attempt(added.code, '10.0.0.7', T0)).toMatchObject({ ok: false, status: 429 });
		// Many addresses, each within its own limit: the event's bucket runs dry.
		const answers = Array.from({ length: EVENT_LIMIT.burst + 5 }, (_, i) => scan(wrongSecret(100 + i), `10.1.${i}.1`, T0));
		expect(answers.slice(EVENT_LIMIT.burst).every((a) => !a.ok && a.status === 429)).toBe(true);
		expect(scan(card.secret, '10.9.9.9', T0)).toEqual({ ok: false, status: 429, retryAfterMs: expect.any(Number) });
		expect(tablets('spring')).toBe(0);
		// Once the event's bucket refills, the card pairs.
		expect(scan(card.secret, '10.9.9.7', T0 + EVENT_LIMIT.refillMs * 2)).toMatchObject({ ok: true, paired: { eventId: 'spring' } });
	});
});

describe('addresses as throttled', () => {
	it('IPv4 as it is (also IPv4-mapped), IPv6 by its /64', () => {
		expect(addressKey('192.168.1.50')).toBe('192.168.1.50');
		expect(addressKey('::ffff:192.168.1.50')).toBe('192.168.1.50');
		expect(addressKey('2001:db8:1:2:a:b:c:d')).toBe('2001:db8:1:2::/64');
		expect(addressKey('2001:db8:1:2::99')).toBe('2001:db8:1:2::/64');
		expect(addressKey('2001:0db8::1')).toBe('2001:db8:0:0::/64');
		expect(addressKey('::1')).toBe('0:0:0:0::/64');
		expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
		expect(addressKey('unknown')).toBe('unknown');
	});

	it('two addresses of one /64 share a bucket', () => {
		const g = new PairingGuard({ address: { burst: 2, refillMs: 1000 }, event: EVENT_LIMIT });
		g.failed('2001:db8::1', [], 0, true);
		g.failed('2001:db8::2', [], 0, true);
		expect(g.addressWait('2001:db8::3', 0)).toBe(1000);
		expect(g.addressWait('2001:db9::3', 0)).toBe(0);
		expect(g.addressWait('2001:db8::3', 500)).toBe(500);
	});
});
