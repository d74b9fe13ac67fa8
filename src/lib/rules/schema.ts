import { z } from 'zod/mini';
import '$lib/zod-locale';

/**
 * A competition's ruleset: every parameter that the timing, scoring, registration and
 * check-in act on. Rulesets are data (CLAUSES.md): presets are instances of this schema,
 * and a custom ruleset is a preset copied and changed (see derive.ts).
 *
 * All durations are whole milliseconds.
 */

const id = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[a-z0-9][a-z0-9-]*$/, 'use lower-case letters, digits and dashes'));
const durationMs = z.number().check(z.int(), z.nonnegative());
const positiveDurationMs = z.number().check(z.int(), z.positive());
const pieces = z.number().check(z.int(), z.positive(), z.maximum(100_000));
const age = z.number().check(z.int(), z.minimum(0), z.maximum(130));

export const AgeRangeSchema = z.object({ min: z.optional(age), max: z.optional(age) }).check(
	z.refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, {
		message: 'min must not be above max',
		params: { reason: 'min-above-max' }
	})
);
export type AgeRange = z.infer<typeof AgeRangeSchema>;

export const UnitKindSchema = z.enum(['individual', 'pair', 'group', 'team']);
export type UnitKind = z.infer<typeof UnitKindSchema>;

/** Who competes as one entry: its size and the age rules its members must meet. */
export const UnitSchema = z
	.object({
		kind: UnitKindSchema,
		size: z.object({
			min: z.number().check(z.int(), z.minimum(1), z.maximum(50)),
			max: z.number().check(z.int(), z.minimum(1), z.maximum(50))
		}),
		/** Every member's age on the competition day must fall in this range. */
		memberAge: z.optional(AgeRangeSchema),
		/** "At least 2 children": at least `count` members whose age is in `age`. */
		composition: z._default(
			z.array(
				z.object({
					label: z.string().check(z.minLength(1), z.maxLength(80)),
					age: AgeRangeSchema,
					atLeast: z.number().check(z.int(), z.minimum(1))
				})
			),
			[]
		),
		/** Members under this age need an accompanying adult (CZ-GEN-AGE). */
		accompaniedUnderAge: z.optional(age),
		/**
		 * Everyone registers alone and the organizer draws the units of `size.max` (CZ-TEAM-DRAW):
		 * a registration is one person, and a capacity in entries counts drawn units, i.e.
		 * `capacity.max × size.max` people (CZ-TEAM-CAP). Absent: false (units register whole).
		 */
		drawn: z.optional(z.boolean())
	})
	.check(
		z.superRefine((u, ctx) => {
			if (u.size.min > u.size.max)
				ctx.addIssue({ code: 'custom', path: ['size', 'min'], message: 'min must not be above max', params: { reason: 'min-above-max' } });
			if (u.kind === 'individual' && (u.size.min !== 1 || u.size.max !== 1))
				ctx.addIssue({ code: 'custom', path: ['size'], message: 'an individual unit has exactly 1 member', params: { reason: 'individual-size' } });
			if (u.kind === 'pair' && (u.size.min !== 2 || u.size.max !== 2))
				ctx.addIssue({ code: 'custom', path: ['size'], message: 'a pair has exactly 2 members', params: { reason: 'pair-size' } });
			u.composition.forEach((c, i) => {
				if (c.atLeast > u.size.max)
					ctx.addIssue({
						code: 'custom',
						path: ['composition', i, 'atLeast'],
						message: `cannot be more than the unit's maximum size (${u.size.max})`,
						params: { reason: 'above-size', max: u.size.max }
					});
			});
		})
	);
export type Unit = z.infer<typeof UnitSchema>;

export const PuzzleSchema = z.object({ id, pieces });
export type Puzzle = z.infer<typeof PuzzleSchema>;

/**
 * How the members of a relay team work on a stage's puzzles:
 * - rotation: one member per puzzle, all move clockwise every `rotationIntervalMs` (CZ-TEAM-P1)
 * - pairs: two fixed pairs, one puzzle each (CZ-TEAM-P2)
 * - team: the whole team on one puzzle (CZ-TEAM-P3, CZ-TEAM-FINAL)
 */
export const RelayStageSchema = z.discriminatedUnion('mode', [
	z.object({
		id,
		mode: z.literal('rotation'),
		rotationIntervalMs: positiveDurationMs,
		puzzles: z.array(PuzzleSchema).check(z.minLength(2))
	}),
	z.object({ id, mode: z.literal('pairs'), puzzles: z.array(PuzzleSchema).check(z.length(2)) }),
	z.object({ id, mode: z.literal('team'), puzzles: z.array(PuzzleSchema).check(z.length(1)) })
]);
export type RelayStage = z.infer<typeof RelayStageSchema>;

