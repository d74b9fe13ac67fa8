import { describe, expect, it } from 'vitest';
import { competition, MIN, T0 } from '$lib/scoring/testkit';
import { CompetitionScorer } from '$lib/scoring';
import { DeviceLog } from '$lib/events/builder';
import type { Entry } from '$lib/setup/schema';
import { chooseHeat, displayParams, type HeatCandidate } from './choose-heat';

/** One ES competition with three heats of two seats each. */
const base = competition('es-adult-individual', ['A1', 'A2', 'B1', 'B2', 'C1', 'C2']);
const entries: Entry[] = base.entries.map((e) => ({ ...e, heatId: `heat-${e.name[0]!.toLowerCase()}` }));
const setup = { ...base, entries };
const seats = (heat: string) => entries.filter((e) => e.heatId === heat).map((e) => e.id);

function heatsAt(log: DeviceLog[], foldedAt: number): HeatCandidate[] {
	const scorer = new CompetitionScorer(setup);
	for (const l of log) scorer.add(l.events);
	const outcomes = scorer.outcomes(foldedAt);
	return ['heat-a', 'heat-b', 'heat-c'].map((heatId) => ({ competitionId: 'comp', heatId, timeLimitMs: setup.ruleset.timeLimitMs, outcomes: outcomes.filter((o) => o.heatId === heatId) }));
}

function tableOf(heatId: string) {
	return new DeviceLog({ deviceId: `tab-${heatId}`, judge: 'J', competitionId: 'comp', heatId });
}

describe('chooseHeat', () => {
	it('none before any heat starts', () => {
		expect(chooseHeat(heatsAt([], T0), T0)).toBeNull();
	});

	it('the most recently started heat that still runs, its preview included', () => {
		const a = tableOf('heat-a');
		a.start(T0, seats('heat-a'), 2 * MIN);
		const b = tableOf('heat-b');
		b.start(T0 + 10 * MIN, seats('heat-b'), 2 * MIN);
		const at = T0 + 11 * MIN; // B in its preview, A running
		expect(chooseHeat(heatsAt([a, b], at), at)).toEqual({ competitionId: 'comp', heatId: 'heat-b' });
		// A later start of another heat takes over only once it has begun.
		const c = tableOf('heat-c');
		c.start(T0 + 30 * MIN, seats('heat-c'), 2 * MIN);
		expect(chooseHeat(heatsAt([a, b, c], at), at)).toEqual({ competitionId: 'comp', heatId: 'heat-b' });
	});

	it('a running heat wins over one that finished later', () => {
		const a = tableOf('heat-a');
		a.start(T0, seats('heat-a'), 2 * MIN);
		const b = tableOf('heat-b');
		b.start(T0 + 5 * MIN, seats('heat-b'), 2 * MIN);
		for (const id of seats('heat-b')) b.finish(id, T0 + 30 * MIN);
		const at = T0 + 40 * MIN;
		expect(chooseHeat(heatsAt([a, b], at), at)).toEqual({ competitionId: 'comp', heatId: 'heat-a' });
	});

	it('else the heat that finished last', () => {
		const a = tableOf('heat-a');
		a.start(T0, seats('heat-a'), 2 * MIN);
		for (const id of seats('heat-a')) a.finish(id, T0 + 50 * MIN);
		const b = tableOf('heat-b');
		b.start(T0 + 5 * MIN, seats('heat-b'), 2 * MIN);
		for (const id of seats('heat-b')) b.finish(id, T0 + 30 * MIN);
		const at = T0 + 60 * MIN;
		expect(chooseHeat(heatsAt([a, b], at), at)).toEqual({ competitionId: 'comp', heatId: 'heat-a' });
		// The limit ends a heat too: read after it, with outcomes folded before it.
		const limitOfB = T0 + 5 * MIN + 2 * MIN + 120 * MIN;
		const c = tableOf('heat-c');
		c.start(T0 + 20 * MIN, seats('heat-c'), 2 * MIN);
		const later = T0 + 20 * MIN + 2 * MIN + 120 * MIN + 1;
		expect(limitOfB).toBeLessThan(later);
		expect(chooseHeat(heatsAt([a, b, c], later - 1000), later)).toEqual({ competitionId: 'comp', heatId: 'heat-c' });
	});

	it('a heat whose one table finished early while the other has not started still runs', () => {
		const a = tableOf('heat-a');
		const [a1] = seats('heat-a') as [string, string];
		a.start(T0, [a1], 2 * MIN);
		a.finish(a1, T0 + 10 * MIN);
		const b = tableOf('heat-b');
		b.start(T0 + 1 * MIN, seats('heat-b'), 2 * MIN);
		for (const id of seats('heat-b')) b.finish(id, T0 + 20 * MIN);
		const at = T0 + 30 * MIN;
		expect(chooseHeat(heatsAt([a, b], at), at)).toEqual({ competitionId: 'comp', heatId: 'heat-a' });
	});

	it('ES-PAUSE: a heat past its limit with a seat still going on after its pauses still runs', () => {
		const a = tableOf('heat-a');
		const [a1, a2] = seats('heat-a') as [string, string];
		a.start(T0, seats('heat-a'), 2 * MIN);
		a.pause(a1, T0 + 30 * MIN, T0 + 34 * MIN);
		a.finish(a2, T0 + 40 * MIN);
		const b = tableOf('heat-b');
		b.start(T0 + 5 * MIN, seats('heat-b'), 2 * MIN);
		for (const id of seats('heat-b')) b.finish(id, T0 + 60 * MIN);
		const at = T0 + 2 * MIN + 121 * MIN; // past heat A's limit, A1 has 3 minutes to go
		expect(chooseHeat(heatsAt([a, b], at), at)).toEqual({ competitionId: 'comp', heatId: 'heat-a' });
	});

	it('the pinned heat when the device knows it, whatever its state', () => {
		const heats = heatsAt([], T0);
		expect(chooseHeat(heats, T0, { competitionId: 'comp', heatId: 'heat-c' })).toEqual({ competitionId: 'comp', heatId: 'heat-c' });
		expect(chooseHeat(heats, T0, { competitionId: 'comp', heatId: 'nope' })).toBeNull();
	});
});

describe('displayParams', () => {
	it('takes both IDs or neither', () => {
		expect(displayParams(new URLSearchParams('competition=c1&heat=h1'))).toEqual({ competition: 'c1', heat: 'h1' });
		expect(displayParams(new URLSearchParams('competition=c1'))).toBeNull();
		expect(displayParams(new URLSearchParams('competition=c1&heat=../x'))).toBeNull();
		expect(displayParams(new URLSearchParams(''))).toBeNull();
	});
});
