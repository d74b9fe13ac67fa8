import { describe, expect, it } from 'vitest';
import { Store } from './store';
import { openTwoEvents } from './two-events.testkit';
import { authenticate, hashToken, issueToken, listTokens, revokeToken } from './tokens';
import { storePerTest } from './store-per-test.testkit';

let dir: string;
let store: Store;
const NOW = Date.UTC(2026, 4, 16, 8);

storePerTest(openTwoEvents, (s, d) => ((store = s), (dir = d)));

describe('device tokens', () => {
	it('a token names its device, event and role; only its hash is stored', () => {
		const issued = issueToken(store, { eventId: 'spring', role: 'judge', label: ' Table 3 ', now: NOW });
		expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(authenticate(store, issued.token)).toEqual({ id: issued.id, eventId: 'spring', role: 'judge', label: 'Table 3' });

		const raw = store.db.prepare('SELECT * FROM device_tokens').all() as Record<string, unknown>[];
		expect(JSON.stringify(raw)).not.toContain(issued.token);
		expect(raw[0]!.token_hash).toBe(hashToken(issued.token));
	});

	it('unknown, malformed and revoked tokens are refused; revoking is scoped to the event and kept on record', () => {
		const judge = issueToken(store, { eventId: 'spring', role: 'judge', label: 'Table 1', now: NOW });
		const display = issueToken(store, { eventId: 'spring', role: 'display', label: 'Hall screen', now: NOW + 1 });
		for (const bad of [undefined, null, '', 'short', judge.token.slice(0, -1) + (judge.token.endsWith('A') ? 'B' : 'A'), 'x'.repeat(500)])
			expect(authenticate(store, bad)).toBeNull();

		expect(revokeToken(store, 'autumn', judge.id, NOW + 2)).toBe(false); // another event's organizer
		expect(authenticate(store, judge.token)).not.toBeNull();
		expect(revokeToken(store, 'spring', judge.id, NOW + 3)).toBe(true);
		expect(revokeToken(store, 'spring', judge.id, NOW + 4)).toBe(true); // again: stays revoked at the first time
		expect(authenticate(store, judge.token)).toBeNull();
		expect(authenticate(store, display.token)?.role).toBe('display');

		expect(listTokens(store, 'spring').map((t) => [t.label, t.role, t.revokedAt])).toEqual([
			['Table 1', 'judge', NOW + 3],
			['Hall screen', 'display', null]
		]);
		expect(listTokens(store, 'autumn')).toEqual([]);
	});

	it('a token is issued only for an event the server has, a known role and a named device', () => {
		expect(() => issueToken(store, { eventId: 'winter', role: 'judge', label: 'T1', now: NOW })).toThrow(/no event "winter"/);
		expect(() => issueToken(store, { eventId: 'spring', role: 'admin' as never, label: 'T1', now: NOW })).toThrow(/unknown role/);
		expect(() => issueToken(store, { eventId: 'spring', role: 'judge', label: '  ', now: NOW })).toThrow(/name/);
		expect(listTokens(store, 'spring')).toEqual([]);
	});

	it('tokens survive a restart of the server (reopened store)', () => {
		const organizer = issueToken(store, { eventId: 'autumn', role: 'organizer', label: 'Organizer laptop', now: NOW });
		store.close();
		const reopened = Store.open(dir);
		expect(authenticate(reopened, organizer.token)).toMatchObject({ eventId: 'autumn', role: 'organizer' });
		reopened.close();
	});
});
