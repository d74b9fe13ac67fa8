import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { entryAudit } from '$lib/server/entry-audit';
import { answer } from '$lib/server/answer';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The entry's audit trail: its events and their corrections, each with how it reached the server. */
export const GET: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'events.audit');
	return answer(API.entryAudit, entryAudit(store, params.eventId, params.entryId));
};
