import { getStore } from '$lib/server/db';
import { publicCompetitionResult, versionOf } from '$lib/server/public-results';
import { answer } from '$lib/server/answer';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** No token: one published version of a competition's results (`?version=N`, else the latest). */
export const GET: RequestHandler = ({ params, url }) => {
	const version = versionOf(url);
	return answer(API.publicCompetition, publicCompetitionResult(getStore(), params.eventId, params.competitionId, version));
};
