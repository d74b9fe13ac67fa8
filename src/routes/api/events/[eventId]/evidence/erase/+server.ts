import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { answer } from '$lib/server/answer';
import { eraseEvidence } from '$lib/server/evidence';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** Erases the event's photos now (the organizer's decision; the retention does it by itself later). */
export const POST: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'evidence.manage');
	return answer(API.eraseEvidence, eraseEvidence(store, params.eventId, Date.now()));
};
