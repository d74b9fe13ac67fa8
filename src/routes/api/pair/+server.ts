import { error, json } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { readJsonBody } from '$lib/server/http-body';
import { attemptPairing } from '$lib/server/pairing';
import { clientAddress, pairingGuard } from '$lib/server/pairing-guard';
import { answer } from '$lib/server/answer';
import { API, PairRequestSchema, type ErrorBody } from '$lib/contract';
import type { RequestHandler } from './$types';

/**
 * Exchanges a short pairing code for the device's token (one use, 15 minutes), bound to the
 * tablet's device ID when it sends it. Wrong codes are throttled per address and per event:
 * 429 with Retry-After (src/lib/server/pairing-guard.ts).
 */
export const POST: RequestHandler = async ({ request, getClientAddress }) => {
	const body = PairRequestSchema.safeParse(await readJsonBody(request, 1024, 'a pairing request'));
	if (!body.success) error(400, 'a pairing request is {"code": "XXXX-XXXX", "deviceId": "…"} (deviceId: the tablet\'s, optional)');
	const attempt = attemptPairing(getStore(), pairingGuard, { typed: body.data.code, address: clientAddress(getClientAddress), deviceId: body.data.deviceId ?? null, now: Date.now() });
	if (!attempt.ok && attempt.status === 429) {
		const seconds = Math.max(1, Math.ceil(attempt.retryAfterMs / 1000));
		const refused: ErrorBody = { message: `too many wrong pairing codes: wait ${seconds} s, then type the code again` };
		return json(refused, { status: 429, headers: { 'retry-after': String(seconds), 'cache-control': 'no-store' } });
	}
	if (!attempt.ok) error(404, 'this code is unknown, used or expired: ask the organizer for a new one');
	const { device, token } = attempt;
	return answer(API.pair, { eventId: device.eventId, device: { id: device.id, role: device.role, label: device.label }, token });
};

