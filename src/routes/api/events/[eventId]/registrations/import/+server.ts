import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { answer } from '$lib/server/answer';
import { readJsonBody } from '$lib/server/http-body';
import { importRegistrations } from '$lib/server/register';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The confirmed rows of an imported file, in one transaction; the same rows again change nothing. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'register.manage');
	const body = await readJsonBody(request, 16 * 1024 * 1024, 'an import of registrations');
	return answer(API.importRegistrations, importRegistrations(store, device, params.eventId, body, Date.now()));
};
