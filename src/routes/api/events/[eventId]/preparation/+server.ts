import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { preparation } from '$lib/server/event-preparation';
import { answer } from '$lib/server/answer';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The event screen's data: details, competitions with their rulesets, starts, ruleset history and heats. */
export const GET: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'event.prepare');
	return answer(API.preparation, preparation(store, params.eventId));
};
