import { json } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { revokeDevice } from '$lib/server/devices';
import type { RequestHandler } from './$types';

/** Revokes a device: its token is refused from now on (the record stays). */
export const DELETE: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'devices.manage');
	return json({ device: revokeDevice(store, params.eventId, params.deviceId, Date.now()) }, { headers: { 'cache-control': 'no-store' } });
};
