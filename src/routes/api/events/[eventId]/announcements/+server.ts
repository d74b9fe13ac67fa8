import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { getAnnouncer } from '$lib/server/live/announcer';
import { announcementStream } from '$lib/server/live/announcement-stream';
import type { RequestHandler } from './$types';

/** The device's announcement stream: told when new judge events of its event are stored (it then pulls). */
export const GET: RequestHandler = ({ request, params }) => {
	const device = requireDevice(getStore(), request, params.eventId, 'events.pull');
	return announcementStream(getAnnouncer(), device.eventId, request.signal);
};
