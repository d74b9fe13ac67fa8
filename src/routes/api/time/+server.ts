import { json } from '@sveltejs/kit';
import type { TimeResponse } from '$lib/sync/clock-offset';
import type { RequestHandler } from './$types';

/** The server's clock for a device's offset estimate (src/lib/sync/clock-offset.ts): never cached. */
export const GET: RequestHandler = () => {
	const receivedAt = Date.now();
	const body: TimeResponse = { receivedAt, sentAt: Date.now() };
	return json(body, { headers: { 'cache-control': 'no-store' } });
};
