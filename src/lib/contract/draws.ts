import { z } from 'zod/mini';
import '$lib/zod-locale';
import { ChangedBySchema, NameSchema } from '$lib/registration/schema';
import { IdSchema } from '$lib/setup/schema';

/**
 * The draws of an event (issue 15), the organizer's only (src/lib/server/draws.ts): the CZJPA
 * relay's teams drawn from people who registered alone (CZ-TEAM-DRAW). The server computes every
 * draw from its own register with src/lib/setup/draw.ts; the client sends the seed, never the
 * result. A draw is kept for ever; a redraw needs a reason and marks the earlier one superseded.
 */

const moment = z.number().check(z.int(), z.minimum(0), z.maximum(8_640_000_000_000));
/** A drawn team's name: a registration's name (no control characters, issue 29 #8). */
const name = NameSchema;
export const DrawSeedSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

/** One of the draw's input, as printed with it: the person's ID (the draw sorts these) and name. */
export const DrawInputSchema = z.object({ id: IdSchema, name: z.string() });
export type DrawInput = z.infer<typeof DrawInputSchema>;

/** A drawn team: the relay's entry (entry ID = team ID), its members (person IDs) in drawn order. */
export const DrawnTeamSchema = z.object({
	id: IdSchema,
	name,
	memberIds: z.array(IdSchema),
	/** Fewer than four: the organizer kept the leftovers as a team, breaking CZ-TEAM-DRAW. */
	short: z.boolean()
});
export type DrawnTeam = z.infer<typeof DrawnTeamSchema>;

/** What happens to people left over when the count is not a multiple of four. */
export const LeftoverChoiceSchema = z.enum(['short-team', 'waiting']);
export type LeftoverChoice = z.infer<typeof LeftoverChoiceSchema>;

const by = ChangedBySchema;
/** What every draw records: the seed, who, when, why again, what replaced it. */
const drawBase = {
	id: IdSchema,
	eventId: IdSchema,
	competitionId: IdSchema,
	seed: DrawSeedSchema,
	at: moment,
	by,
	/** Why it was drawn again (every draw after the first has one). */
	reason: z.nullable(z.string()),
	/** When a later draw replaced it, and which. */
	superseded: z.nullable(z.object({ at: moment, by: IdSchema }))
};

/** A turn of the lottery (a heat of the competition) and its capacity. */
export const TurnSlotSchema = z.object({ heatId: IdSchema, name: z.string(), capacity: z.number().check(z.int(), z.minimum(0), z.maximum(10_000)) });

/** ES-SHIFT: registrations drawn into turns by lot, preferences honoured while there is room. */
export const TurnDrawSchema = z.object({
	...drawBase,
	kind: z.literal('turns'),
	slots: z.array(TurnSlotSchema),
	/** The input sorted by registration ID: its name and preferred turn. */
	input: z.array(z.object({ id: IdSchema, name: z.string(), prefers: z.nullable(IdSchema) })),
	/** Registration → heat, swaps applied. */
	assigned: z.record(IdSchema, IdSchema),
	/** Whose preference could not be met (drawn into another turn). */
	moved: z.array(IdSchema),
	/** For whom no turn had room. */
	unplaced: z.array(IdSchema),
	/** Agreed swaps (ES-SHIFT): both entries' names, who recorded it and when. */
	swaps: z.array(z.object({ a: IdSchema, b: IdSchema, aName: z.string(), bName: z.string(), at: moment, by }))
});
export type TurnDraw = z.infer<typeof TurnDrawSchema>;

export const TeamDrawSchema = z.object({
	...drawBase,
	kind: z.literal('teams'),
	/** The input sorted by ID, as the draw sorts it. */
	input: z.array(DrawInputSchema),
	teams: z.array(DrawnTeamSchema),
	/** People left over (person IDs), in drawn order. */
	leftovers: z.array(IdSchema),
	leftoverChoice: LeftoverChoiceSchema,
	/** Team names changed after the draw: who, when, before and after. */
	renames: z.array(z.object({ teamId: IdSchema, before: z.string(), after: z.string(), at: moment, by: ChangedBySchema }))
});
export type TeamDraw = z.infer<typeof TeamDrawSchema>;

export const DrawRecordSchema = z.discriminatedUnion('kind', [TeamDrawSchema, TurnDrawSchema]);
export type DrawRecord = z.infer<typeof DrawRecordSchema>;

/** POST /api/events/{e}/draws: draw the relay's teams (a reason required when a draw is in force). */
export const TeamDrawRequestSchema = z.object({
	competitionId: IdSchema,
	seed: DrawSeedSchema,
	leftoverChoice: LeftoverChoiceSchema,
	/** The default team name before its number, in the organizer's language ("Team" → "Team 1"). */
	teamName: z._default(name, 'Team'),
	reason: z.optional(z.string().check(z.trim(), z.maxLength(500)))
});
export type TeamDrawRequest = z.input<typeof TeamDrawRequestSchema>;

/** POST /api/events/{e}/draws/turns: the turns by lot; capacities per heat (every heat of the competition is a turn). */
export const TurnDrawRequestSchema = z.object({
	competitionId: IdSchema,
	seed: DrawSeedSchema,
	capacities: z.record(IdSchema, z.number().check(z.int(), z.minimum(0), z.maximum(10_000))),
	reason: z.optional(z.string().check(z.trim(), z.maxLength(500)))
});
export type TurnDrawRequest = z.infer<typeof TurnDrawRequestSchema>;

/** POST /api/events/{e}/draws/{d}/swaps: two entries swap turns by agreement (ES-SHIFT), before either turn starts. */
export const TurnSwapSchema = z.object({ a: IdSchema, b: IdSchema });

/** POST /api/events/{e}/draws/{d}/teams/{t}: a team's new name. */
export const TeamRenameSchema = z.object({ name });

export const TeamDrawAnswerSchema = z.object({ draw: TeamDrawSchema });
export const TurnDrawAnswerSchema = z.object({ draw: TurnDrawSchema });
/** GET /api/events/{e}/draws: every draw of the event, the newest first, superseded ones included. */
export const DrawListSchema = z.object({ draws: z.array(DrawRecordSchema) });
