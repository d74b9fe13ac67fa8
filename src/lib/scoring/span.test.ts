import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { competitionArb } from './arbitraries';
import { CompetitionScorer } from './scorer';
import { advance } from './span';
import { competition, MIN, SEC, T0, tablet } from './testkit';

const RUNS = Math.max(200, Number(process.env.PROPERTY_RUNS ?? 200));
const SEED = process.env.PROPERTY_SEED === undefined ? undefined : Number(process.env.PROPERTY_SEED);
const PARAMS = { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) };

describe('outcome spans', () => {
	it('between two changes, advancing the counters gives exactly the outcome folded at that moment', () => {
		fc.assert(
			fc.property(competitionArb(), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (gc, f, g) => {
				const scorer = new CompetitionScorer(gc.setup);
				scorer.add(gc.events);
				const fresh = new CompetitionScorer(gc.setup);
				fresh.add(gc.events);
				for (const from of [gc.now, gc.after]) {
					for (const entry of gc.setup.entries) {
						const span = scorer.span(entry.id, from)!;
						expect(span.until).toBeGreaterThan(from);
						// Inside the span: its start, its last millisecond and two moments between.
						const end = Number.isFinite(span.until) ? span.until - 1 : from + 4 * 3_600_000;
						for (const t of [from, end, Math.floor(from + f * (end - from)), Math.floor(from + g * (end - from))])
							expect(advance(gc.ruleset, span, t)).toEqual(fresh.outcome(entry.id, t));
					}
				}
			}),
			PARAMS
		);
	}, 60_000);

	it('ES-PAUSE, ES-ASSIST: a span ends when a pause ends by itself and when assistance reaches its cap', () => {
		const setup = competition('es-adult-individual', ['Ana']);
		const ruleset = setup.ruleset;
		const id = setup.entries[0]!.id;
		const tab = tablet();
		const start = T0 + ruleset.previewMs;
		tab.start(T0, [id], ruleset.previewMs);
		tab.pause(id, start + 5 * MIN);
		tab.assist(id, start + 20 * MIN);
		const scorer = new CompetitionScorer(setup);
		scorer.add(tab.events);

		const inPause = scorer.span(id, start + 5 * MIN + SEC)!;
		expect(inPause.outcome.status).toBe('paused');
		expect(inPause.until).toBe(start + 5 * MIN + ruleset.pause!.maxDurationMs);
		expect(inPause.rates).toEqual({ clock: 0, paused: 1, assistance: 0 });

		const assisted = scorer.span(id, start + 20 * MIN + SEC)!;
		expect(assisted.outcome.status).toBe('running');
		expect(assisted.until).toBe(start + 20 * MIN + ruleset.assistance!.maxTotalMs);
		expect(assisted.rates).toEqual({ clock: 1, paused: 0, assistance: 1 });
		expect(advance(ruleset, assisted, assisted.until - 1).assistance.usedMs).toBe(ruleset.assistance!.maxTotalMs - 1);
		expect(scorer.span(id, assisted.until)!.rates.assistance).toBe(0);
	});
});
