import type { Ruleset } from '$lib/rules/schema';
import type { EntrySummary, Interval } from './fold';
import { atResolution } from './time';
import type { EntryStatus, Outcome, Penalties, PuzzleOutcome } from './types';

/** Time the clock stood still in pauses before `t`. */
function pausedBefore(pauses: readonly Interval[], t: number): number {
	let ms = 0;
	for (const p of pauses) if (p.from < t) ms += Math.min(p.to, t) - p.from;
	return ms;
}

/** Pieces in connected groups of at least `minGroupSize` (CZ-GEN-UNFINISHED, ES-UNFINISHED). */
export function countedPieces(groups: readonly number[], minGroupSize: number): number {
	let n = 0;
	for (const g of groups) if (g >= minGroupSize) n += g;
	return n;
}

/**
 * The relay puzzles an unfinished team's judge tallies at the limit (CZ-TEAM-RANK): the
 * unfinished ones of the first part not finished. Later parts were never reached and count 0.
 */
export function puzzlesToTally(puzzles: readonly PuzzleOutcome[]): PuzzleOutcome[] {
	const firstOpenStage = puzzles.find((p) => p.status !== 'finished')?.stageId;
	return puzzles.filter((p) => p.status === 'unfinished' && p.stageId === firstOpenStage);
}

/**
 * An entry's outcome at moment `now` (ms, the caller's clock: scoring never reads a clock).
 * Running clocks are computed from the recorded timestamps, never from counted ticks.
 */
