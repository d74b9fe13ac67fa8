import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { MIN, T0 } from '../testkit';
import { assistanceBudget, pauseBudget } from './budgets';
import { summary } from './testkit';

const ES = presetById('es-adult-individual')!; // 2 pauses; 3 assistances, 10 min in all
const CZ = presetById('czjpa-individual')!; // neither

describe('pauseBudget', () => {
	it('ES-PAUSE: the pauses begun by now, and their time up to the moment the clock shows', () => {
		const s = summary({
			pauses: [
				{ from: T0 + MIN, to: T0 + 3 * MIN },
				{ from: T0 + 10 * MIN, to: T0 + 15 * MIN }
			]
		});
		expect(pauseBudget(ES, s, T0 + 11 * MIN, T0 + 11 * MIN, true)).toEqual({ used: 2, max: 2, usedMs: 3 * MIN, active: true });
		expect(pauseBudget(ES, s, T0 + 5 * MIN, T0 + 5 * MIN, false)).toEqual({ used: 1, max: 2, usedMs: 2 * MIN, active: false });
		expect(pauseBudget(CZ, summary(), T0, T0, false).max).toBe(0);
	});
});

describe('assistanceBudget', () => {
	it('ES-ASSIST: an open assistance runs up to now, and is active', () => {
		const s = summary({ assists: [{ from: T0 + MIN, to: null }] });
		expect(assistanceBudget(ES, s, T0 + 4 * MIN, T0 + 120 * MIN)).toEqual({ used: 1, max: 3, usedMs: 3 * MIN, active: true });
		const ended = summary({ assists: [{ from: T0 + MIN, to: T0 + 4 * MIN }] });
		expect(assistanceBudget(ES, ended, T0 + 4 * MIN, T0 + 120 * MIN)).toEqual({ used: 1, max: 3, usedMs: 3 * MIN, active: false });
	});

	it('ES-ASSIST: it counts no further than the clock’s end, and no more than the cap', () => {
		const s = summary({
			assists: [
				{ from: T0 + MIN, to: T0 + 9 * MIN },
				{ from: T0 + 20 * MIN, to: null }
			]
		});
		expect(assistanceBudget(ES, s, T0 + 30 * MIN, T0 + 22 * MIN)).toEqual({ used: 2, max: 3, usedMs: 10 * MIN, active: false });
		expect(assistanceBudget(ES, s, T0 + 21 * MIN, T0 + 120 * MIN).usedMs).toBe(9 * MIN);
	});

	it('assistance begun after now is not counted yet; a ruleset without assistance has no cap to fill', () => {
		const s = summary({ assists: [{ from: T0 + 5 * MIN, to: T0 + 6 * MIN }] });
		expect(assistanceBudget(ES, s, T0 + MIN, T0 + 120 * MIN)).toEqual({ used: 0, max: 3, usedMs: 0, active: false });
		expect(assistanceBudget(CZ, s, T0 + 10 * MIN, T0 + 120 * MIN)).toEqual({ used: 1, max: 0, usedMs: 0, active: false });
	});
});
