import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { answer } from '$lib/server/answer';
import { registerOf } from '$lib/server/register';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** Everything the organizer's screens of the register need: people, registrations, unit problems, fee totals. */
export const GET: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'register.manage');
	return answer(API.register, registerOf(store, params.eventId));
};
