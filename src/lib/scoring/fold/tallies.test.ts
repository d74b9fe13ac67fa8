import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { Conflict } from '../types';
import { competition, MIN, T0, tablet } from '../testkit';
import { EntryPuzzles } from './entry-puzzles';
import { Tallies } from './tallies';

const entry = competition('czjpa-individual', ['Ann']).entries[0]!;

function tallies(presetId = 'czjpa-individual') {
	const puzzles = new EntryPuzzles(presetById(presetId)!);
	const conflicts: Conflict[] = [];
	return { puzzles, conflicts, tallies: new Tallies(entry, puzzles, conflicts) };
}

describe('Tallies', () => {
	it('CZ-GEN-UNFINISHED: a tally gives its puzzle the groups of pieces', () => {
		const t = tallies();
		t.tallies.record(tablet().tally('ann', T0, [120, 4, 2]));
		expect(t.puzzles.last.tally).toEqual([120, 4, 2]);
		expect(t.conflicts).toEqual([]);
	});

	it('a later tally counts; one that differs is a conflict, the same one again is not', () => {
		const t = tallies();
		const log = tablet();
		const first = log.tally('ann', T0, [50]);
		const same = log.tally('ann', T0 + MIN, [50]);
		const other = log.tally('ann', T0 + 2 * MIN, [60]);
		for (const e of [first, same, other]) t.tallies.record(e);
		expect(t.puzzles.last.tally).toEqual([60]);
		expect(t.conflicts.map((c) => [c.kind, c.eventIds, c.message])).toEqual([
			['double-tally', [same.id, other.id], 'two different tallies of puzzle for Ann; the later one counts']
		]);
	});

	it('more pieces than the puzzle has: a conflict, not applied', () => {
		const t = tallies();
		t.tallies.record(tablet().tally('ann', T0, [400, 101]));
		expect(t.puzzles.last.tally).toBeNull();
		expect(t.conflicts.map((c) => c.message)).toEqual(['tally of 501 pieces for a 500-piece puzzle; not applied']);
	});

	it('a tally naming no puzzle of the entry: a conflict, not applied', () => {
		const single = tallies();
		single.tallies.record(tablet().tally('ann', T0, [5], 'p9'));
		expect(single.conflicts.map((c) => [c.kind, c.message])).toEqual([['invalid', 'unknown puzzle "p9"']]);
		const relay = tallies('czjpa-team-relay');
		relay.tallies.record(tablet().tally('ann', T0, [5]));
		expect(relay.conflicts.map((c) => [c.kind, c.message])).toEqual([['invalid', 'a relay tally must name its puzzle']]);
		relay.tallies.record(tablet().tally('ann', T0, [5], 'p2-1'));
		expect(relay.puzzles.byId('p2-1')!.tally).toEqual([5]);
	});
});
