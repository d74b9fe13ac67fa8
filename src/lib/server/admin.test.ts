import { describe, expect, it } from 'vitest';
import { requireAdmin, requireRestoreAdmin, RESTORE_NEEDS_ADMIN_KEY } from './admin';
import { answerOf } from './http-error.testkit';

const request = (authorization?: string) => new Request('http://x/api/restore', { method: 'POST', headers: authorization ? { authorization } : {} });
const KEY = 'a-very-long-admin-key-0123456789';

describe('the admin key', () => {
	it('creating an event needs it only when the server has one', () => {
		expect(answerOf(() => requireAdmin(request(), undefined)).status).toBe(200);
		expect(answerOf(() => requireAdmin(request(), KEY)).status).toBe(401);
		expect(answerOf(() => requireAdmin(request(`Bearer ${KEY}x`), KEY)).status).toBe(401);
		expect(answerOf(() => requireAdmin(request(`Bearer ${KEY}`), KEY)).status).toBe(200);
	});

	it('a restore over HTTP needs it always: a server without one refuses (403), saying to set it or restore on the server machine (issue 12, point 1)', () => {
		expect(answerOf(() => requireRestoreAdmin(request(), undefined))).toEqual({ status: 403, message: RESTORE_NEEDS_ADMIN_KEY });
		expect(answerOf(() => requireRestoreAdmin(request('Bearer anything-at-all-0123456789'), ''))).toEqual({ status: 403, message: RESTORE_NEEDS_ADMIN_KEY });
		expect(RESTORE_NEEDS_ADMIN_KEY).toMatch(/ADMIN_KEY/);
		expect(RESTORE_NEEDS_ADMIN_KEY).toMatch(/npm run restore -- FILE/);
		expect(answerOf(() => requireRestoreAdmin(request(), KEY)).status).toBe(401);
		expect(answerOf(() => requireRestoreAdmin(request(`Bearer ${KEY}`), KEY)).status).toBe(200);
	});
});
