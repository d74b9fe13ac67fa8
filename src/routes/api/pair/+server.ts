import { error, json } from '@sveltejs/kit';
import { z } from 'zod/mini';
import { getStore } from '$lib/server/db';
import { readJsonBody } from '$lib/server/http-body';
import { redeemPairingCode } from '$lib/server/pairing';
import type { PairedDevice } from '$lib/sync/protocol';
import type { RequestHandler } from './$types';

const PairRequestSchema = z.object({ code: z.string().check(z.maxLength(40)) });

/** Exchanges a short pairing code for the device's token (one use, 15 minutes). */
export const POST: RequestHandler = async ({ request }) => {
	const body = PairRequestSchema.safeParse(await readJsonBody(request, 1024, 'a pairing request'));
	if (!body.success) error(400, 'a pairing request is {"code": "XXXX-XXXX"}');
	const paired = redeemPairingCode(getStore(), body.data.code, Date.now());
	if (!paired) error(404, 'this code is unknown, used or expired: ask the organizer for a new one');
	const { device, token } = paired;
	const answer: PairedDevice = { eventId: device.eventId, device: { id: device.id, role: device.role, label: device.label }, token };
	return json(answer, { headers: { 'cache-control': 'no-store' } });
};
