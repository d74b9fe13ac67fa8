import { json } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { publicCompetitionResult, versionOf } from '$lib/server/public-results';
import type { RequestHandler } from './$types';

/** No token: one published version of a competition's results (`?version=N`, else the latest). */
export const GET: RequestHandler = ({ params, url }) => {
	const version = versionOf(url);
	return json(publicCompetitionResult(getStore(), params.eventId, params.competitionId, version), { headers: { 'cache-control': 'no-cache' } });
};
