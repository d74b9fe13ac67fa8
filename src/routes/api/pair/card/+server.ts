import { error, json } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { readJsonBody } from '$lib/server/http-body';
import { attemptCardPairing } from '$lib/server/pairing';
import { clientAddress, pairingGuard } from '$lib/server/pairing-guard';
import { answer } from '$lib/server/answer';
import { API, CardPairRequestSchema, type ErrorBody } from '$lib/contract';
import type { RequestHandler } from './$types';

/**
 * A tablet scanned a table card: a judge token of its own, bound to it and scoped to the card's
 * heat, and where it lands (src/lib/server/table-cards.ts). No token needed: the card's 256-bit
 * secret is the credential. 404 for an unknown card, 410 for a revoked or expired one. Wrong
 * secrets are throttled as wrong pairing codes are, by the same guard (per address and per event:
 * 429 with Retry-After), and count in the organizer's failed pairing attempts (issue 29 #6,
 * src/lib/server/pairing-guard.ts).
 */
export const POST: RequestHandler = async ({ request, getClientAddress }) => {
	const body = CardPairRequestSchema.safeParse(await readJsonBody(request, 1024, 'a card pairing'));
	if (!body.success) error(400, 'a card pairing is {"card": "…", "deviceId": "…"} (the card link\'s secret, the tablet\'s device ID)');
	const attempt = attemptCardPairing(getStore(), pairingGuard, { secret: body.data.card, address: clientAddress(getClientAddress), deviceId: body.data.deviceId, now: Date.now() });
	if (!attempt.ok && attempt.status === 429) {
		const seconds = Math.max(1, Math.ceil(attempt.retryAfterMs / 1000));
		const refused: ErrorBody = { message: `too many wrong table cards: wait ${seconds} s, then scan the card again` };
		return json(refused, { status: 429, headers: { 'retry-after': String(seconds), 'cache-control': 'no-store' } });
	}
	if (!attempt.ok) error(attempt.status, attempt.message);
	return answer(API.pairCard, attempt.paired);
};
