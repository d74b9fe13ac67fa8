import type { Ruleset } from '$lib/rules/schema';
import type { Entry } from '$lib/setup/schema';
import type { Conflict, EffectiveEvent } from './types';
import { boxFaultDecisions, decideBoxFaults } from './fold/box-fault-decisions';
import { checkVerdicts } from './fold/check-verdicts';
import { clockStart } from './fold/clock-start';
import { EntryPuzzles } from './fold/entry-puzzles';
import type { EntrySummary } from './fold/entry-summary';
import { EntryWalk } from './fold/entry-walk';
import { claimsByPuzzle, reportDoubleFinishes } from './fold/finish-claims';
import { lockRecord } from './fold/record-lock';

export type { EntrySummary, Interval, PuzzleSummary } from './fold/entry-summary';

/**
 * The fold of one entry's events into a summary that does not depend on the current time:
 * when its clock started, its pauses and assistance, which finish counts, its tallies and
 * penalties. `evaluate` (outcome.ts) turns it into an outcome at a given moment.
 *
 * Documented defaults where events disagree (each also reported as a conflict):
 * - two starts for one entry: the first in total order counts;
 * - two finishes for one puzzle not rejected: the earliest counts;
 * - two checks of one finish: the later one counts;
 * - two tallies of one puzzle: the later one counts;
 * - two decisions on one check's pieces missing from the box: the later one counts;
 * - an event after the record is locked (CZ-GEN-RECORD) is not applied.
 */

/**
 * Its steps, each in fold/: the clock's start, the lock, the checks' verdicts, the finishes
 * claimed, then one walk over the events that remain (pauses, assistance, finishes, tallies…).
 * Conflicts come in that order, and within a step in the order of the events.
 * @param starts effective heat.start events of the entry's heat that list the entry, in total order
 * @param events the entry's effective events, in total order
 */
export function foldEntry(ruleset: Ruleset, entry: Entry, starts: readonly EffectiveEvent[], events: readonly EffectiveEvent[]): EntrySummary {
	const conflicts: Conflict[] = [];
	const puzzles = new EntryPuzzles(ruleset);
	const { previewAt, startedAt } = clockStart(entry, starts, conflicts);
	const { applied, locked } = lockRecord(entry, events, puzzles, conflicts);
	const verdicts = checkVerdicts(entry, applied, conflicts);
	const claims = claimsByPuzzle(entry, applied, verdicts, puzzles, conflicts);
	reportDoubleFinishes(entry, claims, puzzles.isRelay, conflicts);

	const walk = new EntryWalk({ ruleset, entry, startedAt, puzzles, verdicts, claims, conflicts });
	for (const e of applied) walk.apply(e);
	decideBoxFaults(puzzles.list, boxFaultDecisions(applied));
	const { clock } = walk;
	return {
		entryId: entry.id,
		heatId: entry.heatId,
		competitionId: entry.competitionId,
		previewAt,
		startedAt,
		pauses: clock.pauses,
		pausesStopClock: clock.stopsInPauses,
		assists: walk.assistance.assists,
		limitAt: clock.limitAt,
		puzzles: puzzles.list,
		finishedAt: clock.finishedAt,
		locked,
		disqualification: walk.disqualification,
		disqualifiedAt: walk.disqualifiedAt,
		didNotStart: walk.didNotStart,
		adjustmentMs: walk.adjustmentMs,
		pairs: walk.pairs,
		notes: walk.notes,
		incidents: walk.incidents,
		conflicts
	};
}
