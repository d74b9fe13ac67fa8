import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { readJsonBody } from '$lib/server/http-body';
import { addCompetition } from '$lib/server/event-preparation';
import { answer } from '$lib/server/answer';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** A competition from a rule preset. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'event.prepare');
	const body = await readJsonBody(request, 16 * 1024, 'a competition');
	return answer(API.addCompetition, addCompetition(store, params.eventId, body));
};
