import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { answer } from '$lib/server/answer';
import { readJsonBody } from '$lib/server/http-body';
import { createRegistration, registrationsOf } from '$lib/server/register';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The event's registrations, in registration order. */
export const GET: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'register.manage');
	return answer(API.registrations, { registrations: registrationsOf(store, params.eventId) });
};

/** A unit registers: registered, or on the waiting list past the competition's capacity. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'register.manage');
	const body = await readJsonBody(request, 64 * 1024, 'a registration');
	return answer(API.createRegistration, { registration: createRegistration(store, device, params.eventId, body, Date.now()), movedUp: [] });
};
