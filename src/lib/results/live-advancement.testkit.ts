/**
 * TEST-ONLY: hand-made outcomes for the live advancement tests, ranked by the real ranking
 * (rankOutcomes) and decided by the real advancement(), and the brute force that the fast
 * form of live-advancement.ts is held against.
 */
import { presetById } from '$lib/rules/presets';
import type { Ruleset } from '$lib/rules/schema';
import type { AdvancementRule } from '$lib/setup/advancement-rule';
import type { Entry } from '$lib/setup/schema';
import { rankOutcomes } from '$lib/scoring/standings';
import type { Outcome, Standings } from '$lib/scoring/types';
import { advancement } from './advancement';
import type { LiveAdvancementMark } from './live-advancement';

export const NOW = Date.UTC(2026, 4, 16, 12, 0, 0);
export const MIN = 60_000;

/** A ruleset for the tests: unfinished by pieces (CZJPA, 500 pieces) or by the limit plus a penalty (ES), in ms. */
export function testRuleset(kind: 'pieces' | 'loose-finishers-first' | 'loose-by-time'): Ruleset {
	const base = presetById(kind === 'pieces' ? 'czjpa-individual' : 'es-adult-individual')!;
	const unfinished =
		kind === 'pieces' || base.unfinished.policy !== 'limit-plus-loose-penalty'
			? base.unfinished
			: { ...base.unfinished, finishersFirst: kind === 'loose-finishers-first' };
	return { ...base, timeResolution: 'ms', unfinished };
}

/** One entry as the tests describe it. */
export interface TestEntry {
	id: string;
	name?: string;
	heat?: string;
	country?: string;
	result: TestResult;
}

/** Settled results, then still-going states (minutes on the entry's counted clock). */
export type TestResult =
	| { kind: 'finished'; ms: number }
	| { kind: 'unfinished'; pieces: number }
	| { kind: 'unfinished-time'; ms: number }
	| { kind: 'disqualified' }
	| { kind: 'did-not-start' }
	| { kind: 'not-started' }
	| { kind: 'running'; clockMs: number; paused?: boolean }
	| { kind: 'past-limit' }
	| { kind: 'tally-pending' };

const ZERO_BUDGET = { used: 0, max: 0, usedMs: 0, active: false };

/** The outcome the scorer would give such an entry, at NOW. */
export function outcomeOf(ruleset: Ruleset, e: TestEntry): Outcome {
	const heatId = e.heat ?? 'h1';
	const pieces = ruleset.format.kind === 'single' ? ruleset.format.puzzle.pieces : 0;
	const base: Outcome = {
		entryId: e.id,
		heatId,
		status: 'not-started',
		previewAt: null,
		startedAt: null,
		limitAt: null,
		clockMs: 0,
		elapsedMs: null,
		finishedAt: null,
		finishEventId: null,
		check: 'none',
		locked: false,
		missingPieces: 0,
		missingFromBox: 0,
		boxFaultPending: 0,
		boxFaultExempt: 0,
		boxFaults: [],
		pauses: ZERO_BUDGET,
		assistance: ZERO_BUDGET,
		penalties: { missingPiecesMs: 0, assistanceMs: 0, loosePiecesMs: 0, adjustmentMs: 0 },
		penaltyMs: 0,
		finalTimeMs: null,
		totalPieces: pieces,
		countedPieces: null,
		loosePieces: null,
		tallyPending: false,
		disqualification: null,
		disqualifiedForMissingPieces: false,
		notes: [],
		incidents: [],
		puzzles: null,
		pairs: null
	};
	const limit = ruleset.timeLimitMs;
	const started = { startedAt: NOW - limit, previewAt: NOW - limit };
	const r = e.result;
	switch (r.kind) {
		case 'finished':
			return { ...base, ...started, status: 'finished', clockMs: r.ms, elapsedMs: r.ms, finalTimeMs: r.ms, finishedAt: NOW - limit + r.ms };
		case 'unfinished':
			return { ...base, ...started, status: 'unfinished', clockMs: limit, elapsedMs: limit, countedPieces: r.pieces, loosePieces: pieces - r.pieces };
		case 'unfinished-time':
			return { ...base, ...started, status: 'unfinished', clockMs: limit, elapsedMs: limit, finalTimeMs: r.ms, countedPieces: 0 };
		case 'disqualified':
			return { ...base, ...started, status: 'disqualified', disqualification: 'swapped pieces' };
		case 'did-not-start':
			return { ...base, status: 'did-not-start' };
		case 'not-started':
			return base;
		case 'running':
			return {
				...base,
				status: r.paused ? 'paused' : 'running',
				startedAt: NOW - r.clockMs,
				previewAt: NOW - r.clockMs,
				clockMs: r.clockMs,
				limitAt: NOW + (limit - r.clockMs)
			};
		case 'past-limit':
			// Folded while it still ran; its limit has passed by NOW.
			return { ...base, ...started, status: 'running', clockMs: limit - 1, limitAt: NOW - 1 };
		case 'tally-pending':
			return { ...base, ...started, status: 'unfinished', clockMs: limit, elapsedMs: limit, tallyPending: true };
	}
}

