import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { answer } from '$lib/server/answer';
import { readJsonBody } from '$lib/server/http-body';
import { changePerson, personOf, staleConflict } from '$lib/server/register';
import { StaleRecordError } from '$lib/server/register-store';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'register.manage');
	return answer(API.person, { person: personOf(store, params.eventId, params.personId) });
};

/** The person changed from the version it was opened at; 409 with both records when it changed meanwhile. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'register.manage');
	const body = await readJsonBody(request, 64 * 1024, 'a person');
	try {
		return answer(API.changePerson, { person: changePerson(store, device, params.eventId, params.personId, body, Date.now()) });
	} catch (e) {
		if (e instanceof StaleRecordError) return staleConflict(e, (body as { person?: unknown }).person);
		throw e;
	}
};
