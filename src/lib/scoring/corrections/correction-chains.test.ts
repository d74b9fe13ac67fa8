import { describe, expect, it } from 'vitest';
import type { CorrectionEvent } from '$lib/events/schema';
import type { Conflict } from '../types';
import { T0, tablet } from '../testkit';
import { chainProblem, CorrectionChains, invalidCorrection } from './correction-chains';

describe('invalidCorrection', () => {
	it('names the correction alone, in its scope', () => {
		const log = tablet('tab-a');
		const c = log.correct(log.hand('ann', T0), T0 + 1, 'undo');
		expect(invalidCorrection(c, 'why')).toEqual({
			kind: 'invalid',
			competitionId: 'comp',
			heatId: 'heat-1',
			entryId: 'ann',
			eventIds: [c.id],
			deviceIds: ['tab-a'],
			message: 'why'
		});
	});
});

describe('chainProblem', () => {
	const log = tablet();
	const hand = log.hand('ann', T0);
	const start = log.start(T0, ['ann']);

	it('none for a correction of an action of its own scope', () => {
		expect(chainProblem(log.correct(hand, T0 + 1, 'undo'), hand)).toBeNull();
		expect(chainProblem(log.correct(hand, T0 + 1, 'later', { type: 'hand.raised', at: T0 + 5, payload: {} }), hand)).toBeNull();
	});

	it('an event not in the log, a loop of corrections, another scope, another kind of event', () => {
		const undo = log.correct(hand, T0 + 1, 'undo');
		expect(chainProblem(undo, undefined)).toBe(`correction ${undo.id} supersedes ${hand.id}, an event not in the log of this entry, heat or competition`);
		expect(chainProblem(undo, log.correct(hand, T0 + 2, 'x'))).toBe(`correction ${undo.id} is part of a cycle of corrections`);
		expect(chainProblem(undo, { ...hand, entryId: 'bob' })).toBe(`correction ${undo.id} names another competition, heat or entry than the event it corrects`);
		const toStart = log.correct(hand, T0 + 1, 'x', { type: 'heat.start', at: T0, payload: { entryIds: ['ann'], previewMs: 0 } });
		expect(chainProblem(toStart, hand)).toBe(`correction ${toStart.id} replaces a hand.raised with a heat.start (one names an entry, the other not)`);
		expect(chainProblem(log.correct(start, T0 + 1, 'x'), start)).toBeNull();
	});
});

describe('CorrectionChains', () => {
	it('the root of a chain is the action at its end; a revert takes the correction it supersedes out of force', () => {
		const log = tablet();
		const hand = log.hand('ann', T0);
		const undo = log.correct(hand, T0 + 1, 'undo');
		const redo = log.correct(undo, T0 + 2, 'revert');
		const chains = new CorrectionChains(log.events, []);
		expect(chains.target(redo)).toBe(undo);
		expect(chains.root(redo)).toBe(hand);
		expect([chains.inForce(undo), chains.inForce(redo)]).toEqual([false, true]);
	});

	it('a correction that cannot apply is out of force, and reported once however often it is asked about', () => {
		const log = tablet();
		const a = log.correct(log.hand('ann', T0), T0 + 1, 'x');
		const loop1 = { ...a, id: 'l1', payload: { supersedes: 'l2', reason: 'x' } } as CorrectionEvent;
		const loop2 = { ...a, id: 'l2', payload: { supersedes: 'l1', reason: 'x' } } as CorrectionEvent;
		const conflicts: Conflict[] = [];
		const chains = new CorrectionChains([loop1, loop2], conflicts);
		expect([chains.root(loop1), chains.root(loop1), chains.inForce(loop1)]).toEqual([null, null, false]);
		expect(conflicts.map((c) => c.message)).toEqual(['correction l1 is part of a cycle of corrections']);
	});

	it('an invalid correction does not take the one it supersedes out of force', () => {
		const log = tablet();
		const hand = log.hand('ann', T0);
		const undo = log.correct(hand, T0 + 1, 'undo');
		const foreign = { ...log.correct(undo, T0 + 2, 'x'), entryId: 'bob' };
		const chains = new CorrectionChains([...log.events.slice(0, 2), foreign], []);
		expect(chains.inForce(undo)).toBe(true);
	});
});
