import { error, json } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { bearerToken } from '$lib/server/access';
import { authenticate } from '$lib/server/tokens';
import type { RequestHandler } from './$types';

/** Who the token belongs to: a device checks its pairing (event, role, name) with it. */
export const GET: RequestHandler = ({ request }) => {
	const device = authenticate(getStore(), bearerToken(request));
	if (!device) error(401, 'a valid device token is required (Authorization: Bearer …); it may have been revoked');
	return json({ device }, { headers: { 'cache-control': 'no-store' } });
};
