import type { ActionEvent, JudgeEvent } from '$lib/events/schema';
import type { Ruleset } from '$lib/rules/schema';
import { puzzlesOf } from '$lib/rules/ruleset-reading';
import type { Competition, Entry } from '$lib/setup/schema';
import { applyCorrections, atResolution, CompetitionScorer } from '$lib/scoring';

/**
 * An entry's clock at a moment of the tablets' time, as the ruleset counts it: from the start
 * in force (after any preview), with the pauses that stop the clock taken out, at the
 * ruleset's resolution. It is the time a finish at that moment would get, and the scorer
 * itself computes it: the entry's starts, pauses and assistance in force with one finish at
 * that moment and nothing else (no other finish, check or lock). Null before the start, after
 * the time limit, or without a start.
 */

export interface EntryClockSetup {
	competition: Competition;
	ruleset: Ruleset;
	entry: Entry;
}

const KEPT = new Set<JudgeEvent['type']>(['heat.start', 'pause.start', 'pause.end', 'assist.start', 'assist.end']);
const PROBE = 'entry-clock-probe';

export interface EntryClockOptions {
	/**
	 * The clock as this device counted it: from its own start of the entry when it recorded one
	 * (two tablets that each started a seat each showed their own time), else from the start in force.
	 */
	startsOf?: string;
}

/**
 * `scope`: the events of the entry and of its heat (corrections included); others are ignored.
 * Returns the reading at `at` (ms of the tablets' clocks).
 */
export function entryClock(setup: EntryClockSetup, scope: Iterable<JudgeEvent>, options: EntryClockOptions = {}): (at: number) => number | null {
	const { competition, ruleset, entry } = setup;
	const own = [...scope].filter(
		(e) => e.competitionId === competition.id && (e.entryId === entry.id || (e.entryId === null && e.heatId === entry.heatId))
	);
	// The clock's events in force, as plain events (a replaced one carries its replacement).
	let kept: ActionEvent[] = applyCorrections(own)
		.effective.filter((e) => KEPT.has(e.type) && (e.type !== 'heat.start' || e.payload.entryIds.includes(entry.id)))
		.map(({ correctedBy: _c, recordedAt: _r, ...e }) => e as ActionEvent);
	if (options.startsOf !== undefined && kept.some((e) => e.type === 'heat.start' && e.deviceId === options.startsOf))
		kept = kept.filter((e) => e.type !== 'heat.start' || e.deviceId === options.startsOf);
	const firstPuzzle = puzzlesOf(ruleset)[0]!;
	const relay = ruleset.format.kind === 'relay';
	const cs = { competition, ruleset, entries: [entry] };

	return (at: number) => {
		const envelope = { id: PROBE, deviceId: PROBE, seq: 1, at, mono: 0, judge: PROBE, competitionId: competition.id, heatId: entry.heatId, entryId: entry.id };
		const probe: JudgeEvent = relay
			? { ...envelope, type: 'relay.puzzle-finished', payload: { puzzleId: firstPuzzle.id, memberIds: [] } }
			: { ...envelope, type: 'hand.raised', payload: {} };
		const scorer = new CompetitionScorer(cs);
		scorer.add([...kept, probe]);
		const outcome = scorer.standings(at).rows[0]?.outcome;
		if (!outcome || outcome.startedAt === null || at < outcome.startedAt) return null;
		if (relay) {
			const p = outcome.puzzles?.[0];
			if (!p || p.finishEventId !== PROBE || p.finishedAtMs === null || p.finishedAtMs > ruleset.timeLimitMs) return null;
			return atResolution(p.finishedAtMs, ruleset.timeResolution);
		}
		return outcome.status === 'finished' && outcome.finishEventId === PROBE ? outcome.elapsedMs : null;
	};
}
