import { error } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { eventRoster } from '$lib/server/roster';
import { answer } from '$lib/server/answer';
import { API } from '$lib/sync/contract';
import type { RequestHandler } from './$types';

/** The roster: the registrations' names and flags for the devices at the door, the tables and the display (no contact data, no birth dates). */
export const GET: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'roster.read');
	const roster = eventRoster(store, params.eventId);
	if (!roster) error(404, `no event "${params.eventId}" on this server`);
	return answer(API.roster, roster);
};
