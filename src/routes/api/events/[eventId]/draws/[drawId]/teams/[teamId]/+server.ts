import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { answer } from '$lib/server/answer';
import { renameDrawnTeam } from '$lib/server/draws';
import { readJsonBody } from '$lib/server/http-body';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** A drawn team renamed (recorded on the draw; the relay's entry follows). */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'draws.manage');
	const body = await readJsonBody(request, 4 * 1024, 'a team name');
	return answer(API.renameTeam, { draw: renameDrawnTeam(store, device, params.eventId, params.drawId, params.teamId, body, Date.now()) });
};
