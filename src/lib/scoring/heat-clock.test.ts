import { describe, expect, it } from 'vitest';
import { competition, MIN, SEC, T0, tablet } from './testkit';
import { CompetitionScorer } from './scorer';
import type { JudgeEvent } from '$lib/events/schema';
import { heatClock, heatInProgress } from './heat-clock';

/** Outcomes folded at `foldedAt` (as the board and the station do between folds), clock read at `now`. */
function clockOf(setup: ReturnType<typeof competition>, events: JudgeEvent[], now: number, foldedAt = now) {
	const scorer = new CompetitionScorer(setup);
	scorer.add(events);
	return heatClock(scorer.outcomes(foldedAt), setup.ruleset, now);
}

describe('heatClock, ES preset (2:00 preview, 2 h limit)', () => {
	const setup = competition('es-adult-individual', ['Ana', 'Bea', 'Carla']);
	const ids = setup.entries.map((e) => e.id);
	const started = T0 + 2 * MIN;
	const limit = started + 120 * MIN;

	it('waits while no seat started', () => {
		expect(clockOf(setup, [], T0)).toEqual({ phase: 'waiting' });
	});

	it('ES-PREVIEW: counts the preview down, then runs from the end of the preview with the time left to the limit', () => {
		const t = tablet();
		t.start(T0, ids, 2 * MIN);
		expect(clockOf(setup, t.events, T0 + 37 * SEC)).toEqual({ phase: 'preview', previewLeftMs: 83 * SEC, startedAt: started });
		expect(clockOf(setup, t.events, started + 10 * MIN)).toEqual({ phase: 'running', elapsedMs: 10 * MIN, leftMs: 110 * MIN, startedAt: started, limitAt: limit });
		// Folded during the preview, read later: the phase follows the recorded moments.
		expect(clockOf(setup, t.events, started + 1 * SEC, T0 + SEC)).toMatchObject({ phase: 'running', elapsedMs: SEC });
	});

	it('all finished before the limit: not "time is up", the clock stands at the last finish', () => {
		const t = tablet();
		t.start(T0, ids, 2 * MIN);
		t.finish('ana', started + 40 * MIN);
		t.finish('bea', started + 45 * MIN);
		expect(clockOf(setup, t.events, started + 50 * MIN)).toMatchObject({ phase: 'running', leftMs: 70 * MIN });
		t.disqualify('carla', started + 50 * MIN, 'lost a piece');
		const done = { phase: 'all-finished', elapsedMs: 45 * MIN, startedAt: started, endedAt: started + 45 * MIN };
		expect(clockOf(setup, t.events, started + 51 * MIN)).toEqual(done);
		expect(heatInProgress(clockOf(setup, t.events, started + 51 * MIN))).toBe(false);
		// The limit passing later changes nothing: the heat had ended before it.
		expect(clockOf(setup, t.events, limit + 5 * MIN)).toEqual(done);
	});

	it('time is up at the limit, even when the fold is older than the limit', () => {
		const t = tablet();
		t.start(T0, ids, 2 * MIN);
		t.finish('ana', started + 40 * MIN);
		expect(clockOf(setup, t.events, limit - 1, limit - 1000)).toMatchObject({ phase: 'running', leftMs: 1 });
		const up = { phase: 'time-up', elapsedMs: 120 * MIN, startedAt: started, limitAt: limit, stillGoing: 0 };
		expect(clockOf(setup, t.events, limit, limit - 1000)).toEqual(up);
		expect(clockOf(setup, t.events, limit + 5 * MIN)).toEqual(up);
		expect(heatInProgress(clockOf(setup, t.events, limit))).toBe(false);
	});

	it('ES-PAUSE: a pause does not move the heat’s time left; after the heat’s limit the paused seat still goes', () => {
		const t = tablet();
		t.start(T0, ids, 2 * MIN);
		// Bea pauses at 10:00: her own limit moves back by up to 5:00 at once; the heat's does not.
		t.pause('bea', started + 10 * MIN);
		expect(clockOf(setup, t.events, started + 10 * MIN + SEC)).toMatchObject({ phase: 'running', leftMs: 110 * MIN - SEC });
		t.record('pause.end', started + 13 * MIN, 'bea', {});
		expect(clockOf(setup, t.events, started + 20 * MIN)).toMatchObject({ phase: 'running', elapsedMs: 20 * MIN, leftMs: 100 * MIN });
		// At the heat's limit: time is up, Bea goes on for the 3:00 she paused.
		const up = clockOf(setup, t.events, limit + MIN);
		expect(up).toEqual({ phase: 'time-up', elapsedMs: 120 * MIN, startedAt: started, limitAt: limit, stillGoing: 1 });
		expect(heatInProgress(up)).toBe(true);
		expect(clockOf(setup, t.events, limit + 3 * MIN)).toMatchObject({ phase: 'time-up', stillGoing: 0 });
	});
});

describe('heatClock, CZJPA preset (no preview, 1:30:00)', () => {
	const setup = competition('czjpa-individual', ['Adam', 'Bohdan', 'Cyril', 'Dana']);

	it('runs from the start tap', () => {
		const t = tablet();
		t.start(T0, ['adam', 'bohdan']);
		expect(clockOf(setup, t.events, T0 - 1)).toMatchObject({ phase: 'preview' });
		expect(clockOf(setup, t.events, T0 + 5 * SEC)).toMatchObject({ phase: 'running', elapsedMs: 5 * SEC });
	});

	it('a table whose seats all finished at 1:07 of 1:30:00 is all finished, not out of time', () => {
		const t = tablet();
		const table = setup.entries.slice(0, 2);
		t.start(T0, ['adam', 'bohdan']);
		t.finish('adam', T0 + 8 * MIN + 31_103);
		t.finish('bohdan', T0 + 67 * MIN);
		const scorer = new CompetitionScorer({ ...setup, entries: table });
		scorer.add(t.events);
		const now = T0 + 67 * MIN + 10 * SEC;
		expect(heatClock(scorer.outcomes(now), setup.ruleset, now)).toEqual({ phase: 'all-finished', elapsedMs: 67 * MIN, startedAt: T0, endedAt: T0 + 67 * MIN });
	});

	it('a heat where another table has not started yet is not finished: it runs to its limit', () => {
		const t = tablet();
		t.start(T0, ['adam', 'bohdan']);
		t.finish('adam', T0 + 8 * MIN + 31_103);
		t.finish('bohdan', T0 + 9 * MIN);
		const now = T0 + 88 * MIN;
		expect(clockOf(setup, t.events, now)).toEqual({ phase: 'running', elapsedMs: 88 * MIN, leftMs: 2 * MIN, startedAt: T0, limitAt: T0 + 90 * MIN });
		// The other table starts later: the heat's limit stays the first start's; its seats go on after it.
		const other = tablet('tablet-2');
		other.start(T0 + 5 * MIN, ['cyril', 'dana']);
		const after = T0 + 91 * MIN;
		expect(clockOf(setup, [...t.events, ...other.events], after)).toEqual({
			phase: 'time-up',
			elapsedMs: 90 * MIN,
			startedAt: T0,
			limitAt: T0 + 90 * MIN,
			stillGoing: 2
		});
	});
});