export const FormatSchema = z.discriminatedUnion('kind', [
	/** Every entry solves one puzzle. */
	z.object({ kind: z.literal('single'), puzzle: PuzzleSchema }),
	/** Stages follow each other at once on one clock; the last stage's last puzzle ends the entry's time. */
	z.object({
		kind: z.literal('relay'),
		stages: z.array(RelayStageSchema).check(z.minLength(1)),
		/** Boxing a checked puzzle before the next one is released is part of the time (CZ-TEAM-TEARDOWN). */
		teardownRequired: z.boolean()
	})
]);
export type Format = z.infer<typeof FormatSchema>;

export const PausePolicySchema = z.object({
	maxCount: z.number().check(z.int(), z.minimum(1), z.maximum(20)),
	maxDurationMs: positiveDurationMs,
	/** The clock stops during a pause (ES-PAUSE); kept as a parameter for other rulebooks. */
	clockStops: z.boolean(),
	/** The unit kinds that may pause; "individual categories" is ambiguous in ES-PAUSE. */
	appliesTo: z.array(UnitKindSchema).check(z.minLength(1))
});
export type PausePolicy = z.infer<typeof PausePolicySchema>;

export const AssistancePolicySchema = z.object({
	maxCount: z.number().check(z.int(), z.minimum(1), z.maximum(20)),
	/** The total assistance time counted; the count stops at this cap (ES-ASSIST). */
	maxTotalMs: positiveDurationMs,
	/** The assistance time is added to the final time (the clock itself keeps running). */
	addedAsPenalty: z.boolean()
});
export type AssistancePolicy = z.infer<typeof AssistancePolicySchema>;

/** What a piece missing at the check means: a time penalty (CZ-GEN-MISSING) or a lost piece (ES-DQ). */
export const MissingPiecePolicySchema = z.discriminatedUnion('policy', [
	z.object({ policy: z.literal('penalty'), penaltyMsPerPiece: durationMs }),
	z.object({ policy: z.literal('disqualify') })
]);
export type MissingPiecePolicy = z.infer<typeof MissingPiecePolicySchema>;

/**
 * What pieces the judge records as missing from the box (never in it: a manufacturing fault,
 * not lost at the table) mean:
 * - penalty: like any missing piece (`missingPieces` above), as the rulebooks say (CZ-GEN-MISSING, ES-DQ)
 * - exempt-when-confirmed: no penalty (and no disqualification) for them once the organizer
 *   confirms the fault (`box-fault.decided`); until then they count as missing and the entry is
 *   pending; refused, they count as missing.
 */
export const MISSING_FROM_BOX_POLICIES = ['penalty', 'exempt-when-confirmed'] as const;
export const MissingFromBoxPolicySchema = z.enum(MISSING_FROM_BOX_POLICIES);
export type MissingFromBoxPolicy = z.infer<typeof MissingFromBoxPolicySchema>;

/**
 * Entries that have not finished at the time limit:
 * - rank-by-counted-pieces: ranked after all finishers by the pieces in connected groups of at
 *   least `minGroupSize` (CZ-GEN-UNFINISHED, CZ-IND-RANK-2, CZ-TEAM-RANK)
 * - limit-plus-loose-penalty: recorded with the limit plus a penalty per piece not in such a
 *   group (ES-UNFINISHED)
 */
export const UnfinishedPolicySchema = z.discriminatedUnion('policy', [
	z.object({ policy: z.literal('rank-by-counted-pieces'), minGroupSize: z.number().check(z.int(), z.minimum(1)) }),
	z.object({
		policy: z.literal('limit-plus-loose-penalty'),
		minGroupSize: z.number().check(z.int(), z.minimum(1)),
		penaltyMsPerLoosePiece: durationMs,
		/**
		 * ES-UNFINISHED does not say whether a finisher whose penalties push them past the limit
		 * can fall behind an unfinished entry. Default true: every finisher ranks above every
		 * unfinished entry; false ranks everyone by recorded time alone.
		 */
		finishersFirst: z.boolean()
	})
]);
export type UnfinishedPolicy = z.infer<typeof UnfinishedPolicySchema>;

export const TiePolicySchema = z.object({
	/** Equal ranking keys share a place, 1-2-2-4 style (CZ-IND-RANK-3). Always on. */
	sharedPlaces: z.literal(true),
	/** A shared first place is flagged for a tie-break puzzle (ES-TIE). */
	flagTieForFirst: z.boolean()
});

