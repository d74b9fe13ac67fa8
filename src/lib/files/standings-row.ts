import { z } from 'zod/mini';
import '$lib/zod-locale';
import { IdSchema } from '$lib/setup/schema';
import type { EntryStatus } from '$lib/scoring';

/**
 * One row of standings as JSON: the CLI's JSON output (format.ts, standingsJson) and the rows
 * of a published version (src/lib/results/publication.ts), which are that output frozen.
 */

export const ENTRY_STATUSES = ['not-started', 'preview', 'running', 'paused', 'finished', 'unfinished', 'disqualified', 'did-not-start'] as const satisfies readonly EntryStatus[];
const ms = z.number().check(z.int());
const count = z.number().check(z.int(), z.minimum(0));
const text = (max: number) => z.string().check(z.maxLength(max));

export const StandingsJsonRowSchema = z.object({
	place: z.nullable(z.number().check(z.int(), z.minimum(1))),
	name: text(200),
	entryId: IdSchema,
	status: z.enum(ENTRY_STATUSES),
	awarded: z.boolean(),
	tieBreak: z.boolean(),
	finalTimeMs: z.nullable(ms),
	elapsedMs: z.nullable(ms),
	penalties: z.object({ missingPiecesMs: ms, assistanceMs: ms, loosePiecesMs: ms, adjustmentMs: ms }),
	countedPieces: z.nullable(count),
	reason: text(10_000)
});
export type StandingsJsonRow = z.infer<typeof StandingsJsonRowSchema>;
