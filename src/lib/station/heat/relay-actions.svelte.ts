import { relayFinishers, relayProgress, type RelayProgress } from '$lib/scoring/relay-progress';
import { checkPayload } from './check-payload';
import { latestVersion } from './latest-version';
import type { Corrections } from './corrections.svelte';
import type { HeatFold } from './heat-fold.svelte';
import type { HeatWriter } from './heat-writer.svelte';
import { tapNow } from './tap';

/**
 * What the judge does for a relay team (CZ-TEAM-*), puzzle by puzzle: the same log, clocks,
 * checks, corrections and undo as a seat's actions; what concerns the team as a whole (the
 * agreement, a disqualification) is the seat's (./seat-actions.svelte.ts).
 */
export class RelayActions {
	private readonly fold: HeatFold;
	private readonly writer: HeatWriter;
	private readonly corrections: Corrections;

	constructor(fold: HeatFold, writer: HeatWriter, corrections: Corrections) {
		this.fold = fold;
		this.writer = writer;
		this.corrections = corrections;
	}

	/** The team's members in their order (member i starts at puzzle i of a rotation part). */
	memberIds(entryId: string): string[] {
		return this.fold.seats.find((s) => s.id === entryId)?.members.map((m) => m.id) ?? [];
	}

	/** Where a relay team is at `now` (relay-progress.ts); null when the ruleset is not a relay. */
	progress(entryId: string, at = this.fold.now): RelayProgress | null {
		return relayProgress(this.fold.ruleset, this.memberIds(entryId), this.fold.outcomeAt(entryId, at));
	}

	/**
	 * "Hand raised" on one relay puzzle: the instant of the tap; the members are the ones working
	 * on it when the hand went up (the rotation's, the pair, the whole team; on a signal's very
	 * instant the one who was there, not the one arriving: relayFinishers), changed afterwards
	 * with `changeSolvers`.
	 */
	puzzleFinished(entryId: string, puzzleId: string, tap = tapNow()) {
		const finishers = relayFinishers(this.fold.ruleset, this.memberIds(entryId), this.fold.outcomeAt(entryId, tap.at), puzzleId);
		return this.writer.record('relay.puzzle-finished', entryId, { puzzleId, memberIds: finishers }, tap);
	}

	/** The finish that counts for a relay puzzle (what its check confirms or rejects). */
	private puzzleFinish(entryId: string, puzzleId: string): string | null {
		return this.fold.outcomes.get(entryId)?.puzzles?.find((p) => p.puzzleId === puzzleId)?.finishEventId ?? null;
	}

	confirmPuzzle(entryId: string, puzzleId: string, missingPieces: number, missingFromBox = 0, tap = tapNow()) {
		const ref = this.puzzleFinish(entryId, puzzleId);
		if (!ref) return Promise.resolve(null);
		return this.writer.record('check.confirmed', entryId, checkPayload(ref, missingPieces, missingFromBox), tap);
	}

	/** Not finished: the puzzle is open again, the rotation as if it never finished (CZ-TEAM-P1-DONE). */
	rejectPuzzle(entryId: string, puzzleId: string, tap = tapNow()) {
		const ref = this.puzzleFinish(entryId, puzzleId);
		if (!ref) return Promise.resolve(null);
		return this.writer.record('check.rejected', entryId, { ref }, tap);
	}

	/** Who solved a finished puzzle, corrected by the judge (a correction with its replacement and reason). */
	changeSolvers(entryId: string, puzzleId: string, memberIds: string[], reason: string, tap = tapNow()) {
		const ref = this.puzzleFinish(entryId, puzzleId);
		const events = this.fold.events;
		const target = ref ? latestVersion(events, ref) : null;
		const original = ref ? events.find((e) => e.id === ref) : undefined;
		if (!target || !original) return Promise.resolve(null);
		return this.corrections.correct(target, reason, { type: 'relay.puzzle-finished', at: original.at, payload: { puzzleId, memberIds } }, tap);
	}

	/** "Boxed, next released" (CZ-TEAM-TEARDOWN): the next part's puzzles open at this tap. */
	boxed(entryId: string, puzzleId: string, tap = tapNow()) {
		return this.writer.record('relay.teardown-done', entryId, { puzzleId }, tap);
	}

	/** The team's two pairs for the pairs part (CZ-TEAM-P2): pair 1 takes its first puzzle. */
	namePairs(entryId: string, pairs: [[string, string], [string, string]], tap = tapNow()) {
		return this.writer.record('relay.pairs-assigned', entryId, { pairs }, tap);
	}

	/** The group tally of one unfinished relay puzzle at the limit (CZ-TEAM-RANK). */
	tallyPuzzle(entryId: string, puzzleId: string, groups: number[], tap = tapNow()) {
		return this.writer.record('tally.recorded', entryId, { puzzleId, groups }, tap);
	}
}
