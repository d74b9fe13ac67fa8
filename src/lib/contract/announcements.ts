import { z } from 'zod/mini';

/**
 * The announcement stream (issue 32 #1): the server tells each connected device of its event
 * that new judge events are stored, and the device pulls at once instead of at its next poll.
 * Server-Sent Events (text/event-stream) on the same origin, read with fetch so that the
 * device's token stays in its Authorization header (EventSource cannot send one).
 */

/** What one announcement says: new events exist, up to this cursor, of these competitions. */
export const AnnouncementSchema = z.object({
	/** The server's sequence number of the newest event stored: a device whose pull cursor is there has them. */
	cursor: z.number().check(z.int(), z.minimum(0)),
	/** The competitions the new events belong to: a device that pulls some competitions only may skip the rest. */
	competitions: z.array(z.string())
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

/** The SSE event name of an announcement (its data: one AnnouncementSchema as JSON). */
export const ANNOUNCEMENT_EVENT = 'events';
/** The SSE event the stream opens with, so that a device knows it is connected (its data: `{}`). */
export const STREAM_OPEN_EVENT = 'open';
/** An idle stream gets a comment this often, so that proxies and NATs keep the connection open. */
export const ANNOUNCEMENT_HEARTBEAT_MS = 20_000;
