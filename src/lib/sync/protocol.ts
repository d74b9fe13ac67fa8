import { z } from 'zod/mini';
import '$lib/zod-locale';
import type { JudgeEvent } from '$lib/events/schema';

/**
 * The sync protocol between devices and the server, shared by both sides:
 * - push: POST /api/events/{eventId}/judge-events with `{ events: [...] }`; each event is
 *   judged on its own (stored, already there, a conflict, or refused with its reason), so
 *   one bad event never costs the others. Repeating a push is harmless.
 * - pull: GET /api/events/{eventId}/judge-events?after={cursor}&limit={n}: the event's judge
 *   events in the server's arrival order after `cursor`, and the cursor to ask from next.
 */

/**
 * At most this many events in one push, and this many bytes of JSON (else 413): the body
 * limit of adapter-node's default BODY_SIZE_LIMIT (512 KiB), which holds about 1,500 events.
 */
export const MAX_PUSH_EVENTS = 1000;
export const MAX_PUSH_BYTES = 512 * 1024;
/** A pull page holds at most this many events. */
export const MAX_PULL_LIMIT = 5000;

export const PushRequestSchema = z.object({
	events: z.array(z.unknown()).check(z.maxLength(MAX_PUSH_EVENTS, `at most ${MAX_PUSH_EVENTS} events in one push`))
});

export interface PushResponse {
	/** Newly stored, with the server's sequence number. */
	stored: { id: string; serverSeq: number }[];
	/** Already stored with the same content: a repeated push. */
	duplicates: string[];
	/** The same ID with other content, or a device's sequence number taken by another event: not stored. */
	conflicts: string[];
	/** Not stored, and why: by position in the pushed list (and ID when it has one). */
	refused: { index: number; id: string | null; reason: string }[];
}

export const PullQuerySchema = z.object({
	after: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0),
	limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_PULL_LIMIT)), 1000)
});

export interface PullResponse {
	events: JudgeEvent[];
	/** Ask from here next time. */
	cursor: number;
	/** More events wait after this page. */
	more: boolean;
}
