import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { answer } from '$lib/server/answer';
import { swapTurns } from '$lib/server/draws';
import { readJsonBody } from '$lib/server/http-body';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** Two entries swap turns by agreement (ES-SHIFT); refused once either turn started. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'draws.manage');
	const body = await readJsonBody(request, 4 * 1024, 'a swap');
	return answer(API.swapTurns, { draw: swapTurns(store, device, params.eventId, params.drawId, body, Date.now()) });
};
