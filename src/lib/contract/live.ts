import { z } from 'zod/mini';
import '$lib/zod-locale';
import { IdSchema } from '$lib/setup/schema';
import { PublicEventSchema } from './publications';

/**
 * Live results for the public (docs/live.md): per competition the organizer switches "Show
 * provisional results live" on (off by default); then anyone may read the competition's
 * standings as they stand, each heat's clock and who is still going, without a token. One
 * cacheable resource per competition (ETag, a short public max-age) so that a caching proxy
 * or CDN in front of the server carries a large audience. Names and country only: no contact
 * data, no birth dates, no devices, no reasons in English.
 */

const moment = z.number().check(z.int(), z.minimum(0));
const count = z.number().check(z.int(), z.minimum(0));
const text = (max: number) => z.string().check(z.maxLength(max));

/** POST /api/events/{e}/competitions/{c}/live (organizer): show the competition's provisional results live, or stop. */
export const LiveSettingRequestSchema = z.object({ show: z.boolean() });
export type LiveSettingRequest = z.infer<typeof LiveSettingRequestSchema>;

/** The competition's live setting as stored: `since` the moment it was switched on (server clock), null when off. */
export const LiveSettingSchema = z.object({ competitionId: IdSchema, show: z.boolean(), since: z.nullable(moment) });
export type LiveSetting = z.infer<typeof LiveSettingSchema>;
export const LiveSettingAnswerSchema = z.object({ setting: LiveSettingSchema });

/** The phases of a heat's clock (src/lib/scoring/heat-clock.ts), as the public sees them. */
export const LIVE_HEAT_PHASES = ['waiting', 'preview', 'running', 'all-finished', 'time-up'] as const;
export type LiveHeatPhase = (typeof LIVE_HEAT_PHASES)[number];

/**
 * One heat: its phase and the moments its clock runs from (ms on the recording tablets' clocks,
 * which sync keeps near the server's); a viewer's page runs the clock from them with its own.
 */
export const LiveHeatSchema = z.object({
	id: IdSchema,
	name: text(200),
	phase: z.enum(LIVE_HEAT_PHASES),
	/** When the clocks started (after any preview); null while waiting. */
	startedAt: z.nullable(moment),
	/** When the heat's time limit ends; null without a limit or before the start. */
	limitAt: z.nullable(moment),
	/** When the last seat ended (all-finished). */
	endedAt: z.nullable(moment),
	/** Seats whose clocks still run. */
	stillGoing: count
});
export type LiveHeat = z.infer<typeof LiveHeatSchema>;

/** What a row's result is: a time that ranks, counted pieces, or nothing yet. */
export const LiveResultSchema = z.nullable(
	z.discriminatedUnion('kind', [z.object({ kind: z.literal('time'), ms: z.number().check(z.int()) }), z.object({ kind: z.literal('pieces'), count })])
);
export type LiveResult = z.infer<typeof LiveResultSchema>;

/**
 * Advancement as WCA Live shows it: `through` once no one still going can pass the entry (it
 * advances whatever they do), `edge` while it stands in an advancing place that others may
 * still take; null otherwise, and for a competition that advances no one.
 */
export const LIVE_ADVANCEMENT = ['through', 'edge'] as const;
export type LiveAdvancement = (typeof LIVE_ADVANCEMENT)[number];

export const LIVE_STATUSES = ['not-started', 'preview', 'running', 'paused', 'finished', 'unfinished', 'disqualified', 'did-not-start'] as const;

/** One entry: its place as the standings stand, its result, whether it is still going. */
export const LiveRowSchema = z.object({
	entryId: IdSchema,
	name: text(200),
	/** The members' countries (ISO codes as entered), distinct, in order; empty without one. */
	countries: z.array(text(3)).check(z.maxLength(50)),
	heatId: IdSchema,
	place: z.nullable(z.number().check(z.int(), z.minimum(1))),
	status: z.enum(LIVE_STATUSES),
	result: LiveResultSchema,
	/** Its clock still runs (or its heat has not started yet). */
	stillGoing: z.boolean(),
	/** When its clock started, for a running entry's own clock; null before. */
	startedAt: z.nullable(moment),
	advancement: z.nullable(z.enum(LIVE_ADVANCEMENT)),
	awarded: z.boolean(),
	/** Under protest (issue 33 #3): an open protest names it. Only that mark, present only when true. */
	protest: z.optional(z.literal(true))
});
export type LiveRow = z.infer<typeof LiveRowSchema>;

