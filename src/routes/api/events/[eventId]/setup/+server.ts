import { error } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { noteDisplayMode } from '$lib/server/devices';
import { readJsonBody } from '$lib/server/http-body';
import { eventSetup, saveOrganizerSetup } from '$lib/server/organizer-setup';
import { answer } from '$lib/server/answer';
import { setupForRole } from '$lib/server/setup-for-role';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** Everything a device needs to judge the event; dates of birth for the organizer only. */
export const GET: RequestHandler = ({ request, params }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'setup.read');
	// Every sync reads the set-up (a judge tablet that follows no competition yet pulls no events).
	noteDisplayMode(store, device, request.headers, Date.now());
	const setup = eventSetup(store, params.eventId);
	if (!setup) error(404, `no event "${params.eventId}" on this server`);
	return answer(API.setup, setupForRole(setup, device.role));
};

/** The organizer adds set-up or replaces items by ID, all or nothing. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'setup.write');
	const body = await readJsonBody(request, 8 * 1024 * 1024, 'a set-up');
	return answer(API.writeSetup, saveOrganizerSetup(store, params.eventId, body));
};
