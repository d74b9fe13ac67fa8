import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { readJsonBody } from '$lib/server/http-body';
import { decideProtest } from '$lib/server/protests';
import { answer } from '$lib/server/answer';
import { getLive } from '$lib/server/live/live-server';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The organizer decides a protest: upheld (with the correction events that carry it) or rejected, with reasons. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'protests.manage');
	const body = await readJsonBody(request, 16 * 1024, 'a decision');
	const protest = decideProtest(store, params.eventId, params.protestId, body, Date.now());
	getLive().publisher.changed(params.eventId, [protest.competitionId]);
	return answer(API.decideProtest, { protest });
};
