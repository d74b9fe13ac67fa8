import { error } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { readJsonBody } from '$lib/server/http-body';
import { listCards, printCards } from '$lib/server/table-cards';
import { answer } from '$lib/server/answer';
import { describeIssues, toIssues } from '$lib/validation';
import { API, PrintCardsSchema } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The event's table cards (no secrets): heat, table, expiry, revoked or not, tablets paired with each. */
export const GET: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'devices.manage');
	return answer(API.tableCards, { cards: listCards(store, params.eventId) });
};

/**
 * New cards for every seated table of a heat, or only the chosen `tables`, with their pairing
 * links (shown this once); `revokeEarlier` revokes the heat's earlier live cards of those tables
 * in the same step. Only this issues cards: the organizer's cards page lists them with GET.
 */
export const POST: RequestHandler = async ({ request, params, url }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'devices.manage');
	const body = PrintCardsSchema.safeParse(await readJsonBody(request, 32 * 1024, 'a card request'));
	if (!body.success) error(400, `a card request is {"heatId": "…", "tables"?: ["…"], "revokeEarlier"?: true}: ${describeIssues(toIssues(body.error))}`);
	const { heatId, tables, revokeEarlier } = body.data;
	return answer(API.printCards, { cards: printCards(store, params.eventId, heatId, url.origin, Date.now(), { tables, revokeEarlier }) }, { status: 201 });
};
