import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { readJsonBody } from '$lib/server/http-body';
import { publishRequest } from '$lib/server/publications';
import { answer } from '$lib/server/answer';
import { getLive } from '$lib/server/live/live-server';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The organizer publishes a competition's standings as they are now: its next version. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'results.publish');
	const body = await readJsonBody(request, 4096, 'a publication');
	const publication = publishRequest(store, params.eventId, body, Date.now());
	getLive().publisher.changed(params.eventId, [publication.competitionId]);
	return answer(API.publish, { publication });
};
