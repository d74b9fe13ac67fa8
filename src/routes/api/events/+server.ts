import { getStore } from '$lib/server/db';
import { requireAdmin } from '$lib/server/admin';
import { createEvent } from '$lib/server/event-admin';
import { readJsonBody } from '$lib/server/http-body';
import { answer } from '$lib/server/answer';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** Creates an event; the answer holds its organizer key, shown this once. */
export const POST: RequestHandler = async ({ request }) => {
	requireAdmin(request);
	const body = await readJsonBody(request, 64 * 1024, 'a new event');
	return answer(API.createEvent, createEvent(getStore(), body, Date.now()));
};
