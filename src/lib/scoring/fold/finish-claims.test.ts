import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { Conflict } from '../types';
import { competition, SEC, T0, tablet } from '../testkit';
import { checkVerdicts } from './check-verdicts';
import { EntryPuzzles } from './entry-puzzles';
import { claimsByPuzzle, reportDoubleFinishes } from './finish-claims';
import { actionsOf } from './testkit';

const entry = competition('czjpa-individual', ['Ann']).entries[0]!;

describe('claimsByPuzzle', () => {
	it('finishes not rejected, per puzzle, in order', () => {
		const log = tablet();
		const rejected = log.hand('ann', T0);
		log.reject(rejected, T0 + SEC);
		const a = log.hand('ann', T0 + 2 * SEC);
		const b = log.hand('ann', T0 + 3 * SEC);
		const events = actionsOf(log);
		const conflicts: Conflict[] = [];
		const claims = claimsByPuzzle(entry, events, checkVerdicts(entry, events, []), new EntryPuzzles(presetById('czjpa-individual')!), conflicts);
		expect([...claims]).toEqual([['puzzle', [a, b]]]);
		expect(conflicts).toEqual([]);
	});

	it('a claim naming no puzzle of the entry is an invalid conflict and left out', () => {
		const log = tablet();
		const hand = log.hand('ann', T0);
		const unknown = log.puzzleFinished('ann', T0, 'p9');
		const conflicts: Conflict[] = [];
		const claims = claimsByPuzzle(entry, actionsOf(log), new Map(), new EntryPuzzles(presetById('czjpa-team-relay')!), conflicts);
		expect(claims.size).toBe(0);
		expect(conflicts.map((c) => [c.kind, c.eventIds, c.message])).toEqual([
			['invalid', [hand.id], 'a relay finish must name its puzzle (relay.puzzle-finished)'],
			['invalid', [unknown.id], 'unknown puzzle "p9"']
		]);
	});
});

describe('reportDoubleFinishes', () => {
	it('more than one finish of a puzzle is a conflict, naming the devices when they differ; one finish is none', () => {
		const a = tablet('tab-a');
		const b = tablet('tab-b');
		const first = a.puzzleFinished('ann', T0, 'p3');
		const second = b.puzzleFinished('ann', T0 + SEC, 'p3');
		const only = a.puzzleFinished('ann', T0, 'p1-1');
		const conflicts: Conflict[] = [];
		reportDoubleFinishes(
			entry,
			new Map([
				['p1-1', [only]],
				['p3', [first, second]]
			]),
			true,
			conflicts
		);
		expect(conflicts.map((c) => [c.kind, c.eventIds, c.message])).toEqual([
			['double-finish', [first.id, second.id], '2 finishes of puzzle p3 of Ann from different devices; the earliest counts']
		]);
	});

	it('one device, a single puzzle: the message names neither', () => {
		const log = tablet();
		const conflicts: Conflict[] = [];
		reportDoubleFinishes(entry, new Map([['puzzle', [log.hand('ann', T0), log.hand('ann', T0 + 1)]]]), false, conflicts);
		expect(conflicts[0]!.message).toBe('2 finishes of Ann; the earliest counts');
	});
});
