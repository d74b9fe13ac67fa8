import type { Entry } from '$lib/setup/schema';
import { compareEvents } from '$lib/events/order';
import type { Conflict, EffectiveEvent } from '../types';
import { entryConflict } from './entry-conflict';
import type { EntryPuzzles } from './entry-puzzles';

/** The judge events a locked record no longer takes (CZ-GEN-RECORD). */
export const LOCKED_TYPES = new Set<EffectiveEvent['type']>([
	'pause.start',
	'pause.end',
	'assist.start',
	'assist.end',
	'hand.raised',
	'relay.puzzle-finished',
	'check.confirmed',
	'check.rejected',
	'tally.recorded',
	'entry.disqualified',
	'entry.did-not-start',
	'relay.pairs-assigned',
	'relay.teardown-done'
]);

/**
 * Whether an event records the entry's result: a tally, a disqualification, or a confirmed
 * check — for a relay, only the check of a finish of its last puzzle.
 */
export function resultTest(events: readonly EffectiveEvent[], puzzles: EntryPuzzles): (e: EffectiveEvent) => boolean {
	let finalClaims: Set<string> | null = null;
	if (puzzles.isRelay) {
		finalClaims = new Set();
		for (const e of events) if (e.type === 'relay.puzzle-finished' && e.payload.puzzleId === puzzles.last.puzzleId) finalClaims.add(e.id);
	}
	return (e) =>
		(e.type === 'check.confirmed' && (finalClaims === null || finalClaims.has(e.payload.ref))) || e.type === 'tally.recorded' || e.type === 'entry.disqualified';
}

/** The events in the order they were recorded in: a correction's replacement at its original's time. */
export function inRecordedOrder(events: readonly EffectiveEvent[]): readonly EffectiveEvent[] {
	return events.some((e) => e.correctedBy !== undefined)
		? [...events].sort((a, b) => (a.recordedAt ?? a.at) - (b.recordedAt ?? b.at) || compareEvents(a, b))
		: events;
}

/** The index of the lock in `recorded`: the first acknowledgement after a result; -1 if none. */
export function lockIndex(recorded: readonly EffectiveEvent[], isResult: (e: EffectiveEvent) => boolean): number {
	let sawResult = false;
	for (let i = 0; i < recorded.length; i++) {
		const e = recorded[i]!;
		if (isResult(e)) sawResult = true;
		else if (e.type === 'record.acknowledged' && sawResult) return i;
	}
	return -1;
}

/**
 * The lock (CZ-GEN-RECORD): the first acknowledgement recorded after the entry's result. Judge
 * events recorded after it are conflicts and not applied; corrections are how a locked record
 * changes, so corrected events are exempt.
 * @returns the events to apply, in total order, and whether the record is locked
 */
export function lockRecord(
	entry: Entry,
	events: readonly EffectiveEvent[],
	puzzles: EntryPuzzles,
	conflicts: Conflict[]
): { applied: readonly EffectiveEvent[]; locked: boolean } {
	const recorded = inRecordedOrder(events);
	const at = lockIndex(recorded, resultTest(events, puzzles));
	if (at < 0) return { applied: events, locked: false };
	const lock = recorded[at]!;
	const late = recorded.filter((e, i) => i > at && e.correctedBy === undefined && LOCKED_TYPES.has(e.type));
	if (late.length === 0) return { applied: events, locked: true };
	for (const e of late) conflicts.push(entryConflict(entry, 'after-lock', [lock, e], `${e.type} after the record of ${entry.name} was acknowledged and locked; not applied`));
	const lateSet = new Set(late);
	return { applied: events.filter((e) => !lateSet.has(e)), locked: true };
}
