import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { answer } from '$lib/server/answer';
import { drawTurns } from '$lib/server/draws';
import { readJsonBody } from '$lib/server/http-body';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The turns by lot (ES-SHIFT), drawn by the server from its register and the seed sent. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'draws.manage');
	const body = await readJsonBody(request, 16 * 1024, 'a draw of turns');
	return answer(API.drawTurns, { draw: drawTurns(store, device, params.eventId, body, Date.now()) });
};
