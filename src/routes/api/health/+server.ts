import { json } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import type { RequestHandler } from './$types';

/** Liveness and store check: {ok: true} once the database answers. */
export const GET: RequestHandler = () => {
	try {
		getStore().db.prepare('SELECT 1').get();
	} catch (e) {
		console.error('health check failed:', e);
		return json({ ok: false, error: 'store unavailable' }, { status: 503, headers: { 'cache-control': 'no-store' } });
	}
	return json({ ok: true }, { headers: { 'cache-control': 'no-store' } });
};
