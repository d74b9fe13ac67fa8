import type { Entry } from '$lib/setup/schema';
import type { EventOf } from '$lib/events/schema';
import type { Conflict } from '../types';
import { entryConflict } from './entry-conflict';
import type { EntryPuzzles } from './entry-puzzles';

/**
 * The judge's tallies of an entry's unfinished puzzles: the connected groups of pieces
 * (CZ-GEN-UNFINISHED, ES-UNFINISHED). A later tally of a puzzle replaces the earlier one; two
 * that differ are a conflict. A tally naming no puzzle, or more pieces than it has, is not applied.
 */
export class Tallies {
	private readonly byPuzzle = new Map<string, EventOf<'tally.recorded'>>();

	constructor(
		private readonly entry: Entry,
		private readonly puzzles: EntryPuzzles,
		private readonly conflicts: Conflict[]
	) {}

	record(e: EventOf<'tally.recorded'>): void {
		const { entry, puzzles, conflicts } = this;
		const pid = puzzles.talliedBy(e);
		const p = puzzles.byId(pid);
		if (!p) {
			conflicts.push(entryConflict(entry, 'invalid', [e], puzzles.isRelay ? 'a relay tally must name its puzzle' : `unknown puzzle "${pid}"`));
			return;
		}
		const sum = e.payload.groups.reduce((a, b) => a + b, 0);
		if (sum > p.pieces) {
			conflicts.push(entryConflict(entry, 'invalid', [e], `tally of ${sum} pieces for a ${p.pieces}-piece puzzle; not applied`));
			return;
		}
		const before = this.byPuzzle.get(pid);
		if (before && before.payload.groups.join(',') !== e.payload.groups.join(','))
			conflicts.push(entryConflict(entry, 'double-tally', [before, e], `two different tallies of ${pid} for ${entry.name}; the later one counts`));
		this.byPuzzle.set(pid, e);
		p.tally = e.payload.groups;
	}
}
