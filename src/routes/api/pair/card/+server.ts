import { error } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { readJsonBody } from '$lib/server/http-body';
import { redeemCard } from '$lib/server/table-cards';
import { answer } from '$lib/server/answer';
import { API, CardPairRequestSchema } from '$lib/sync/contract';
import type { RequestHandler } from './$types';

/**
 * A tablet scanned a table card: a judge token of its own, bound to it and scoped to the card's
 * heat, and where it lands (src/lib/server/table-cards.ts). No token needed: the card's 256-bit
 * secret is the credential. 404 for an unknown card, 410 for a revoked or expired one.
 */
export const POST: RequestHandler = async ({ request }) => {
	const body = CardPairRequestSchema.safeParse(await readJsonBody(request, 1024, 'a card pairing'));
	if (!body.success) error(400, 'a card pairing is {"card": "…", "deviceId": "…"} (the card link\'s secret, the tablet\'s device ID)');
	const result = redeemCard(getStore(), body.data.card, body.data.deviceId, Date.now());
	if (!result.ok) error(result.status, result.message);
	return answer(API.pairCard, result.paired);
};
