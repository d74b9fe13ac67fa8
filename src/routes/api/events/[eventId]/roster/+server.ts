import { error } from '@sveltejs/kit';
import { version } from '$app/environment';
import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { rosterAnswer } from '$lib/server/roster';
import { answer } from '$lib/server/answer';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/**
 * The roster: the registrations' names and flags for the devices at the door, the tables and the
 * display (no contact data, no birth dates). A strong ETag: the version of what it is built from
 * (src/lib/server/roster.ts, rosterVersion; the build's version mixed in), worked out without
 * building it; a device that names it in If-None-Match gets 304 and no body (docs/sync.md, The roster).
 */
export const GET: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'roster.read');
	const roster = rosterAnswer(store, params.eventId, request.headers.get('if-none-match'), version);
	if (!roster) error(404, `no event "${params.eventId}" on this server`);
	const headers = { etag: roster.etag };
	if (roster.unchanged) return new Response(null, { status: 304, headers: { ...headers, 'cache-control': API.roster.cache } });
	return answer(API.roster, roster.roster, { headers });
};
