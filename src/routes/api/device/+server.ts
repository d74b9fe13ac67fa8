import { error } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { bearerToken } from '$lib/server/access';
import { claimDevice, DEVICE_TAKEN } from '$lib/server/device-binding';
import { noteContact } from '$lib/server/devices';
import { readJsonBody } from '$lib/server/http-body';
import { authenticate } from '$lib/server/tokens';
import { describeIssues, toIssues } from '$lib/validation';
import { answer } from '$lib/server/answer';
import { API, DeviceClaimSchema } from '$lib/contract';
import type { RequestHandler } from './$types';

const UNAUTHORIZED = 'a valid device token is required (Authorization: Bearer …); it may have been revoked';

/** Who the token belongs to: a device checks its pairing (event, role, name) with it. */
export const GET: RequestHandler = ({ request }) => {
	const store = getStore();
	const device = authenticate(store, bearerToken(request));
	if (!device) error(401, UNAUTHORIZED);
	noteContact(store, device, Date.now());
	return answer(API.device, { device });
};

/**
 * The same, for a tablet pairing with the token (a QR link's): it says which device it is, and a
 * judge's token is bound to that device (src/lib/server/device-binding.ts). 409 when the judge
 * token is another tablet's already.
 */
export const POST: RequestHandler = async ({ request }) => {
	const store = getStore();
	const device = authenticate(store, bearerToken(request));
	if (!device) error(401, UNAUTHORIZED);
	noteContact(store, device, Date.now());
	const claim = DeviceClaimSchema.safeParse(await readJsonBody(request, 1024, 'a device check'));
	if (!claim.success) error(400, `a device check is {"deviceId": "…"}: ${describeIssues(toIssues(claim.error))}`);
	if (!claimDevice(store, device, claim.data.deviceId)) error(409, DEVICE_TAKEN);
	return answer(API.claimDevice, { device });
};
