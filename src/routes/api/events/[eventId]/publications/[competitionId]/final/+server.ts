import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { finalize } from '$lib/server/publications';
import { answer } from '$lib/server/answer';
import { getLive } from '$lib/server/live/live-server';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The organizer makes the latest published version final: the competition's results are locked. */
export const POST: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'results.publish');
	const publication = finalize(store, params.eventId, params.competitionId, Date.now());
	getLive().publisher.changed(params.eventId, [publication.competitionId]);
	return answer(API.finalize, { publication });
};
