import { z } from 'zod/mini';
import '$lib/zod-locale';
import { IdSchema } from '$lib/setup/schema';

/**
 * Push and pull of judge events (docs/sync.md):
 * - push: POST /api/events/{eventId}/judge-events with `{ events: [...] }`; each event is
 *   judged on its own (stored, already there, a conflict, or refused with its reason), so
 *   one bad event never costs the others. Repeating a push is harmless.
 * - pull: GET /api/events/{eventId}/judge-events?after={cursor}&limit={n}: the event's judge
 *   events in the server's arrival order after `cursor`, the cursor to ask from next, and the
 *   identity of the store the cursor counts in. With `&competitions={id},{id}` (a scope), only
 *   the events of those competitions: the same events, order and cursors as the full pull
 *   filtered to them (a judge tablet pulls its own competitions, the organizer all).
 * The events of both are JudgeEvents ($lib/events/schema), checked one by one by whoever reads
 * them: an event that is not valid is refused (push) or set aside (pull), never the whole body.
 */

/**
 * At most this many events in one push, and this many bytes of JSON (else 413): the body
 * limit of adapter-node's default BODY_SIZE_LIMIT (512 KiB), which holds about 1,500 events.
 */
export const MAX_PUSH_EVENTS = 1000;
export const MAX_PUSH_BYTES = 512 * 1024;
/** A pull page holds at most this many events. */
export const MAX_PULL_LIMIT = 5000;

/** The device's latest clock-offset estimate (server − device, ms), kept per device for the organizer. */
export const ClockReportSchema = z.object({
	offsetMs: z.number().check(z.minimum(-1e12), z.maximum(1e12)),
	roundTripMs: z.number().check(z.minimum(0), z.maximum(3_600_000)),
	measuredAt: z.number().check(z.int(), z.minimum(0), z.maximum(8_640_000_000_000))
});
export type ClockReport = z.infer<typeof ClockReportSchema>;

/**
 * Set-up that a judge made on the tablet (quick set-up) and that its pushed events refer to:
 * rulesets, competitions, heats and entries ($lib/setup/schema). Items are checked one by one on
 * the server (a competition the server knows is never changed).
 */
export const PushedSetupSchema = z.object({
	rulesets: z._default(z.array(z.unknown()).check(z.maxLength(100)), []),
	competitions: z._default(z.array(z.unknown()).check(z.maxLength(100)), []),
	heats: z._default(z.array(z.unknown()).check(z.maxLength(1000)), []),
	entries: z._default(z.array(z.unknown()).check(z.maxLength(10_000)), [])
});
export type PushedSetup = z.infer<typeof PushedSetupSchema>;

export const PushRequestSchema = z.object({
	events: z.array(z.unknown()).check(z.maxLength(MAX_PUSH_EVENTS, `at most ${MAX_PUSH_EVENTS} events in one push`)),
	setup: z.optional(PushedSetupSchema),
	clock: z.optional(ClockReportSchema)
});
/** What a device sends (its events and set-up typed where it builds them). */
export type PushRequest = z.input<typeof PushRequestSchema>;

/** A pushed set-up item not taken, or a pushed event refused, and why. */
const refusal = { id: z.nullable(z.string()), reason: z.string() };

export const PushResponseSchema = z.object({
	/** Newly stored, with the server's sequence number. */
	stored: z.array(z.object({ id: z.string(), serverSeq: z.number() })),
	/** Already stored with the same content: a repeated push. */
	duplicates: z.array(z.string()),
	/** The same ID with other content, or a device's sequence number taken by another event: not stored. */
	conflicts: z.array(z.string()),
	/** Not stored, and why: by position in the pushed list (and ID when it has one). */
	refused: z.array(z.object({ index: z.number().check(z.int(), z.minimum(0)), ...refusal })),
	/** Competitions of the pushed set-up that the server added to the event (new ones only). */
	setupAdded: z.optional(z.array(z.string())),
	/** Pushed set-up not taken, and why (e.g. a ruleset version stored with other content). */
	setupRefused: z.optional(z.array(z.object(refusal)))
});
export type PushResponse = z.infer<typeof PushResponseSchema>;

/** A scoped pull names at most this many competitions. */
export const MAX_PULL_SCOPE = 50;

/** A pull's scope in the query: competition IDs joined by commas (an ID holds no comma), none twice. */
export const PullScopeSchema = z.pipe(
	z.pipe(
		z.string().check(z.maxLength(MAX_PULL_SCOPE * 65)),
		z.transform((s) => s.split(','))
	),
	z.array(IdSchema).check(
		z.minLength(1),
		z.maxLength(MAX_PULL_SCOPE, `at most ${MAX_PULL_SCOPE} competitions in one pull`),
		z.refine((ids) => new Set(ids).size === ids.length, 'a competition named twice')
	)
);

export const PullQuerySchema = z.object({
	after: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0),
	limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_PULL_LIMIT)), 1000),
	/** Absent: every competition of the event (the organizer's pull). */
	competitions: z.optional(PullScopeSchema)
});
/** A pull's query as the device writes it (the scope already joined by commas). */
export type PullQuery = z.input<typeof PullQuerySchema>;

/** The query value of a scope: its IDs joined by commas. */
export function pullScopeParam(competitionIds: readonly string[]): string {
	return competitionIds.join(',');
}

export const PullResponseSchema = z.object({
	/** JudgeEvents, each checked where it is used. */
	events: z.array(z.unknown()),
	/** Ask from here next time. */
	cursor: z.number().check(z.int(), z.minimum(0)),
	/** More events wait after this page. */
	more: z.boolean(),
	/**
	 * The identity of the server's store, made with its data directory and never restored from a
	 * backup: cursors count in one store only. A device keeps it with its cursor and, when it
	 * changes (the server was restored into another data directory), pulls again from 0 (pulls
	 * are idempotent). Absent from servers older than 5 Dec 2026.
	 */
	store: z.optional(z.string().check(z.minLength(1), z.maxLength(64)))
});
export type PullResponse = z.infer<typeof PullResponseSchema>;
