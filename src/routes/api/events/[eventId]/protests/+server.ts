import { error } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { readJsonBody } from '$lib/server/http-body';
import { listProtests, recordProtest } from '$lib/server/protests';
import { answer } from '$lib/server/answer';
import { getLive } from '$lib/server/live/live-server';
import { API, ProtestListQuerySchema } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The event's protests (of one competition with `?competitionId=`), oldest first: the organizer's only. */
export const GET: RequestHandler = ({ request, params, url }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'protests.manage');
	const query = ProtestListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
	if (!query.success) error(400, `competitionId: ${query.error.issues[0]?.message}`);
	return answer(API.protests, { protests: listProtests(store, params.eventId, query.data.competitionId) });
};

/** The organizer records a protest during the competition's protest window; the public pages mark its entries. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'protests.manage');
	const body = await readJsonBody(request, 64 * 1024, 'a protest');
	const { protest, created } = recordProtest(store, device, params.eventId, body, Date.now());
	if (created) getLive().publisher.changed(params.eventId, [protest.competitionId]);
	return answer(API.recordProtest, { protest }, { status: created ? 201 : 200 });
};
