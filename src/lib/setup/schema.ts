import { z } from 'zod/mini';
import '$lib/zod-locale';
import { RulesetSchema } from '$lib/rules/schema';
import { AdvancementRuleSchema } from './advancement-rule';
import { ID_MAX_LENGTH, ID_PATTERN } from './id-rule';
import { plainText } from './plain-text';
import { seatLabel } from './seat-label';

/**
 * The set-up that judge events refer to: events (the day), competitions (one ruleset each),
 * heats (a turn at some tables) and entries (a competitor, pair, group or team). The same
 * schemas validate the server's store, sync payloads and exported files.
 */

/** IDs made on devices or by the organizer: URL-safe, short. */
export const IdSchema = z.string().check(z.minLength(1), z.maxLength(ID_MAX_LENGTH), z.regex(ID_PATTERN, 'letters, digits and _ . : - only'));

const isoDay = z.iso.date();

/** A name (an event's, a competition's, a heat's, an entry's, a member's): one line of plain text, no control characters (issue 29 #8). */
const name = () => z.string().check(plainText(), z.minLength(1), z.maxLength(200));

/**
 * A table or seat label: no control characters, stored in its display form (seat-label.ts:
 * trimmed, NFC, spaces collapsed, a number without leading zeros) so that "01 " and "1" are
 * the same label wherever the set-up comes from; labels are compared by `seatLabelKey`.
 */
export const SeatLabelSchema = z.string().check(plainText('a label'), z.overwrite(seatLabel), z.maxLength(40));

export const EventSchema = z.object({
	id: IdSchema,
	name: name(),
	/** The competition day (age checks, refund deadline). */
	date: isoDay,
	venue: z.optional(z.string().check(z.maxLength(200))),
	/** The language of the event's printed lists and public pages (the screens follow each user's own choice). */
	language: z.optional(z.enum(['cs', 'es', 'en'])),
	/** The currency its fees are taken in (an ISO 4217 code). */
	currency: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as CZK or EUR')))
});
export type CompetitionEvent = z.infer<typeof EventSchema>;

export const CompetitionSchema = z.object({
	id: IdSchema,
	eventId: IdSchema,
	name: name(),
	/** The ruleset version in force, frozen when the competition starts (CZ-GEN-CHANGES). */
	ruleset: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)), version: z.number().check(z.int(), z.minimum(1)) }),
	/** A qualifying round: its final (another competition of the event) and who goes there. */
	advancesTo: z.optional(z.object({ competitionId: IdSchema, rule: AdvancementRuleSchema }))
});
export type Competition = z.infer<typeof CompetitionSchema>;

export const HeatSchema = z.object({
	id: IdSchema,
	competitionId: IdSchema,
	name: name()
});
export type Heat = z.infer<typeof HeatSchema>;

export const MemberSchema = z.object({
	id: IdSchema,
	name: name(),
	birthDate: z.optional(isoDay),
	country: z.optional(z.string().check(z.maxLength(3)))
});
export type Member = z.infer<typeof MemberSchema>;

export const EntrySchema = z.object({
	id: IdSchema,
	competitionId: IdSchema,
	heatId: IdSchema,
	/** Display name: the competitor, or the pair's, group's or team's name. */
	name: name(),
	members: z._default(z.array(MemberSchema).check(z.maxLength(50)), []),
	table: z.optional(SeatLabelSchema),
	seat: z.optional(SeatLabelSchema)
});
export type Entry = z.infer<typeof EntrySchema>;

export { RulesetSchema };

/** Where one item of the folded-in competition goes: onto an item of the kept one (`to`), or into it as a new item (`to: null`). */
export const MergeLinkSchema = z.object({ from: IdSchema, to: z.nullable(IdSchema) });
export type MergeLink = z.infer<typeof MergeLinkSchema>;

/**
 * Two competitions of one event read as one (docs/sync.md, Merging competitions): the organizer
 * folds a competition a judge set up on a tablet (quick set-up) into another of the same
 * ruleset, e.g. when two tablets each set up "Quick CZ" for the same heat. Nothing recorded is
 * rewritten: the merge is set-up data, applied when the merged data is scored
 * (src/lib/files/apply-merges.ts). The folded-in competition's events and entries are read as
 * the kept competition's: each heat onto a kept heat or as a new heat of it, each entry onto a
 * kept entry of that heat or as a new entry.
 */
export const CompetitionMergeSchema = z.object({
	id: IdSchema,
	/** The event both competitions belong to. */
	eventId: IdSchema,
	keptCompetitionId: IdSchema,
	foldedCompetitionId: IdSchema,
	heats: z.array(MergeLinkSchema).check(z.maxLength(1000)),
	entries: z.array(MergeLinkSchema).check(z.maxLength(10_000)),
	/** Why the organizer merged them (required, kept for the audit). */
	reason: z.string().check(z.trim(), z.minLength(1, 'a reason is required'), z.maxLength(2000)),
	/** Who recorded it: the organizer device's token and label. */
	recordedBy: z.object({ tokenId: IdSchema, label: z.string().check(z.minLength(1), z.maxLength(120)) }),
	/** When the server recorded it, ms since the epoch (the server's clock). */
	recordedAt: z.number().check(z.int(), z.minimum(0), z.maximum(8_640_000_000_000))
});
export type CompetitionMerge = z.infer<typeof CompetitionMergeSchema>;

/** What the organizer sends to record a merge (POST /api/events/{e}/merges): the server adds the event, who and when. */
export const CompetitionMergeRequestSchema = z.omit(CompetitionMergeSchema, { eventId: true, recordedBy: true, recordedAt: true });
export type CompetitionMergeRequest = z.infer<typeof CompetitionMergeRequestSchema>;