export const FeeSchema = z.object({
	amount: z.number().check(z.nonnegative(), z.maximum(1_000_000)),
	per: z.enum(['person', 'entry']),
	currency: z.string().check(z.regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as CZK or EUR')),
	/** When it is paid: at registration, or at check-in just before the turn (ES-FEE). */
	payable: z.enum(['registration', 'check-in'])
});
export type Fee = z.infer<typeof FeeSchema>;

export const RULESET_SCHEMA_VERSION = 1;

export const RulesetSchema = z
	.object({
		schemaVersion: z.literal(RULESET_SCHEMA_VERSION),
		id,
		/** Bumped on every change; the version in force is frozen when the competition starts (CZ-GEN-CHANGES). */
		version: z.number().check(z.int(), z.minimum(1)),
		name: z.string().check(z.minLength(1), z.maxLength(120)),
		rulebook: z.enum(['czjpa', 'es-torneo', 'custom']),
		/** The clause IDs of CLAUSES.md this ruleset implements, for display and audit. */
		clauses: z._default(z.array(z.string().check(z.regex(/^[A-Z]+(-[A-Z0-9]+)+$/))), []),
		/** A custom ruleset names the preset (and version) it was copied from. */
		basedOn: z.optional(z.object({ id, version: z.number().check(z.int(), z.minimum(1)) })),
		unit: UnitSchema,
		format: FormatSchema,
		timeLimitMs: positiveDurationMs,
		/** An uncounted look at the picture before the clock starts by itself (ES-PREVIEW); 0 = none. */
		previewMs: durationMs,
		/** Results in milliseconds, or whole seconds truncated as a stopwatch shows them (ES-WIN). */
		timeResolution: z.enum(['ms', 'second-truncated']),
		pause: z.nullable(PausePolicySchema),
		assistance: z.nullable(AssistancePolicySchema),
		missingPieces: MissingPiecePolicySchema,
		/** Absent in rulesets stored before it existed: 'penalty', what they always did. */
		missingFromBox: z._default(MissingFromBoxPolicySchema, 'penalty'),
		unfinished: UnfinishedPolicySchema,
		ties: TiePolicySchema,
		/** The first N places are awarded; a place shared at N marks all who share it (CZ-IND-AWARD). */
		awards: z.object({ topN: z.number().check(z.int(), z.minimum(0), z.maximum(1000)) }),
		capacity: z.nullable(z.object({ max: z.number().check(z.int(), z.minimum(1)), per: z.enum(['person', 'entry']) })),
		fee: FeeSchema,
		/** Fees are refunded only for a cancellation at least this many days before (CZ-GEN-REFUND). */
		refund: z.nullable(z.object({ deadlineDaysBefore: z.number().check(z.int(), z.minimum(0), z.maximum(365)) })),
		checkIn: z._default(
			z.object({
				/** Sorters per person, informational (CZ-IND-SORTERS). */
				sortersMax: z.optional(z.number().check(z.int(), z.minimum(0))),
				/** Companions per child, who may not help (ES-COMPANION). */
				companionsMax: z.optional(z.number().check(z.int(), z.minimum(0)))
			}),
			{}
		)
	})
	.check(
		z.superRefine((r, ctx) => {
			if (r.format.kind === 'relay') {
				const ids = r.format.stages.flatMap((s) => s.puzzles.map((p) => p.id));
				const dup = ids.find((x, i) => ids.indexOf(x) !== i);
				if (dup) ctx.addIssue({ code: 'custom', path: ['format', 'stages'], message: `puzzle id "${dup}" is used twice` });
				if (r.unit.kind !== 'team')
					ctx.addIssue({ code: 'custom', path: ['unit', 'kind'], message: 'a relay is run by teams' });
				for (const [i, s] of r.format.stages.entries()) {
					if (s.mode === 'rotation' && s.puzzles.length > r.unit.size.min)
						ctx.addIssue({
							code: 'custom',
							path: ['format', 'stages', i, 'puzzles'],
							message: `a rotation stage needs one member per puzzle (${s.puzzles.length} puzzles, teams from ${r.unit.size.min})`
						});
					if (s.mode === 'pairs' && r.unit.size.min !== 4)
						ctx.addIssue({ code: 'custom', path: ['format', 'stages', i, 'mode'], message: 'a pairs stage needs teams of 4' });
				}
			}
			if (r.previewMs >= r.timeLimitMs)
				ctx.addIssue({ code: 'custom', path: ['previewMs'], message: 'the preview must be shorter than the time limit', params: { reason: 'preview-too-long' } });
		})
	);
export type Ruleset = z.infer<typeof RulesetSchema>;
export type RulesetInput = z.input<typeof RulesetSchema>;
