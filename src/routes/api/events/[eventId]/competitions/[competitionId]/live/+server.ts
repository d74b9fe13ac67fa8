import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { readJsonBody } from '$lib/server/http-body';
import { setLive } from '$lib/server/live/live-settings';
import { getLive } from '$lib/server/live/live-server';
import { answer } from '$lib/server/answer';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The organizer shows the competition's provisional results live to the public, or stops (docs/live.md). */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'event.prepare');
	const body = await readJsonBody(request, 1024, 'a live setting');
	const setting = setLive(store, params.eventId, params.competitionId, body, Date.now());
	if (setting.show) getLive().publisher.changed(params.eventId, [setting.competitionId]);
	else getLive().publisher.switchedOff(params.eventId, setting.competitionId);
	return answer(API.setLive, { setting });
};
