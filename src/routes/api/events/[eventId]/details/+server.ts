import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { readJsonBody } from '$lib/server/http-body';
import { saveEventDetails } from '$lib/server/event-preparation';
import { answer } from '$lib/server/answer';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The event's name, date, venue, language and currency. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'event.prepare');
	const body = await readJsonBody(request, 16 * 1024, "the event's details");
	return answer(API.eventDetails, { event: saveEventDetails(store, params.eventId, body) });
};
