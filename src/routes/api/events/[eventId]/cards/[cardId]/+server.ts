import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { revokeCard } from '$lib/server/table-cards';
import { answer } from '$lib/server/answer';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** Revokes a table card: no tablet pairs with it any more (the tokens it gave stay, each revocable as a device). */
export const DELETE: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'devices.manage');
	return answer(API.revokeCard, { card: revokeCard(store, params.eventId, params.cardId, Date.now()) });
};
