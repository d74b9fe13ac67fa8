import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { readJsonBody } from '$lib/server/http-body';
import { addHeat } from '$lib/server/event-preparation';
import { answer } from '$lib/server/answer';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** A new heat (turn) of the competition. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'event.prepare');
	const body = await readJsonBody(request, 4096, 'a heat');
	return answer(API.addHeat, { heat: addHeat(store, params.eventId, params.competitionId, body) });
};