export function entryOf(e: TestEntry): Entry {
	const name = e.name ?? e.id;
	return {
		id: e.id,
		competitionId: 'qual',
		heatId: e.heat ?? 'h1',
		name,
		members: [{ id: `${e.id}-m`, name, ...(e.country ? { country: e.country } : {}) }]
	};
}

/** Standings of the outcomes by the real ranking. */
export function standingsOf(ruleset: Ruleset, outcomes: readonly Outcome[], entries: readonly Entry[]): Pick<Standings, 'rows'> {
	const names = new Map(entries.map((e) => [e.id, e.name]));
	return { rows: rankOutcomes(ruleset, outcomes, names).rows };
}

export interface Round {
	ruleset: Ruleset;
	tests: TestEntry[];
	entries: Entry[];
	outcomes: Outcome[];
	standings: Pick<Standings, 'rows'>;
}

export function round(ruleset: Ruleset, tests: TestEntry[]): Round {
	const entries = tests.map(entryOf);
	const outcomes = tests.map((t) => outcomeOf(ruleset, t));
	return { ruleset, tests, entries, outcomes, standings: standingsOf(ruleset, outcomes, entries) };
}

const GOING = new Set<TestResult['kind']>(['not-started', 'running', 'past-limit', 'tally-pending']);

/**
 * Every result a still-going entry can end on, discretised so that every ordering that matters
 * is there: a finish (when the clock can still make one) just below, on and just above each
 * settled time and at its own least time; unfinished with pieces just below, on and just above
 * each settled count and none or all, or (limit plus penalty) times from the limit on, likewise;
 * and no place at all.
 */
export function possibleResults(r: Round, t: TestEntry): TestResult[] {
	const limit = r.ruleset.timeLimitMs;
	const settled = r.tests.filter((s) => !GOING.has(s.result.kind)).map((s) => s.result);
	const times = settled.flatMap((s) => (s.kind === 'finished' || s.kind === 'unfinished-time' ? [s.ms] : []));
	const around = (values: number[], from: number, to: number) =>
		[...new Set([from, to, ...values.flatMap((v) => [v - 1, v, v + 1])])].filter((v) => v >= from && v <= to);
	const out: TestResult[] = [{ kind: 'did-not-start' }];
	const res = t.result;
	const canFinish = res.kind === 'not-started' || res.kind === 'running';
	if (canFinish) {
		const from = res.kind === 'running' ? res.clockMs : 0;
		for (const ms of around(times, from, Math.max(from, ...times) + 1)) out.push({ kind: 'finished', ms });
	}
	if (r.ruleset.unfinished.policy === 'limit-plus-loose-penalty') {
		for (const ms of around(times, limit, Math.max(limit, ...times) + 1)) out.push({ kind: 'unfinished-time', ms });
	} else {
		const all = r.outcomes[0]!.totalPieces;
		const counted = settled.flatMap((s) => (s.kind === 'unfinished' ? [s.pieces] : []));
		for (const pieces of around(counted, 0, all)) out.push({ kind: 'unfinished', pieces });
	}
	return out;
}

/** Whether each entry advances, by the real ranking and advancement(), in one completion. */
function advancesIn(r: Round, rule: AdvancementRule, results: ReadonlyMap<string, TestResult>): Map<string, boolean> {
	const outcomes = r.tests.map((t) => outcomeOf(r.ruleset, results.has(t.id) ? { ...t, result: results.get(t.id)! } : t));
	const a = advancement(standingsOf(r.ruleset, outcomes, r.entries), r.entries, rule);
	return new Map(a.rows.map((row) => [row.entryId, row.advances]));
}

/** The marks by brute force: every combination of the still-going entries' possible results. */
export function bruteForceMarks(r: Round, rule: AdvancementRule): Map<string, LiveAdvancementMark | null> {
	const going = r.tests.filter((t) => GOING.has(t.result.kind));
	const options = going.map((t) => possibleResults(r, t));
	const now = advancesIn(r, rule, new Map());
	const always = new Map(r.tests.map((t) => [t.id, now.get(t.id) === true && !GOING.has(t.result.kind)]));
	const pick = new Map<string, TestResult>();
	const walk = (i: number): void => {
		if (![...always.values()].some(Boolean)) return;
		if (i === going.length) {
			for (const [id, advances] of advancesIn(r, rule, pick)) if (!advances) always.set(id, false);
			return;
		}
		for (const o of options[i]!) {
			pick.set(going[i]!.id, o);
			walk(i + 1);
		}
	};
	walk(0);
	return new Map(
		r.tests.map((t) => [t.id, GOING.has(t.result.kind) || !now.get(t.id) ? null : always.get(t.id) ? 'through' : 'edge'] as const)
	);
}
