import { describe, expect, it } from 'vitest';
import { competition, MIN, SEC, T0 } from '$lib/scoring/testkit';
import { contextOf, stepsOf, tabletLog } from './conflicts.testkit';

describe('ConflictTimes', () => {
	it("says a moment as the entry's clock on the tablet that started the entry, from that tablet's own start", () => {
		const setup = competition('czjpa-individual', ['Ana']);
		const a = tabletLog('tab-a');
		const b = tabletLog('tab-b');
		a.start(T0, ['ana']);
		b.start(T0 + 5 * SEC, ['ana']);
		const { times } = stepsOf(contextOf(setup, [...a.events, ...b.events]), 'ana');
		expect(times.time('tab-a', T0 + 8 * MIN + 31_103)).toBe('8:31.103');
		expect(times.time('tab-b', T0 + 8 * MIN + 31_103)).toBe('8:26.103');
	});

	it("says the tablet's time of day, with milliseconds when the ruleset records them, where there is no clock of the entry", () => {
		const setup = competition('czjpa-individual', ['Ana']);
		const { times } = stepsOf(contextOf(setup, []), 'ana');
		expect(times.dayTime(T0 + 8 * MIN + 31_103)).toBe('09:08:31.103');
		expect(times.time('tab-a', T0 + 8 * MIN + 31_103)).toBe('09:08:31.103 by the tablet’s clock');
		expect(stepsOf(contextOf(setup, [])).times.time('tab-a', T0)).toBe('09:00:00.000 by the tablet’s clock');
		expect(stepsOf(contextOf(setup, [], 'cs')).times.dayTime(T0 + 31_103)).toBe('9:00:31,103');
	});

	it('ES-WIN: whole seconds when the ruleset records whole seconds', () => {
		const setup = competition('es-adult-individual', ['Lucía']);
		expect(stepsOf(contextOf(setup, [])).times.dayTime(T0 + 31_103)).toBe('09:00:31');
	});
});
