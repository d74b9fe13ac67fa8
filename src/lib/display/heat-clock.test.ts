import { describe, expect, it } from 'vitest';
import { competition, MIN, SEC, T0, tablet } from '$lib/scoring/testkit';
import { CompetitionScorer } from '$lib/scoring';
import type { JudgeEvent } from '$lib/events/schema';
import { heatClock } from './heat-clock';

/** Outcomes folded at `foldedAt` (as the board does between refreshes), clock read at `now`. */
function clockOf(setup: ReturnType<typeof competition>, events: JudgeEvent[], now: number, foldedAt = now) {
	const scorer = new CompetitionScorer(setup);
	scorer.add(events);
	return heatClock(scorer.outcomes(foldedAt), now);
}

describe('heatClock, ES preset (2:00 preview, 2 h limit)', () => {
	const setup = competition('es-adult-individual', ['Ana', 'Bea', 'Carla']);
	const ids = setup.entries.map((e) => e.id);

	it('waits while no seat started', () => {
		expect(clockOf(setup, [], T0)).toEqual({ phase: 'waiting' });
	});

	it('counts the preview down, then runs from the end of the preview with the time left to the limit', () => {
		const t = tablet();
		t.start(T0, ids, 2 * MIN);
		const started = T0 + 2 * MIN;
		expect(clockOf(setup, t.events, T0 + 37 * SEC)).toEqual({ phase: 'preview', previewLeftMs: 83 * SEC, startedAt: started });
		expect(clockOf(setup, t.events, started + 10 * MIN)).toEqual({ phase: 'running', elapsedMs: 10 * MIN, leftMs: 110 * MIN, startedAt: started });
		// Folded during the preview, read later: the phase follows the recorded moments.
		expect(clockOf(setup, t.events, started + 1 * SEC, T0 + SEC)).toMatchObject({ phase: 'running', elapsedMs: SEC });
	});

	it('is finished when every seat is done, the clock standing at the last finish', () => {
		const t = tablet();
		t.start(T0, ids, 2 * MIN);
		const started = T0 + 2 * MIN;
		t.finish('ana', started + 40 * MIN);
		t.finish('bea', started + 45 * MIN);
		expect(clockOf(setup, t.events, started + 50 * MIN)).toMatchObject({ phase: 'running', leftMs: 70 * MIN });
		t.disqualify('carla', started + 50 * MIN, 'lost a piece');
		expect(clockOf(setup, t.events, started + 51 * MIN)).toEqual({ phase: 'finished', elapsedMs: 45 * MIN, startedAt: started });
	});

	it('is finished at the limit, even when the fold is older than the limit', () => {
		const t = tablet();
		t.start(T0, ids, 2 * MIN);
		const started = T0 + 2 * MIN;
		t.finish('ana', started + 40 * MIN);
		const limit = started + 120 * MIN;
		expect(clockOf(setup, t.events, limit - 1, limit - 1000)).toMatchObject({ phase: 'running', leftMs: 1 });
		expect(clockOf(setup, t.events, limit, limit - 1000)).toEqual({ phase: 'finished', elapsedMs: 120 * MIN, startedAt: started });
		expect(clockOf(setup, t.events, limit + 5 * MIN)).toEqual({ phase: 'finished', elapsedMs: 120 * MIN, startedAt: started });
	});

	it('a pause pushes the time left back to the paused seat’s limit', () => {
		const t = tablet();
		t.start(T0, ids, 2 * MIN);
		const started = T0 + 2 * MIN;
		t.pause('bea', started + 10 * MIN, started + 13 * MIN);
		expect(clockOf(setup, t.events, started + 20 * MIN)).toMatchObject({ phase: 'running', elapsedMs: 20 * MIN, leftMs: 103 * MIN });
	});
});

describe('heatClock without a preview (CZ preset)', () => {
	it('runs from the start tap', () => {
		const setup = competition('czjpa-individual', ['Adam', 'Bohdan']);
		const t = tablet();
		t.start(T0, ['adam', 'bohdan']);
		expect(clockOf(setup, t.events, T0 - 1)).toMatchObject({ phase: 'preview' });
		expect(clockOf(setup, t.events, T0 + 5 * SEC)).toMatchObject({ phase: 'running', elapsedMs: 5 * SEC });
	});
});
