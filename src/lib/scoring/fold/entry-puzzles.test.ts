import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { T0, tablet } from '../testkit';
import { EntryPuzzles } from './entry-puzzles';

const SINGLE = presetById('czjpa-individual')!;
const RELAY = presetById('czjpa-team-relay')!;

describe('EntryPuzzles', () => {
	it('a single puzzle: one open puzzle of the "single" stage, found by its own ID only', () => {
		const p = new EntryPuzzles(SINGLE);
		expect(p.isRelay).toBe(false);
		expect(p.list).toEqual([
			{ puzzleId: 'puzzle', stageId: 'single', pieces: 500, finish: null, check: 'none', checkedAt: null, missingPieces: 0, checkId: null, checkDeviceId: null, missingFromBox: 0, boxFault: 'none', tally: null, teardownAt: null }
		]);
		expect(p.last).toBe(p.list[0]);
		expect(p.byId('puzzle')).toBe(p.last);
		expect(p.byId('p1-1')).toBeUndefined();
	});

	it('CZ-TEAM-FORMAT: a relay lists its puzzles in solving order with their stages; the last is the final', () => {
		const p = new EntryPuzzles(RELAY);
		expect(p.list.map((x) => [x.puzzleId, x.stageId])).toEqual([
			['p1-1', 'part-1'],
			['p1-2', 'part-1'],
			['p1-3', 'part-1'],
			['p1-4', 'part-1'],
			['p2-1', 'part-2'],
			['p2-2', 'part-2'],
			['p3', 'part-3'],
			['final', 'final']
		]);
		expect(p.last.puzzleId).toBe('final');
		expect(p.byId('p2-2')).toBe(p.list[5]);
		expect(p.byId('puzzle')).toBeUndefined();
	});

	it('each entry gets puzzles of its own: finishing one changes no other entry', () => {
		const a = new EntryPuzzles(SINGLE);
		const b = new EntryPuzzles(SINGLE);
		a.last.tally = [5];
		expect(b.last.tally).toBeNull();
	});

	it('which puzzle a claim or a tally names: a hand raised or an unnamed tally names the single puzzle, and none of a relay', () => {
		const log = tablet();
		const hand = log.hand('ann', T0);
		const finished = log.puzzleFinished('ann', T0, 'p3');
		const unnamed = log.tally('ann', T0, [10]);
		const named = log.tally('ann', T0, [10], 'p2-1');
		const single = new EntryPuzzles(SINGLE);
		const relay = new EntryPuzzles(RELAY);
		expect([single.claimedBy(hand), single.claimedBy(finished), single.talliedBy(unnamed), single.talliedBy(named)]).toEqual(['puzzle', 'p3', 'puzzle', 'p2-1']);
		expect([relay.claimedBy(hand), relay.claimedBy(finished), relay.talliedBy(unnamed), relay.talliedBy(named)]).toEqual(['', 'p3', '', 'p2-1']);
	});
});