/** A finish as the latest-finishers list shows it, newest first. */
export const LiveFinishSchema = z.object({ entryId: IdSchema, at: moment });
export type LiveFinish = z.infer<typeof LiveFinishSchema>;

/**
 * `provisional`: the standings as they stand, from the judges' records so far; `published`:
 * the organizer's latest published version (the results page's); `final`: locked.
 */
export const LIVE_STATES = ['provisional', 'published', 'final'] as const;
export type LiveState = (typeof LIVE_STATES)[number];

/** GET /api/public/events/{e}/live/{c} (no token; 404 when the competition is not shown live). */
export const LiveCompetitionSchema = z.object({
	event: PublicEventSchema,
	competition: z.object({ id: IdSchema, name: text(200) }),
	timeResolution: z.enum(['ms', 'second-truncated']),
	state: z.enum(LIVE_STATES),
	/** The published version shown (state published or final); null while provisional. */
	version: z.nullable(z.number().check(z.int(), z.minimum(1))),
	/** Who goes on: `count` best overall or per heat, to the named competition; null when no one advances. */
	advancement: z.nullable(z.object({ mode: z.enum(['overall', 'per-heat']), count: z.number().check(z.int(), z.minimum(1)), to: text(200) })),
	heats: z.array(LiveHeatSchema).check(z.maxLength(1000)),
	rows: z.array(LiveRowSchema).check(z.maxLength(50_000)),
	/** The latest finishes, newest first (at most 10). */
	latest: z.array(LiveFinishSchema).check(z.maxLength(10))
});
export type LiveCompetition = z.infer<typeof LiveCompetitionSchema>;

/** GET /api/public/events/{e}/live (no token): the event and its competitions shown live, in set-up order. */
export const LiveEventSchema = z.object({
	event: PublicEventSchema,
	competitions: z.array(z.object({ id: IdSchema, name: text(200) })).check(z.maxLength(1000))
});
export type LiveEvent = z.infer<typeof LiveEventSchema>;

/**
 * The public live resources' cache rule: any cache may keep them for a second and serve them a
 * little longer while it asks again, so that a proxy or CDN asks the origin about once a second
 * per competition however many viewers there are.
 */
export const LIVE_CACHE_CONTROL = 'public, max-age=1, stale-while-revalidate=2';

/** How often a viewer's page asks again while the live stream is down (a cache in front answers most of them). */
export const LIVE_REFRESH_MS = 2_000;

/**
 * GET /api/public/events/{e}/live-announcements (no token, text/event-stream): one message
 * (event `live`) each time a live competition's resource changes, with its new ETag; the page
 * then reads `…/live/{c}?v={etag}` (a new address per version, so that no cache serves the old
 * one), unless the message carries the change itself and the page holds the version it applies to. An `open` message first, a comment as heartbeat, as the devices' announcements.
 */
export const LiveAnnouncementSchema = z.object({
	competitionId: IdSchema,
	etag: text(100),
	/**
	 * The change itself, when it is small (a finish, a mark): the version it applies to (`base`),
	 * the rows that changed, and the heats and latest finishes as they are now. A page holding
	 * `base` applies it (src/lib/contract/live-change.ts) and holds `etag` without a read; the
	 * server sends it only when applying it to `base` gives exactly the new version.
	 */
	base: z.optional(text(100)),
	rows: z.optional(z.array(LiveRowSchema).check(z.maxLength(20))),
	heats: z.optional(z.array(LiveHeatSchema).check(z.maxLength(1000))),
	latest: z.optional(z.array(LiveFinishSchema).check(z.maxLength(10)))
});
export type LiveAnnouncement = z.infer<typeof LiveAnnouncementSchema>;
export const LIVE_ANNOUNCEMENT_EVENT = 'live';

/** `?v=`: the version a live announcement named (only makes the address new; the latest is answered). */
export const LiveVersionQuerySchema = z.object({ v: z.optional(text(100)) });
