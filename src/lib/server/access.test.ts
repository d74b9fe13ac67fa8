import { isHttpError } from '@sveltejs/kit';
import { describe, expect, it } from 'vitest';
import { ACTIONS, bearerToken, requireDevice, type Action } from './access';
import { Store } from './store';
import { openTwoEvents } from './two-events.testkit';
import { issueToken, revokeToken } from './tokens';
import { ROLES, type Role } from '$lib/contract';
import { storePerTest } from './store-per-test.testkit';

let store: Store;

storePerTest(openTwoEvents, (s) => (store = s));

const request = (authorization?: string) => new Request('http://127.0.0.1/api/x', { headers: authorization ? { authorization } : {} });

/** The HTTP status `requireDevice` answers, 200 when it lets the request through. */
function status(authorization: string | undefined, eventId: string, action: Action): number {
	try {
		requireDevice(store, request(authorization), eventId, action);
		return 200;
	} catch (e) {
		if (isHttpError(e)) return e.status;
		throw e;
	}
}

describe('who may do what', () => {
	it('every role against every action, in its own event and in another', () => {
		const tokens = Object.fromEntries(ROLES.map((role) => [role, issueToken(store, { eventId: 'spring', role, label: role, now: 1 }).token])) as Record<Role, string>;
		const expected: Record<Action, Record<Role, number>> = {
			// A desk pushes its check-ins only (sync-push.ts refuses anything else one by one).
			'events.push': { organizer: 200, judge: 200, display: 403, desk: 200 },
			'events.pull': { organizer: 200, judge: 200, display: 200, desk: 200 },
			'setup.read': { organizer: 200, judge: 200, display: 200, desk: 200 },
			'roster.read': { organizer: 200, judge: 200, display: 200, desk: 200 },
			'setup.write': { organizer: 200, judge: 403, display: 403, desk: 403 },
			'event.prepare': { organizer: 200, judge: 403, display: 403, desk: 403 },
			'devices.manage': { organizer: 200, judge: 403, display: 403, desk: 403 },
			'heats.start': { organizer: 200, judge: 403, display: 403, desk: 403 },
			'event.backup': { organizer: 200, judge: 403, display: 403, desk: 403 },
			'events.import': { organizer: 200, judge: 403, display: 403, desk: 403 },
			'results.publish': { organizer: 200, judge: 403, display: 403, desk: 403 },
			'events.audit': { organizer: 200, judge: 403, display: 403, desk: 403 },
			'register.manage': { organizer: 200, judge: 403, display: 403, desk: 403 },
			'draws.manage': { organizer: 200, judge: 403, display: 403, desk: 403 },
			'protests.manage': { organizer: 200, judge: 403, display: 403, desk: 403 },
			'photos.upload': { organizer: 200, judge: 200, display: 403, desk: 403 },
			'photos.view': { organizer: 200, judge: 403, display: 403, desk: 403 },
			'evidence.manage': { organizer: 200, judge: 403, display: 403, desk: 403 }
		};
		expect(Object.keys(expected).sort()).toEqual(Object.keys(ACTIONS).sort());
		for (const action of Object.keys(ACTIONS) as Action[])
			for (const role of ROLES) {
				expect(status(`Bearer ${tokens[role]}`, 'spring', action), `${role} ${action}`).toBe(expected[action][role]);
				expect(status(`Bearer ${tokens[role]}`, 'autumn', action), `${role} ${action} on another event`).toBe(403);
			}
	});

	it('no token, a malformed header, an unknown or revoked token: 401', () => {
		const judge = issueToken(store, { eventId: 'spring', role: 'judge', label: 'T1', now: 1 });
		expect(status(undefined, 'spring', 'events.pull')).toBe(401);
		expect(status(`Basic ${judge.token}`, 'spring', 'events.pull')).toBe(401);
		expect(status(`Bearer ${judge.token.toUpperCase()}`, 'spring', 'events.pull')).toBe(401);
		expect(status(`bearer ${judge.token}`, 'spring', 'events.pull')).toBe(200);
		revokeToken(store, 'spring', judge.id, 2);
		expect(status(`Bearer ${judge.token}`, 'spring', 'events.pull')).toBe(401);
	});

	it('reads the bearer token of the Authorization header only', () => {
		expect(bearerToken(request('Bearer abc.def'))).toBe('abc.def');
		expect(bearerToken(request('Bearer  abc  '))).toBe('abc');
		expect(bearerToken(request('Bearer a b'))).toBeNull();
		expect(bearerToken(request())).toBeNull();
	});
});
