import { error } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { readJsonBody } from '$lib/server/http-body';
import { heatStartsAfter, startHeat } from '$lib/server/heat-starts';
import { answer } from '$lib/server/answer';
import { API, HeatStartsQuerySchema } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The organizer starts a heat on every tablet at once. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'heats.start');
	const body = await readJsonBody(request, 4096, 'a heat start');
	return answer(API.startHeat, { start: startHeat(store, device, body, Date.now()) });
};

/** The heats started by the organizer after a cursor: tablets waiting to start ask this. */
export const GET: RequestHandler = ({ request, params, url }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'events.pull');
	const query = HeatStartsQuerySchema.safeParse(Object.fromEntries(url.searchParams));
	if (!query.success) error(400, `after: ${query.error.issues[0]?.message}`);
	return answer(API.heatStarts, { starts: heatStartsAfter(store, params.eventId, query.data.after) });
};
