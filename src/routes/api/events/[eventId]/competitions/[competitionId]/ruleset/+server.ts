import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { readJsonBody } from '$lib/server/http-body';
import { reviseCompetitionRuleset } from '$lib/server/event-preparation';
import { answer } from '$lib/server/answer';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** A new version of the competition's ruleset, with a reason; refused once the competition has started (CZ-GEN-CHANGES). */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'event.prepare');
	const body = await readJsonBody(request, 256 * 1024, 'a ruleset change');
	return answer(API.reviseRuleset, reviseCompetitionRuleset(store, device, params.eventId, params.competitionId, body, Date.now()));
};
