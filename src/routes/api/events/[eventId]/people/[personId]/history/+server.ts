import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { answer } from '$lib/server/answer';
import { personHistory } from '$lib/server/register';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** Every change to the person and their registrations: who, when, what. */
export const GET: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'register.manage');
	return answer(API.personHistory, { changes: personHistory(store, params.eventId, params.personId) });
};
