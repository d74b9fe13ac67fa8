import { describe, expect, it } from 'vitest';
import type { Conflict } from '$lib/scoring';
import { competition, MIN, T0 } from '$lib/scoring/testkit';
import { conflictSides } from './conflict-sides';
import { contextOf, stepsOf, tabletLog } from './conflicts.testkit';

describe('conflictSides', () => {
	const setup = competition('czjpa-individual', ['Ana']);
	const a = tabletLog('tab-a', 'Eva');
	const b = tabletLog('tab-b', 'Pablo');
	a.start(T0, ['ana']);
	const first = a.hand('ana', T0 + 40 * MIN);
	const second = b.hand('ana', T0 + 41 * MIN + 250);
	const ctx = contextOf(setup, [...a.events, ...b.events]);
	const sidesOf = (conflict: Conflict) => {
		const { sayings, times } = stepsOf(ctx, 'ana');
		return conflictSides(conflict, ctx, sayings, times);
	};
	const conflict = (kind: Conflict['kind'], eventIds: string[]): Conflict => ({ kind, competitionId: 'comp', heatId: 'heat-1', entryId: 'ana', eventIds, deviceIds: [], message: '' });

	it('each event the conflict names, in its order: its tablet, what it says with its follow-ups, its judge and time of day', () => {
		expect(sidesOf(conflict('double-finish', [second.id, first.id]))).toEqual([
			{ eventId: second.id, tablet: 'Table B', says: 'finished 41:00.250, not checked', judge: 'Pablo', clock: '09:41:00.250', known: true },
			{ eventId: first.id, tablet: 'Table A', says: 'finished 40:00.000, not checked', judge: 'Eva', clock: '09:40:00.000', known: true }
		]);
	});

	it('the second event of an after-lock conflict says it came after the lock', () => {
		const sides = sidesOf(conflict('after-lock', [first.id, second.id]));
		expect(sides.map((s) => s.says)).toEqual(['finished 40:00.000, not checked', 'finished 41:00.250, not checked — recorded after the record was agreed and locked']);
	});

	it('an event this device does not hold: an unknown tablet, said so, not known', () => {
		expect(sidesOf(conflict('double-finish', [first.id, 'gone-1']))[1]).toEqual({ eventId: 'gone-1', tablet: 'Unknown tablet', says: 'This event is not on this device.', judge: null, clock: null, known: false });
	});
});
