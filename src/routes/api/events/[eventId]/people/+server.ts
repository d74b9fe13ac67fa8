import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { answer } from '$lib/server/answer';
import { readJsonBody } from '$lib/server/http-body';
import { createPerson, peopleOf } from '$lib/server/register';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The people of the event's register, contact data included (the organizer's only). */
export const GET: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'register.manage');
	return answer(API.people, { people: peopleOf(store, params.eventId) });
};

/** A person joins the register. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'register.manage');
	const body = await readJsonBody(request, 64 * 1024, 'a person');
	return answer(API.createPerson, { person: createPerson(store, device, params.eventId, body, Date.now()) });
};
