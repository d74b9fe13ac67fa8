import { json } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { publicResults } from '$lib/server/public-results';
import type { RequestHandler } from './$types';

/** No token: the event's published competitions, the latest version of each with the list of versions. */
export const GET: RequestHandler = ({ params }) =>
	json(publicResults(getStore(), params.eventId), { headers: { 'cache-control': 'no-cache' } });
