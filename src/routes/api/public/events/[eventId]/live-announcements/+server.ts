import { error } from '@sveltejs/kit';
import { LIVE_ANNOUNCEMENT_EVENT, type LiveAnnouncement } from '$lib/contract';
import { getStore } from '$lib/server/db';
import { sseMessage, sseStream } from '$lib/server/live/announcement-stream';
import { getLive } from '$lib/server/live/live-server';
import { publicEvent } from '$lib/server/public-results';
import type { RequestHandler } from './$types';

/** More public streams than this at once, and a new one is refused (a CDN or the poll then serves the audience). */
const MAX_VIEWER_STREAMS = 20_000;

/** No token: a stream telling the event's live pages which competition changed, and its new ETag (docs/live.md). */
export const GET: RequestHandler = ({ request, params }) => {
	const event = publicEvent(getStore(), params.eventId);
	const { publisher } = getLive();
	if (publisher.viewers.listening() >= MAX_VIEWER_STREAMS) error(503, 'too many live viewers on this server: the page reads the results every few seconds instead');
	return sseStream((send) => publisher.subscribe(event.id, (a: LiveAnnouncement) => send(sseMessage(LIVE_ANNOUNCEMENT_EVENT, a))), request.signal);
};
