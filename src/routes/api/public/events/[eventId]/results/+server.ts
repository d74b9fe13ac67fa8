import { getStore } from '$lib/server/db';
import { publicResults } from '$lib/server/public-results';
import { answer } from '$lib/server/answer';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** No token: the event's published competitions, the latest version of each with the list of versions. */
export const GET: RequestHandler = ({ params }) =>
	answer(API.publicResults, publicResults(getStore(), params.eventId));
