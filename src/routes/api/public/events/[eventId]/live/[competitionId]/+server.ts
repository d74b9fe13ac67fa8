import { getLive, liveResponse } from '$lib/server/live/live-server';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/**
 * No token: one competition shown live (docs/live.md), worked out at most once a second for all
 * its viewers; `?v=` (the version a live announcement named) only makes the address new.
 */
export const GET: RequestHandler = ({ request, params }) =>
	liveResponse(request, getLive().cache.read(params.eventId, params.competitionId, Date.now()), API.liveCompetition.cache);
