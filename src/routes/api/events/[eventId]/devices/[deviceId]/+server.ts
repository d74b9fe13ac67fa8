import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { revokeDevice } from '$lib/server/devices';
import { answer } from '$lib/server/answer';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** Revokes a device: its token is refused from now on (the record stays). */
export const DELETE: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'devices.manage');
	return answer(API.revokeDevice, { device: revokeDevice(store, params.eventId, params.deviceId, Date.now()) });
};
