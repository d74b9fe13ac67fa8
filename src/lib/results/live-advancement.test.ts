import { describe, expect, it } from 'vitest';
import type { AdvancementRule } from '$lib/setup/advancement-rule';
import { advancement } from './advancement';
import { liveAdvancement } from './live-advancement';
import { bruteForceMarks, MIN, NOW, outcomeOf, round, standingsOf, testRuleset, type TestEntry } from './live-advancement.testkit';

const CZJPA = testRuleset('pieces');

function marks(tests: TestEntry[], rule: AdvancementRule, ruleset = CZJPA) {
	const r = round(ruleset, tests);
	const live = liveAdvancement({ standings: r.standings, entries: r.entries, rule, ruleset, now: NOW });
	// Every example is also what the brute force says (but the one where the fast form is knowingly careful).
	return { live: Object.fromEntries(live), brute: Object.fromEntries(bruteForceMarks(r, rule)) };
}

const finished = (min: number) => ({ kind: 'finished', ms: min * MIN }) as const;
const running = (min: number) => ({ kind: 'running', clockMs: min * MIN }) as const;

describe('liveAdvancement', () => {
	it('through once no one still going can pass: the running clocks are already past its time', () => {
		const { live, brute } = marks(
			[
				{ id: 'ana', result: finished(20) },
				{ id: 'bob', result: finished(30) },
				{ id: 'cai', result: running(31) },
				{ id: 'dan', result: running(25) }
			],
			{ mode: 'overall', count: 2 }
		);
		// Dan can still beat Bob's 30:00, not Ana's 20:00; Cai cannot beat either.
		expect(live).toEqual({ ana: 'through', bob: 'edge', cai: null, dan: null });
		expect(brute).toEqual(live);
	});

	it('on the edge while an entry that has not started can still do anything', () => {
		const { live, brute } = marks(
			[
				{ id: 'ana', result: finished(5) },
				{ id: 'bob', result: { kind: 'not-started' } }
			],
			{ mode: 'overall', count: 1 }
		);
		expect(live).toEqual({ ana: 'edge', bob: null });
		expect(brute).toEqual(live);
	});

	it('a clock past its own limit cannot finish any more: it can only pass on pieces', () => {
		const tests: TestEntry[] = [
			{ id: 'ana', result: finished(80) },
			{ id: 'bob', result: { kind: 'unfinished', pieces: 300 } },
			{ id: 'cai', result: { kind: 'past-limit' } },
			{ id: 'dan', result: { kind: 'tally-pending' } }
		];
		const { live, brute } = marks(tests, { mode: 'overall', count: 2 });
		expect(live).toEqual({ ana: 'through', bob: 'edge', cai: null, dan: null });
		expect(brute).toEqual(live);
	});

	it('a paused clock counts what it ran: it can still pass only slower finishers', () => {
		const { live, brute } = marks(
			[
				{ id: 'ana', result: finished(20) },
				{ id: 'bob', result: finished(40) },
				{ id: 'cai', result: { kind: 'running', clockMs: 30 * MIN, paused: true } }
			],
			{ mode: 'overall', count: 2 }
		);
		expect(live).toEqual({ ana: 'through', bob: 'edge', cai: null });
		expect(brute).toEqual(live);
	});

	it('a tie at the cut lets both in, so an entry that can only tie the cut takes no one out', () => {
		const { live, brute } = marks(
			[
				{ id: 'ana', result: finished(20) },
				{ id: 'bob', result: finished(30) },
				{ id: 'cai', result: running(30) }
			],
			{ mode: 'overall', count: 2 }
		);
		expect(live).toEqual({ ana: 'through', bob: 'through', cai: null });
		expect(brute).toEqual(live);
	});

	it('entries without a place and entries below the cut get no mark', () => {
		const { live, brute } = marks(
			[
				{ id: 'ana', result: finished(20) },
				{ id: 'bob', result: finished(30) },
				{ id: 'cai', result: { kind: 'disqualified' } },
				{ id: 'dan', result: { kind: 'did-not-start' } }
			],
			{ mode: 'overall', count: 1 }
		);
		expect(live).toEqual({ ana: 'through', bob: null, cai: null, dan: null });
		expect(brute).toEqual(live);
	});

	it('per heat without a quota: another heat still going changes nothing', () => {
		const { live, brute } = marks(
			[
				{ id: 'ana', heat: 'h1', result: finished(50) },
				{ id: 'bob', heat: 'h2', result: { kind: 'not-started' } },
				{ id: 'cai', heat: 'h2', result: running(10) }
			],
			{ mode: 'per-heat', count: 1 }
		);
		expect(live).toEqual({ ana: 'through', bob: null, cai: null });
		expect(brute).toEqual(live);
	});

	it('a country quota: entries of other countries passing do not count against it, the cut still does', () => {
		const { live, brute } = marks(
			[
				{ id: 'ana', country: 'CZ', result: finished(20) },
				{ id: 'bob', country: 'CZ', result: finished(25) },
				{ id: 'cai', country: 'SK', result: finished(30) },
				{ id: 'dan', country: 'CZ', result: running(5) }
			],
			{ mode: 'overall', count: 2, countryQuota: 1 }
		);
		// Bob is kept out by the quota; Dan can only take the Czech slot from Ana, not Cai's place.
		expect(live).toEqual({ ana: 'edge', bob: null, cai: 'through', dan: null });
		expect(brute).toEqual(live);
	});

	it('a country quota: an entry that can only share the place, listed first by name, can take the last slot', () => {
		const { live, brute } = marks(
			[
				{ id: 'zoe', name: 'Zoë', country: 'CZ', result: finished(30) },
				{ id: 'ana', name: 'Ana', country: 'CZ', result: running(30) }
			],
			{ mode: 'overall', count: 2, countryQuota: 1 }
		);
		expect(live).toEqual({ zoe: 'edge', ana: null });
		expect(brute).toEqual(live);
	});

	it('a country quota: the same entry listed after it by name cannot', () => {
		const { live, brute } = marks(
			[
				{ id: 'ana', name: 'Ana', country: 'CZ', result: finished(30) },
				{ id: 'zoe', name: 'Zoë', country: 'CZ', result: running(30) }
			],
			{ mode: 'overall', count: 2, countryQuota: 1 }
		);
		expect(live).toEqual({ ana: 'through', zoe: null });
		expect(brute).toEqual(live);
	});

	it('per heat with a quota: ending ahead is not always worse, so "all still going ahead" is not the worst case', () => {
		// One per heat, one per country. Wen (no country) leads heat 1 and Eva (SK) heat 2 now.
		const tests: TestEntry[] = [
			{ id: 'wen', heat: 'h1', result: finished(5) },
			{ id: 'eva', heat: 'h2', country: 'SK', result: finished(20) },
			{ id: 'xan', heat: 'h1', country: 'CZ', result: { kind: 'not-started' } },
			{ id: 'yan', heat: 'h2', country: 'CZ', result: { kind: 'not-started' } }
		];
		const rule: AdvancementRule = { mode: 'per-heat', count: 1, countryQuota: 1 };
		const evaAdvances = (xan: number | null, yan: number | null) => {
			const r = round(CZJPA, tests);
			const outcomes = tests.map((t) => {
				const min = t.id === 'xan' ? xan : t.id === 'yan' ? yan : undefined;
				if (min === undefined) return outcomeOf(CZJPA, t);
				return outcomeOf(CZJPA, { ...t, result: min === null ? { kind: 'did-not-start' } : finished(min) });
			});
			const a = advancement(standingsOf(CZJPA, outcomes, r.entries), r.entries, rule);
			return a.rows.find((row) => row.entryId === 'eva')!.advances;
		};
		// Both ahead of Eva: Xan takes the Czech slot, so Yan is kept out of heat 2 and Eva stays in.
		expect(evaAdvances(3, 10)).toBe(true);
		// Only Yan ahead: Yan takes heat 2's place.
		expect(evaAdvances(null, 10)).toBe(false);
		const { live, brute } = marks(tests, rule);
		expect(live).toEqual({ wen: 'edge', eva: 'edge', xan: null, yan: null });
		expect(brute).toEqual(live);
	});

	it('per heat with a quota: through when nothing still going can come before it', () => {
		// Wen's heat is decided; Eva (heat 2) is in only because the quota keeps Uma out, and Xan
		// (heat 1, still going) cannot beat any of them.
		const tests: TestEntry[] = [
			{ id: 'wen', heat: 'h1', country: 'CZ', result: finished(5) },
			{ id: 'uma', heat: 'h2', country: 'CZ', result: finished(10) },
			{ id: 'eva', heat: 'h2', country: 'SK', result: finished(20) },
			{ id: 'xan', heat: 'h1', country: 'SK', result: running(25) }
		];
		const { live, brute } = marks(tests, { mode: 'per-heat', count: 1, countryQuota: 1 });
		expect(live).toEqual({ wen: 'through', uma: null, eva: 'through', xan: null });
		expect(brute).toEqual(live);
	});

	it('per heat with a quota: careful where the bounds cannot prove it (edge, though in fact decided)', () => {
		// Eva is in because the quota keeps Uma out: Wen, whom no one still going can beat, holds
		// the Czech slot. Xan (heat 2, CZ) can still come before Eva but would be kept out too;
		// the bounds do not see that Wen's slot is safe.
		const tests: TestEntry[] = [
			{ id: 'wen', heat: 'h1', country: 'CZ', result: finished(5) },
			{ id: 'uma', heat: 'h2', country: 'CZ', result: finished(10) },
			{ id: 'eva', heat: 'h2', country: 'SK', result: finished(20) },
			{ id: 'xan', heat: 'h2', country: 'CZ', result: running(8) }
		];
		const { live, brute } = marks(tests, { mode: 'per-heat', count: 1, countryQuota: 1 });
		expect(brute).toEqual({ wen: 'through', uma: null, eva: 'through', xan: null });
		expect(live).toEqual({ ...brute, eva: 'edge' });
	});

	it('200 entries, half still going, are marked quickly', () => {
		const tests: TestEntry[] = Array.from({ length: 200 }, (_, i) => ({
			id: `e${i}`,
			heat: `h${i % 4}`,
			country: ['CZ', 'SK', 'PL', undefined][i % 7 % 4],
			result: i % 2 ? finished(10 + (i % 60)) : i % 3 ? running(i % 50) : { kind: 'not-started' }
		}));
		const r = round(CZJPA, tests);
		for (const rule of [
			{ mode: 'overall', count: 40, countryQuota: 10 },
			{ mode: 'per-heat', count: 10, countryQuota: 10 },
			{ mode: 'per-heat', count: 10 }
		] as const) {
			const start = performance.now();
			const live = liveAdvancement({ standings: r.standings, entries: r.entries, rule, ruleset: CZJPA, now: NOW });
			const ms = performance.now() - start;
			expect(live.size).toBe(200);
			expect(ms).toBeLessThan(500);
		}
	});
});
