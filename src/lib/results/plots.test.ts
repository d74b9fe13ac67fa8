import { describe, expect, it } from 'vitest';
import { competition, MIN, SEC, T0, tablet, score } from '$lib/scoring/testkit';
import { finishTimesHistogram, heatProgress, stepPath } from './plots';

describe('the finish-times histogram', () => {
	it('bins the finishers’ final times (penalties included) at round minutes, and leaves the others out', () => {
		const setup = competition('czjpa-individual', ['Ana', 'Bob', 'Cyril', 'Dana', 'Eva']);
		const t = tablet();
		t.start(T0, ['ana', 'bob', 'cyril', 'dana', 'eva']);
		t.finish('ana', T0 + 41 * MIN + 10 * SEC);
		t.finish('bob', T0 + 43 * MIN);
		t.finish('cyril', T0 + 58 * MIN, 1); // one missing piece: a time penalty under this ruleset
		t.hand('dana', T0 + 70 * MIN); // not checked yet: finished, and it counts
		const standings = score(setup, t.events, T0 + 95 * MIN);
		const cyril = standings.rows.find((r) => r.name === 'Cyril')!.outcome;
		expect(cyril.finalTimeMs).toBeGreaterThan(58 * MIN);

		const h = finishTimesHistogram(standings.rows, 10);
		expect(h.finishers).toBe(4);
		expect(h.fastestMs).toBe(41 * MIN + 10 * SEC);
		expect(h.slowestMs).toBe(70 * MIN);
		expect(h.bins[0]!.fromMs).toBe(40 * MIN);
		expect(h.bins[h.bins.length - 1]!.toMs).toBe(70 * MIN);
		expect(h.binMs).toBe(2 * MIN);
		expect(h.bins.every((b) => b.toMs - b.fromMs === 2 * MIN)).toBe(true); // 40:00, 42:00 … 70:00
		expect(h.bins.reduce((n, b) => n + b.count, 0)).toBe(4);
		expect(h.bins.find((b) => b.fromMs === 40 * MIN)!.names).toEqual(['Ana']);
		expect(h.bins.find((b) => b.fromMs === 42 * MIN)!.names).toEqual(['Bob']);
		expect(h.bins[h.bins.length - 1]!.names).toEqual(['Dana']); // the last bin includes its upper bound
		expect(h.busiest!.fromMs).toBe(40 * MIN);
	});

	it('gives one bin to a single time, and nothing without finishers', () => {
		const setup = competition('czjpa-individual', ['Ana', 'Bob']);
		const t = tablet();
		t.start(T0, ['ana', 'bob']);
		expect(finishTimesHistogram(score(setup, t.events, T0 + MIN).rows)).toEqual({ bins: [], binMs: 0, finishers: 0, fastestMs: null, slowestMs: null, busiest: null });
		t.finish('ana', T0 + 30 * MIN + 30 * SEC);
		const h = finishTimesHistogram(score(setup, t.events, T0 + 95 * MIN).rows);
		expect(h.bins.filter((b) => b.count > 0)).toEqual([expect.objectContaining({ count: 1, names: ['Ana'] })]);
		expect(h.bins[0]!.fromMs).toBe(30 * MIN); // the minute around it, in 5-second bins
		expect(h.bins[h.bins.length - 1]!.toMs).toBe(31 * MIN);
		expect(h.binMs).toBe(5 * SEC);
	});
});

describe('each heat’s progress', () => {
	it('counts finishers up over the minutes since the heat’s start, per heat', () => {
		const base = competition('czjpa-individual', ['Ana', 'Bob', 'Cyril', 'Dana']);
		const setup = { ...base, entries: base.entries.map((e) => (e.id === 'dana' ? { ...e, heatId: 'heat-2' } : e)) };
		const t = tablet();
		t.start(T0, ['ana', 'bob', 'cyril']);
		t.finish('bob', T0 + 35 * MIN);
		t.finish('ana', T0 + 31 * MIN);
		t.reject(t.hand('cyril', T0 + 33 * MIN), T0 + 34 * MIN); // a rejected finish is no finish
		const standings = score(setup, t.events, T0 + 40 * MIN);
		const heats = [
			{ id: 'heat-1', name: 'Heat 1' },
			{ id: 'heat-2', name: 'Heat 2' },
			{ id: 'heat-3', name: 'Heat 3' }
		];
		const got = heatProgress(heats, standings.rows, base.ruleset.timeLimitMs);
		expect(got.map((h) => [h.heatName, h.entries, h.startedAt])).toEqual([
			['Heat 1', 3, T0],
			['Heat 2', 1, null]
		]);
		expect(got[0]!.steps).toEqual([
			{ atMs: 31 * MIN, finishers: 1, name: 'Ana' },
			{ atMs: 35 * MIN, finishers: 2, name: 'Bob' }
		]);
		expect(got[0]!.limitMs).toBe(90 * MIN);
		expect(got[1]!.steps).toEqual([]);
	});

	it('draws a step line: level until each finish, then one up, on to the end', () => {
		const steps = [
			{ atMs: 31, finishers: 1, name: 'Ana' },
			{ atMs: 35, finishers: 2, name: 'Bob' }
		];
		expect(stepPath(steps, 90, (m) => m, (c) => 100 - c * 10)).toBe('M0,100H31V90H35V80H90');
		expect(stepPath([], 90, (m) => m, (c) => c)).toBe('M0,0H90');
	});
});
