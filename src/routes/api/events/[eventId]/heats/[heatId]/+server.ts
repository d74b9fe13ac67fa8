import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { readJsonBody } from '$lib/server/http-body';
import { removeHeat, renameHeat } from '$lib/server/event-preparation';
import { answer } from '$lib/server/answer';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The heat's new name. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'event.prepare');
	const body = await readJsonBody(request, 4096, "a heat's name");
	return answer(API.renameHeat, { heat: renameHeat(store, params.eventId, params.heatId, body) });
};

/** Removes the heat while it is empty (no entries, no judge events, never started). */
export const DELETE: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'event.prepare');
	return answer(API.removeHeat, { heat: removeHeat(store, params.eventId, params.heatId) });
};
