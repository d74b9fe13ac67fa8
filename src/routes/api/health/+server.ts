import { json } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { answer } from '$lib/server/answer';
import { API, type HealthFailure } from '$lib/contract';
import type { RequestHandler } from './$types';

/** Liveness and store check: {ok: true} once the database answers. */
export const GET: RequestHandler = () => {
	try {
		getStore().db.prepare('SELECT 1').get();
	} catch (e) {
		console.error('health check failed:', e);
		const failure: HealthFailure = { ok: false, error: 'store unavailable' };
		return json(failure, { status: 503, headers: { 'cache-control': 'no-store' } });
	}
	return answer(API.health, { ok: true });
};
