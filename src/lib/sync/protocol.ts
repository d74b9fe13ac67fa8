import { z } from 'zod/mini';
import '$lib/zod-locale';
import type { JudgeEvent } from '$lib/events/schema';
import {
	CompetitionMergeSchema,
	CompetitionSchema,
	EntrySchema,
	EventSchema,
	HeatSchema,
	IdSchema,
	RulesetSchema,
	type Competition,
	type CompetitionEvent,
	type CompetitionMerge,
	type Entry,
	type Heat
} from '$lib/setup/schema';
import type { Ruleset } from '$lib/rules/schema';

/**
 * The sync protocol between devices and the server, shared by both sides (docs/sync.md):
 * - push: POST /api/events/{eventId}/judge-events with `{ events: [...] }`; each event is
 *   judged on its own (stored, already there, a conflict, or refused with its reason), so
 *   one bad event never costs the others. Repeating a push is harmless.
 * - pull: GET /api/events/{eventId}/judge-events?after={cursor}&limit={n}: the event's judge
 *   events in the server's arrival order after `cursor`, the cursor to ask from next, and the
 *   identity of the store the cursor counts in.
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
 * Set-up that a judge made on the tablet (quick set-up) and that its pushed events refer to.
 * Items are checked one by one on the server (a competition the server knows is never changed).
 */
export const PushedSetupSchema = z.object({
	rulesets: z._default(z.array(z.unknown()).check(z.maxLength(100)), []),
	competitions: z._default(z.array(z.unknown()).check(z.maxLength(100)), []),
	heats: z._default(z.array(z.unknown()).check(z.maxLength(1000)), []),
	entries: z._default(z.array(z.unknown()).check(z.maxLength(10_000)), [])
});

export const PushRequestSchema = z.object({
	events: z.array(z.unknown()).check(z.maxLength(MAX_PUSH_EVENTS, `at most ${MAX_PUSH_EVENTS} events in one push`)),
	setup: z.optional(PushedSetupSchema),
	clock: z.optional(ClockReportSchema)
});
export type PushRequest = {
	events: JudgeEvent[];
	setup?: { rulesets?: Ruleset[]; competitions?: Competition[]; heats?: Heat[]; entries?: Entry[] };
	clock?: ClockReport;
};

export interface PushResponse {
	/** Newly stored, with the server's sequence number. */
	stored: { id: string; serverSeq: number }[];
	/** Already stored with the same content: a repeated push. */
	duplicates: string[];
	/** The same ID with other content, or a device's sequence number taken by another event: not stored. */
	conflicts: string[];
	/** Not stored, and why: by position in the pushed list (and ID when it has one). */
	refused: { index: number; id: string | null; reason: string }[];
	/** Competitions of the pushed set-up that the server added to the event (new ones only). */
	setupAdded?: string[];
	/** Pushed set-up not taken, and why (e.g. a ruleset version stored with other content). */
	setupRefused?: { id: string | null; reason: string }[];
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
	/**
	 * The identity of the server's store, made with its data directory and never restored from a
	 * backup: cursors count in one store only. A device keeps it with its cursor and, when it
	 * changes (the server was restored into another data directory), pulls again from 0 (pulls
	 * are idempotent). Absent from servers older than 5 Dec 2026.
	 */
	store?: string;
}

/** GET /api/events/{e}/setup: everything a device needs to judge the event. */
export const SetupResponseSchema = z.object({
	event: EventSchema,
	rulesets: z.array(RulesetSchema),
	competitions: z.array(CompetitionSchema),
	heats: z.array(HeatSchema),
	entries: z.array(EntrySchema),
	/** Competitions the organizer merged (none from a server older than merges). */
	merges: z._default(z.array(CompetitionMergeSchema), []),
	/** The competitions a judge set up on a tablet (quick set-up): the ones that may be folded into another. */
	deviceCompetitionIds: z._default(z.array(IdSchema), [])
});
export interface SetupResponse {
	event: CompetitionEvent;
	rulesets: Ruleset[];
	competitions: Competition[];
	heats: Heat[];
	entries: Entry[];
	merges?: CompetitionMerge[];
	deviceCompetitionIds?: string[];
}

/**
 * POST /api/pair: a short code, and the tablet's device ID (the `deviceId` of the events it
 * records), which the token is bound to (src/lib/server/device-binding.ts). Apps before the
 * binding sent no device ID: the token is then bound by its first push.
 */
export const PairRequestSchema = z.object({ code: z.string().check(z.maxLength(40)), deviceId: z.optional(IdSchema) });
export type PairRequest = z.infer<typeof PairRequestSchema>;

/** POST /api/device: the tablet pairing with a QR link's token says which device it is. */
export const DeviceClaimSchema = z.object({ deviceId: IdSchema });

/** Answers of POST /api/events and POST /api/pair: the device's token, shown once. */
export const PairedDeviceSchema = z.object({
	eventId: z.string(),
	device: z.object({ id: z.string(), role: z.enum(['organizer', 'judge', 'display']), label: z.string() }),
	token: z.string().check(z.minLength(20), z.maxLength(200))
});
export type PairedDevice = z.infer<typeof PairedDeviceSchema>;

/** What a device keeps about its pairing: where the server is, which event, its token. */
export const PairingSchema = z.object({
	server: z.string().check(z.url()),
	eventId: z.string().check(z.minLength(1), z.maxLength(64)),
	role: z.enum(['organizer', 'judge', 'display']),
	deviceLabel: z.string().check(z.maxLength(120)),
	token: z.string().check(z.minLength(20), z.maxLength(200))
});
export type Pairing = z.infer<typeof PairingSchema>;

/**
 * The organizer starts a heat on every tablet at once: the start carries the organizer's
 * device time and clock offset, so the server knows the moment on its own clock; each tablet
 * then records its own `heat.start` at that moment converted to its clock (docs/sync.md).
 */
export const HeatStartRequestSchema = z.object({
	/** Made on the organizer's device: repeating the request is harmless. */
	id: z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/)),
	competitionId: z.string().check(z.minLength(1), z.maxLength(64)),
	heatId: z.string().check(z.minLength(1), z.maxLength(64)),
	/** The organizer's device clock at the tap, ms since the epoch. */
	organizerAt: z.number().check(z.int(), z.minimum(0), z.maximum(8_640_000_000_000)),
	/** The organizer device's offset (server − device, ms); null when not measured (the server's time of arrival is used). */
	offsetMs: z.nullable(z.number().check(z.minimum(-1e12), z.maximum(1e12)))
});
export type HeatStartRequest = z.infer<typeof HeatStartRequestSchema>;

export const HeatStartSchema = z.object({
	seq: z.number().check(z.int(), z.minimum(1)),
	id: z.string(),
	competitionId: z.string(),
	heatId: z.string(),
	/** The start on the server's clock. */
	serverAt: z.number(),
	createdAt: z.number()
});
export type HeatStart = z.infer<typeof HeatStartSchema>;
export const HeatStartListSchema = z.object({ starts: z.array(HeatStartSchema) });
