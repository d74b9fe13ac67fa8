import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { readJsonBody } from '$lib/server/http-body';
import { recordMerge } from '$lib/server/competition-merges';
import { answer } from '$lib/server/answer';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The organizer folds a competition set up on a tablet into another of the event (docs/sync.md, Merging competitions). */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'setup.write');
	const body = await readJsonBody(request, 1024 * 1024, 'a merge');
	const { merge, created } = recordMerge(store, device, body, Date.now());
	return answer(API.merge, { merge }, { status: created ? 201 : 200 });
};
