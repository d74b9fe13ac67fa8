import { z } from 'zod/mini';
import '$lib/zod-locale';
import { IdSchema } from '$lib/setup/schema';
import { ACTION_TYPES, misplacedFields, type ActionType } from './action-types';

/**
 * The judge-event log. Every judge or organizer action is one immutable event, made on a
 * device: an ID made there, the device's ID and its own sequence number, and the device's
 * wall-clock time of the tap (`at`, ms since the epoch) with its monotonic reading (`mono`,
 * performance.now() in ms) to detect clock jumps. Nothing is edited in place: a correction
 * is a new event that names the event it supersedes and carries a reason.
 *
 * These schemas validate everything that crosses a boundary: writes on the tablet, sync
 * payloads and imported files. See docs/event-format.md.
 */

const reason = z.string().check(z.trim(), z.minLength(1, 'a reason is required'), z.maxLength(2000));
const ref = IdSchema; // the ID of an earlier event

export const MissingPiecesSchema = z.number().check(z.int(), z.minimum(0), z.maximum(100_000));

/** Sizes of the correctly connected groups of an unfinished puzzle (CZ-GEN-UNFINISHED, ES-UNFINISHED). */
export const GroupSizesSchema = z.array(z.number().check(z.int(), z.minimum(1), z.maximum(100_000))).check(z.maxLength(100_000));

/** Each action type's payload (action-types.ts says which of them name an entry). */
const payloads = {
	/** A common start of the listed seats (CZ-GEN-START, ES-LATE); the clock starts after `previewMs` (ES-PREVIEW). */
	'heat.start': z.object({
		entryIds: z.array(IdSchema).check(z.minLength(1), z.maxLength(10_000)),
		previewMs: z.number().check(z.int(), z.minimum(0), z.maximum(3_600_000))
	}),
	/** The tablet saw the time limit pass; informational, the limit itself comes from the ruleset. */
	'heat.time-limit': z.object({ entryIds: z.array(IdSchema).check(z.maxLength(10_000)) }),
	'pause.start': z.object({}),
	'pause.end': z.object({}),
	'assist.start': z.object({}),
	'assist.end': z.object({}),
	/** The finish moment: the hand is raised (CZ-GEN-FINISH, ES-END). */
	'hand.raised': z.object({}),
	/** Relay: a puzzle's hand raised, with the member(s) who finished it (CZ-TEAM-P1-DONE). */
	'relay.puzzle-finished': z.object({ puzzleId: z.string().check(z.minLength(1), z.maxLength(64)), memberIds: z.array(IdSchema).check(z.maxLength(50)) }),
	/**
	 * The judge's check of a finish (`ref` = the hand.raised or relay.puzzle-finished event);
	 * `missingFromBox`: how many of the missing pieces were never in the box (a manufacturing
	 * fault, not lost at the table), absent = none. What follows is the ruleset's `missingFromBox`.
	 */
	'check.confirmed': z
		.object({ ref, missingPieces: MissingPiecesSchema, missingFromBox: z.optional(MissingPiecesSchema) })
		.check(
			z.refine((p) => p.missingFromBox === undefined || p.missingFromBox <= p.missingPieces, {
				path: ['missingFromBox'],
				message: 'the pieces missing from the box cannot be more than the missing pieces'
			})
		),
	/** A failed check: that finish never happened, the clock goes on (CZ-GEN-FINISH). */
	'check.rejected': z.object({ ref, reason: z.optional(z.string().check(z.maxLength(2000))) }),
	/** The competitor agrees with the recorded time: the record locks (CZ-GEN-RECORD). */
	'record.acknowledged': z.object({}),
	/** Connected group sizes of an unfinished puzzle at the limit; `puzzleId` for relays. */
	'tally.recorded': z.object({ puzzleId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))), groups: GroupSizesSchema }),
	'entry.disqualified': z.object({ reason }),
	'entry.did-not-start': z.object({ reason: z.optional(z.string().check(z.maxLength(2000))) }),
	/** A free-text note (ES-INCIDENT); changes nothing. */
	'incident.noted': z.object({ note: z.string().check(z.trim(), z.minLength(1), z.maxLength(5000)) }),
	/** An audited manual adjustment of an entry's time, + or − (ES-INCIDENT). */
	'time.adjusted': z.object({ deltaMs: z.number().check(z.int(), z.minimum(-86_400_000), z.maximum(86_400_000)), reason }),
	/** The order of entries tied for first after a tie-break puzzle, best first (ES-TIE). */
	'tiebreak.result': z.object({ order: z.array(IdSchema).check(z.minLength(2), z.maxLength(1000)) }),
	/** Relay: the team's two pairs for part 2 (CZ-TEAM-P2). */
	'relay.pairs-assigned': z.object({ pairs: z.tuple([z.tuple([IdSchema, IdSchema]), z.tuple([IdSchema, IdSchema])]) }),
	/** Relay: a checked puzzle is boxed and the next one released (CZ-TEAM-TEARDOWN). */
	'relay.teardown-done': z.object({ puzzleId: z.string().check(z.minLength(1), z.maxLength(64)) }),
	/**
	 * Checked in at the door (a desk device, issue 14); `entryId` is the registration's ID, the
	 * entry it is seated as; `heatId` null when not yet seated. Scoring ignores it. Asked only where
	 * the ruleset needs it: paid at the door (ES-FEE), companions per child (ES-COMPANION), the
	 * accompanying adult of the young (CZ-GEN-AGE).
	 */
	/**
	 * The organizer's decision on pieces a check recorded as missing from the box (`ref` = that
	 * check.confirmed event): confirmed, the pieces were never in the box; false, refused (they
	 * count as missing). Only a ruleset with `missingFromBox: 'exempt-when-confirmed'` acts on it.
	 */
	'box-fault.decided': z.object({ ref, confirmed: z.boolean() }),
	'entry.checked-in': z.object({
		paid: z.optional(z.boolean()),
		companions: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(100))),
		accompaniedBy: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200)))
	})
} as const satisfies Record<ActionType, z.ZodMiniType>;

