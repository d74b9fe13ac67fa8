import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AdvancementRule } from '$lib/setup/advancement-rule';
import { liveAdvancement } from './live-advancement';
import { bruteForceMarks, MIN, NOW, round, testRuleset, type Round, type TestEntry, type TestResult } from './live-advancement.testkit';

/**
 * The fast form of liveAdvancement against brute force: small rounds (at most 6 settled and 4
 * still-going entries, one or two heats, countries, shared results, names that sort alike),
 * every combination of the still-going entries' possible results (live-advancement.testkit.ts)
 * ranked by the real ranking and decided by the real advancement().
 */

const RULESET_KINDS = ['pieces', 'loose-finishers-first', 'loose-by-time'] as const;
const NAMES = ['Ana', 'ana', 'Bo', 'Bo', 'Čeněk', 'Eva', 'Zoë'];
/** Settled times on a coarse grid (so they are shared); the limit is 90 (CZJPA) or 120 (ES) minutes. */
const timeMs = fc.integer({ min: 1, max: 14 }).map((k) => k * 10 * MIN);

function settledResult(kind: (typeof RULESET_KINDS)[number]): fc.Arbitrary<TestResult> {
	const limit = testRuleset(kind).timeLimitMs;
	return fc.oneof(
		{ weight: 5, arbitrary: timeMs.map((ms) => ({ kind: 'finished', ms }) as const) },
		{
			weight: 3,
			arbitrary:
				kind === 'pieces'
					? fc.integer({ min: 0, max: 5 }).map((k) => ({ kind: 'unfinished', pieces: k * 100 }) as const)
					: fc.integer({ min: 0, max: 3 }).map((k) => ({ kind: 'unfinished-time', ms: limit + k * 10 * MIN }) as const)
		},
		{ weight: 1, arbitrary: fc.constantFrom({ kind: 'disqualified' } as const, { kind: 'did-not-start' } as const) }
	);
}

function goingResult(kind: (typeof RULESET_KINDS)[number]): fc.Arbitrary<TestResult> {
	const limit = testRuleset(kind).timeLimitMs;
	return fc.oneof(
		fc.constant({ kind: 'not-started' } as const),
		fc.record({ kind: fc.constant('running' as const), clockMs: timeMs.filter((ms) => ms < limit), paused: fc.boolean() }),
		fc.constantFrom({ kind: 'past-limit' } as const, { kind: 'tally-pending' } as const)
	);
}

const person = fc.record({
	name: fc.constantFrom(...NAMES),
	heat: fc.constantFrom('h1', 'h2'),
	country: fc.constantFrom('CZ', 'SK', undefined)
});

/** A case as a short plan (what a counterexample prints): the round is built from it in the property. */
interface Case {
	kind: (typeof RULESET_KINDS)[number];
	tests: TestEntry[];
	rule: AdvancementRule;
}

function caseOf(quota: 'with' | 'without' | 'any', mode: AdvancementRule['mode'] | 'any', maxGoing: number): fc.Arbitrary<Case> {
	return fc.constantFrom(...RULESET_KINDS).chain((kind) =>
		fc
			.record({
				settled: fc.array(fc.tuple(person, settledResult(kind)), { minLength: 1, maxLength: 6 }),
				going: fc.array(fc.tuple(person, goingResult(kind)), { maxLength: maxGoing }),
				mode: mode === 'any' ? fc.constantFrom('overall' as const, 'per-heat' as const) : fc.constant(mode),
				count: fc.integer({ min: 1, max: 4 }),
				countryQuota: quota === 'without' ? fc.constant(undefined) : quota === 'with' ? fc.integer({ min: 1, max: 2 }) : fc.option(fc.integer({ min: 1, max: 2 }), { nil: undefined })
			})
			.map(({ settled, going, mode, count, countryQuota }) => {
				const tests: TestEntry[] = [...settled, ...going].map(([p, result], i) => ({ id: `e${i}`, ...p, result }));
				const rule: AdvancementRule = countryQuota === undefined ? { mode, count } : { mode, count, countryQuota };
				return { kind, tests, rule };
			})
	);
}

const roundOf = (c: Case): Round => round(testRuleset(c.kind), c.tests);
const fast = (r: Round, rule: AdvancementRule) => liveAdvancement({ standings: r.standings, entries: r.entries, rule, ruleset: r.ruleset, now: NOW });
/** The fast marks and the brute force's, of one case. */
function both(c: Case) {
	const r = roundOf(c);
	return { fast: fast(r, c.rule), brute: bruteForceMarks(r, c.rule) };
}

describe('liveAdvancement against brute force', () => {
	it('overall, with and without a country quota: the same marks as every completion gives', () => {
		fc.assert(
			fc.property(caseOf('any', 'overall', 3), (c) => {
				const { fast, brute } = both(c);
				expect(fast).toEqual(brute);
			}),
			{ numRuns: 100 }
		);
	});

	it('per heat without a quota: the same marks as every completion gives', () => {
		fc.assert(
			fc.property(caseOf('without', 'per-heat', 3), (c) => {
				const { fast, brute } = both(c);
				expect(fast).toEqual(brute);
			}),
			{ numRuns: 100 }
		);
	});

	it('four still going: the same marks (fewer runs, the brute force grows fast)', () => {
		fc.assert(
			fc.property(caseOf('any', 'any', 4).filter((c) => !(c.rule.mode === 'per-heat' && c.rule.countryQuota !== undefined)), (c) => {
				const { fast, brute } = both(c);
				expect(fast).toEqual(brute);
			}),
			{ numRuns: 25 }
		);
	});

	it('per heat with a quota: never through where some completion keeps the entry out, never a mark where it does not advance now', () => {
		fc.assert(
			fc.property(caseOf('with', 'per-heat', 3), (c) => {
				const { fast, brute } = both(c);
				for (const [id, mark] of fast) {
					if (mark === 'through') expect(brute.get(id), id).toBe('through');
					else expect(mark === null, id).toBe(brute.get(id) === null);
				}
			}),
			{ numRuns: 100 }
		);
	});
});
