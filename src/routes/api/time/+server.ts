import { answer } from '$lib/server/answer';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The server's clock for a device's offset estimate (src/lib/sync/clock-offset.ts): never cached. */
export const GET: RequestHandler = () => {
	const receivedAt = Date.now();
	return answer(API.time, { receivedAt, sentAt: Date.now() });
};
