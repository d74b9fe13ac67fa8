import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { answer } from '$lib/server/answer';
import { erasePerson } from '$lib/server/register';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The person's personal data erased (their name, registrations and results stay). */
export const POST: RequestHandler = ({ request, params }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'register.manage');
	return answer(API.erasePerson, { person: erasePerson(store, device, params.eventId, params.personId, Date.now()) });
};
