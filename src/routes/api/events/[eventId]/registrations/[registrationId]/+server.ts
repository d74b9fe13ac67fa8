import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { answer } from '$lib/server/answer';
import { readJsonBody } from '$lib/server/http-body';
import { actOnRegistration, staleConflict } from '$lib/server/register';
import { StaleRecordError } from '$lib/server/register-store';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** A registration changed, paid or cancelled; 409 with both records when it changed meanwhile. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'register.manage');
	const body = await readJsonBody(request, 64 * 1024, 'a change of a registration');
	try {
		return answer(API.actOnRegistration, actOnRegistration(store, device, params.eventId, params.registrationId, body, Date.now()));
	} catch (e) {
		if (e instanceof StaleRecordError) return staleConflict(e, body);
		throw e;
	}
};