export function evaluate(ruleset: Ruleset, s: EntrySummary, now: number): Outcome {
	const res = ruleset.timeResolution;
	const totalPieces = s.puzzles.reduce((a, p) => a + p.pieces, 0);
	const minGroup = ruleset.unfinished.minGroupSize;
	const started = s.startedAt !== null && s.limitAt !== null;
	// A disqualification stops the clock where it was recorded (a seat out runs no more time).
	const stoppedAt = s.disqualifiedAt !== null && s.limitAt !== null ? Math.min(s.disqualifiedAt, s.limitAt) : s.disqualifiedAt;
	const clockEnd = s.finishedAt ?? stoppedAt ?? s.limitAt ?? now;
	const t = Math.min(now, clockEnd);
	const stops = s.pausesStopClock ? s.pauses : [];
	const clockMs = started && t > s.startedAt! ? Math.min(t - s.startedAt! - pausedBefore(stops, t), ruleset.timeLimitMs) : 0;

	const limitReached = started && s.finishedAt === null && now >= s.limitAt!;
	const finished = s.finishedAt !== null && now >= s.finishedAt;
	const activePause = s.pauses.find((p) => p.from <= now && now < p.to && (s.finishedAt === null || p.from < s.finishedAt));

	// Assistance counts up to the finish or limit, and no further than the cap (ES-ASSIST).
	let assistMs = 0;
	let assistActive = false;
	for (const a of s.assists) {
		if (a.from > now) continue;
		const to = Math.min(a.to ?? clockEnd, clockEnd);
		if (now < to) assistActive = true;
		const end = Math.min(to, now);
		assistMs += Math.max(0, end - a.from);
	}
	const assistCap = ruleset.assistance?.maxTotalMs ?? 0;
	assistMs = Math.min(assistMs, assistCap);

	const missingPieces = s.puzzles.reduce((a, p) => a + (p.finish ? p.missingPieces : 0), 0);
	let disqualification = s.disqualification;
	const disqualifiedForMissingPieces = disqualification === null && missingPieces > 0 && ruleset.missingPieces.policy === 'disqualify';
	if (disqualifiedForMissingPieces)
		disqualification = `${missingPieces} piece${missingPieces === 1 ? '' : 's'} missing at the check: a lost piece disqualifies`;

	const puzzles: PuzzleOutcome[] = s.puzzles.map((p) => ({
		puzzleId: p.puzzleId,
		stageId: p.stageId,
		pieces: p.pieces,
		status: p.finish ? 'finished' : limitReached ? 'unfinished' : 'open',
		finishedAtMs: p.finish && started ? p.finish.at - s.startedAt! - pausedBefore(stops, p.finish.at) : null,
		finishEventId: p.finish?.eventId ?? null,
		memberIds: p.finish?.memberIds ?? [],
		check: p.finish ? p.check : 'none',
		missingPieces: p.finish ? p.missingPieces : 0,
		countedPieces: p.finish ? p.pieces - p.missingPieces : p.tally ? countedPieces(p.tally, minGroup) : null,
		checkedAtMs: p.finish && p.check === 'confirmed' && p.checkedAt !== null && started ? p.checkedAt - s.startedAt! - pausedBefore(stops, p.checkedAt) : null,
		boxedAtMs: p.teardownAt !== null && started ? p.teardownAt - s.startedAt! - pausedBefore(stops, p.teardownAt) : null,
		teardownMs: p.teardownAt !== null && p.checkedAt !== null ? Math.max(0, p.teardownAt - p.checkedAt) : null
	}));
	const last = puzzles[puzzles.length - 1]!;

	let status: EntryStatus;
	if (s.didNotStart) status = 'did-not-start';
	else if (disqualification !== null) status = 'disqualified';
	else if (!started) status = 'not-started';
	else if (now < s.startedAt!) status = 'preview';
	else if (finished) status = 'finished';
	else if (limitReached) status = 'unfinished';
	else if (activePause) status = 'paused';
	else status = 'running';

	// Pieces that count: a finished puzzle's less the missing ones; an unfinished one's tally.
	// Relay puzzles of stages not yet reached count 0 and need no tally (CZ-TEAM-RANK).
	let counted: number | null = null;
	let tallyPending = false;
	if (status === 'finished') counted = totalPieces - missingPieces;
	else if (status === 'unfinished') {
		tallyPending = puzzlesToTally(puzzles).some((p) => p.countedPieces === null);
		counted = tallyPending ? null : puzzles.reduce((a, p) => a + (p.countedPieces ?? 0), 0);
	}
	// Loose pieces are an unfinished entry's pieces outside the counted groups (ES-UNFINISHED);
	// a finisher's pieces not in the puzzle are its missing pieces (CZ-GEN-MISSING), not loose.
	const loose = status === 'unfinished' && counted !== null ? totalPieces - counted : null;

	const penalties: Penalties = {
		// Unfinished entries have no recorded time: their missing pieces only reduce the count.
		missingPiecesMs: status === 'finished' && ruleset.missingPieces.policy === 'penalty' ? missingPieces * ruleset.missingPieces.penaltyMsPerPiece : 0,
		assistanceMs: ruleset.assistance?.addedAsPenalty ? atResolution(assistMs, res) : 0,
		loosePiecesMs:
			status === 'unfinished' && loose !== null && ruleset.unfinished.policy === 'limit-plus-loose-penalty'
				? loose * ruleset.unfinished.penaltyMsPerLoosePiece
				: 0,
		adjustmentMs: s.adjustmentMs
	};
	const penaltyMs = penalties.missingPiecesMs + penalties.assistanceMs + penalties.loosePiecesMs + penalties.adjustmentMs;

	let elapsedMs: number | null = null;
	let finalTimeMs: number | null = null;
	if (status === 'finished') {
		elapsedMs = atResolution(clockMs, res);
		finalTimeMs = Math.max(0, elapsedMs + penaltyMs);
	} else if (status === 'unfinished') {
		elapsedMs = atResolution(ruleset.timeLimitMs, res);
		if (ruleset.unfinished.policy === 'limit-plus-loose-penalty' && !tallyPending) finalTimeMs = Math.max(0, elapsedMs + penaltyMs);
	}

	return {
		entryId: s.entryId,
		heatId: s.heatId,
		status,
		previewAt: s.previewAt,
		startedAt: s.startedAt,
		limitAt: s.limitAt,
		clockMs,
		elapsedMs,
		finishedAt: finished ? s.finishedAt : null,
		finishEventId: finished ? (s.puzzles[s.puzzles.length - 1]!.finish?.eventId ?? null) : null,
		check: finished ? last.check : 'none',
		locked: s.locked,
		missingPieces,
		pauses: {
			used: s.pauses.filter((p) => p.from <= now).length,
			max: ruleset.pause?.maxCount ?? 0,
			usedMs: pausedBefore(s.pauses, t),
			active: status === 'paused'
		},
		assistance: { used: s.assists.filter((a) => a.from <= now).length, max: ruleset.assistance?.maxCount ?? 0, usedMs: assistMs, active: assistActive },
		penalties,
		penaltyMs,
		finalTimeMs,
		totalPieces,
		countedPieces: counted,
		loosePieces: loose,
		tallyPending,
		disqualification,
		disqualifiedForMissingPieces,
		notes: s.notes,
		incidents: s.incidents,
		puzzles: ruleset.format.kind === 'relay' ? puzzles : null,
		pairs: ruleset.format.kind === 'relay' ? s.pairs : null
	};
}