type Payloads = typeof payloads;

/**
 * What a correction puts in place of the event it supersedes: a new type, time and
 * payload. It keeps the superseded event's competition, heat and entry.
 */
const replacementVariants = ACTION_TYPES.map((type) =>
	z.object({ type: z.literal(type), at: z.number().check(z.int(), z.minimum(0)), payload: payloads[type] })
);
export const ReplacementSchema = z.discriminatedUnion('type', replacementVariants as unknown as [
	(typeof replacementVariants)[number],
	...(typeof replacementVariants)[number][]
]);

const correctionPayload = z.object({
	/** The event this one supersedes (itself possibly a correction). */
	supersedes: ref,
	reason,
	/** Without a replacement the superseded event is void (undo); with one, it is replaced. */
	replacement: z.optional(ReplacementSchema)
});

export { EVENT_FORMAT_VERSION } from './format-version';

const envelope = {
	/** Made on the device; unique across devices (a UUID or similar). */
	id: IdSchema,
	deviceId: IdSchema,
	/** 1, 2, 3 … per device, never reused. */
	seq: z.number().check(z.int(), z.minimum(1)),
	/** The device's wall-clock time of the tap, ms since the epoch. */
	at: z.number().check(z.int(), z.minimum(0), z.maximum(8_640_000_000_000)),
	/** The device's monotonic clock (performance.now()) at the tap, ms; restarts with the page. */
	mono: z.number().check(z.minimum(0), z.maximum(1e12)),
	/** Who tapped: the judge's or organizer's name or ID. */
	judge: z.string().check(z.minLength(1), z.maxLength(120)),
	competitionId: IdSchema,
	heatId: z.nullable(IdSchema),
	entryId: z.nullable(IdSchema)
};

const actionVariants = ACTION_TYPES.map((type) =>
	z.object({ ...envelope, type: z.literal(type), payload: payloads[type] })
);
const correctionVariant = z.object({ ...envelope, type: z.literal('correction'), payload: correctionPayload });

export const JudgeEventSchema = z
	.discriminatedUnion('type', [correctionVariant, ...actionVariants] as unknown as [
		typeof correctionVariant,
		...(typeof actionVariants)[number][]
	])
	.check(
		z.superRefine((e, ctx) => {
			if (e.type === 'correction') return;
			for (const wrong of misplacedFields(e.type, e.entryId, e.heatId)) {
				if (wrong === 'entry-missing') ctx.addIssue({ code: 'custom', path: ['entryId'], message: `a ${e.type} event names an entry` });
				else if (wrong === 'entry-not-allowed') ctx.addIssue({ code: 'custom', path: ['entryId'], message: `a ${e.type} event applies to the heat: entryId must be null` });
				else ctx.addIssue({ code: 'custom', path: ['heatId'], message: `a ${e.type} event names its heat` });
			}
		})
	);

type Envelope = { [K in keyof typeof envelope]: z.infer<(typeof envelope)[K]> };
export type ActionEvent = {
	[T in ActionType]: Envelope & { type: T; payload: z.infer<Payloads[T]> };
}[ActionType];
export type Replacement = {
	[T in ActionType]: { type: T; at: number; payload: z.infer<Payloads[T]> };
}[ActionType];
export type CorrectionEvent = Envelope & {
	type: 'correction';
	payload: { supersedes: string; reason: string; replacement?: Replacement };
};
export type JudgeEvent = ActionEvent | CorrectionEvent;
export type EventOf<T extends JudgeEvent['type']> = Extract<JudgeEvent, { type: T }>;
