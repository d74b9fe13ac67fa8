import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { addDevice, listDevices } from '$lib/server/devices';
import { readJsonBody } from '$lib/server/http-body';
import { pairingGuard } from '$lib/server/pairing-guard';
import { answer } from '$lib/server/answer';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The event's devices (role, name, last contact, clock offset, revoked or not) and failed pairing attempts. */
export const GET: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'devices.manage');
	return answer(API.devices, { devices: listDevices(store, params.eventId), pairingFailures: pairingGuard.failuresOf(params.eventId) });
};

/** Adds a device: its token (for the QR code) and a short pairing code, shown this once. */
export const POST: RequestHandler = async ({ request, params, url }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'devices.manage');
	const body = await readJsonBody(request, 16 * 1024, 'a new device');
	return answer(API.addDevice, addDevice(store, params.eventId, body, url.origin, Date.now()));
};
