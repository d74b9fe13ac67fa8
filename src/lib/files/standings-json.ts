import { z } from 'zod/mini';
import { CONFLICT_KINDS, WARNING_KINDS } from '$lib/scoring';
import { IdSchema } from '$lib/setup/schema';
import { PublishedRowSchema } from '$lib/results/publication';

/**
 * What `npm run standings -- --format json` prints (format.ts, cliStandingsJson): one object per
 * competition. The rows are the published rows (results/publication.ts) with the missing
 * pieces' counts, which a publication leaves out. docs/standings.schema.json is generated from this schema
 * (json-schema.ts), with the descriptions below; a test checks the CLI's output against it.
 */

const about = (description: string) => z.describe(description);

const problem = {
	competitionId: z.string(),
	heatId: z.nullable(z.string()),
	eventIds: z.array(z.string()).check(about('The judge events it is about, by ID.')),
	deviceIds: z.array(z.string()).check(about('The devices that recorded them.')),
	message: z.string().check(about('What it is, in English.'))
};

export const ConflictSchema = z
	.object({ kind: z.enum(CONFLICT_KINDS), entryId: z.nullable(z.string()), ...problem })
	.check(about('Something the scoring cannot decide alone; the standings follow the documented default meanwhile, and the organizer resolves it with a correction (docs/rules-and-scoring.md).'));

export const WarningSchema = z
	.object({ kind: z.enum(WARNING_KINDS), ...problem })
	.check(
		about(
			'Something the standings follow as recorded but people should know: preview-differs, a heat start whose preview is not its ruleset’s (the start’s preview counts); box-fault-pending, pieces a check recorded as missing from the box await the organizer’s decision under a ruleset that exempts them once confirmed (penalised meanwhile).'
		)
	);

const pieceCount = z.number().check(z.int(), z.minimum(0));

/** A published row with the missing pieces' counts, which publications leave out. */
export const StandingsJsonRowSchema = z.extend(PublishedRowSchema, {
	missingPieces: pieceCount.check(about('Pieces missing at the checks of the finished puzzles, those missing from the box included (CZ-GEN-MISSING).')),
	missingFromBox: pieceCount.check(about('Of them, those the checks recorded as missing from the box (a manufacturing fault).')),
	boxFaultPending: pieceCount.check(
		about('Under a ruleset with missingFromBox "exempt-when-confirmed": pieces from the box that await the organizer’s decision (penalised until confirmed); 0 otherwise.')
	)
});

export const CompetitionStandingsJsonSchema = z.object({
	competition: z.object({ id: IdSchema, name: z.string(), eventId: IdSchema }),
	ruleset: z.object({ id: z.string(), version: z.number().check(z.int(), z.minimum(1)) }).check(about('The ruleset version in force for the competition.')),
	at: z
		.number()
		.check(z.int(), z.minimum(0), about('The moment the standings are for, ms since the epoch: `--at`, default the moment the command ran. Running clocks are read at it.')),
	rows: z
		.array(StandingsJsonRowSchema)
		.check(about('Standings order: by place (shared places 1-2-2-4), then the entries without a place. A finish whose check is still pending already ranks.')),
	tieForFirst: z.array(IdSchema).check(about('The entries sharing first place that await a tie-break (ES-TIE).')),
	conflicts: z.array(ConflictSchema),
	warnings: z.array(WarningSchema)
});

export const StandingsJsonSchema = z.array(CompetitionStandingsJsonSchema);
