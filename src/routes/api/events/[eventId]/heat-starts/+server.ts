import { error, json } from '@sveltejs/kit';
import { z } from 'zod/mini';
import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { readJsonBody } from '$lib/server/http-body';
import { heatStartsAfter, startHeat } from '$lib/server/heat-starts';
import type { RequestHandler } from './$types';

const NO_STORE = { 'cache-control': 'no-store' };
const AfterSchema = z.object({ after: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0) });

/** The organizer starts a heat on every tablet at once. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'heats.start');
	const body = await readJsonBody(request, 4096, 'a heat start');
	return json({ start: startHeat(store, device, body, Date.now()) }, { status: 201, headers: NO_STORE });
};

/** The heats started by the organizer after a cursor: tablets waiting to start ask this. */
export const GET: RequestHandler = ({ request, params, url }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'events.pull');
	const query = AfterSchema.safeParse(Object.fromEntries(url.searchParams));
	if (!query.success) error(400, `after: ${query.error.issues[0]?.message}`);
	return json({ starts: heatStartsAfter(store, params.eventId, query.data.after) }, { headers: NO_STORE });
};
