import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { answer } from '$lib/server/answer';
import { drawRelayTeams, listDraws } from '$lib/server/draws';
import { readJsonBody } from '$lib/server/http-body';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** Every draw of the event, the newest first, superseded ones included (CZ-TEAM-DRAW). */
export const GET: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'draws.manage');
	return answer(API.draws, { draws: listDraws(store, params.eventId) });
};

/** The relay's teams drawn by the server from its register and the seed sent. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'draws.manage');
	const body = await readJsonBody(request, 16 * 1024, 'a draw');
	return answer(API.drawTeams, { draw: drawRelayTeams(store, device, params.eventId, body, Date.now()) });
};
