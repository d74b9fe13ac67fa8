/**
 * Property tests of the scoring module over random competitions (arbitraries.ts): the presets
 * czjpa-individual, czjpa-team-relay (relay.puzzle-finished), es-adult-individual, es-kids-group
 * and es-kids-pairs-5-7, 2–30 entries, logs from 1–3 devices with starts, finishes, checks, pauses,
 * assistance, tallies, disqualifications, corrections, acknowledgements and events after
 * the lock. Every property is checked at a random moment of the day and after every limit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import type { JudgeEvent } from '$lib/events/schema';
import type { Ruleset } from '$lib/rules/schema';
import { applyCorrections } from './corrections';
import { CompetitionScorer, scoreCompetition } from './scorer';
import { rankBasis } from './standings';
import type { RankBasis, Standings } from './types';
import { competitionArb, makeSetup, mulberry32, presetOf, reorderedCopy, shuffled, type GeneratedCompetition } from './arbitraries';

/**
 * At least 200 runs per property; for a longer search: PROPERTY_RUNS=5000 npx vitest run …;
 * to replay a failure: PROPERTY_SEED=<seed> (fast-check prints it with the counterexample).
 */
const RUNS = Math.max(200, Number(process.env.PROPERTY_RUNS ?? 200));
const SEED = process.env.PROPERTY_SEED === undefined ? undefined : Number(process.env.PROPERTY_SEED);
const PARAMS = { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) };
/** Generous: about 5 ms a run is typical. */
const TIMEOUT = Math.max(30_000, RUNS * 60);

/** Both moments every property is checked at. */
function moments(gc: GeneratedCompetition): number[] {
	return [gc.now, gc.after];
}

/** The ranking key, as standings.ts documents it: tier, then value, smaller first; null = unranked. */
function keyOf(ruleset: Ruleset, b: RankBasis): [number, number] | null {
	switch (b.kind) {
		case 'time': {
			const u = ruleset.unfinished;
			const tier = !b.finished && u.policy === 'limit-plus-loose-penalty' && u.finishersFirst ? 1 : 0;
			return [tier, b.finalTimeMs];
		}
		case 'pieces':
			return [1, -b.countedPieces];
		case 'unranked':
			return null;
	}
}

function better(a: [number, number], b: [number, number]): boolean {
	return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
}

function sameKey(a: [number, number], b: [number, number]): boolean {
	return a[0] === b[0] && a[1] === b[1];
}

function placeOf(s: Standings, entryId: string): number {
	const row = s.rows.find((r) => r.entryId === entryId);
	if (!row) throw new Error(`no row for ${entryId}`);
	return row.place ?? Number.POSITIVE_INFINITY;
}

/** A device for the events a test adds to a generated log. */
function organizer(gc: GeneratedCompetition, heatId: string): DeviceLog {
	return new DeviceLog({ deviceId: 'org', judge: 'organizer', competitionId: gc.setup.competition.id, heatId, firstSeq: 1 });
}

describe('scoring properties', () => {
	it('standings rows are a permutation of the entries (every entry exactly once)', () => {
		fc.assert(
			fc.property(competitionArb({ tiebreaks: true }), (gc) => {
				const ids = gc.setup.entries.map((e) => e.id).sort();
				const scorer = new CompetitionScorer(gc.setup);
				scorer.add(gc.events);
				for (const now of moments(gc)) {
					const s = scorer.standings(now);
					expect(s.rows.map((r) => r.entryId).sort()).toEqual(ids);
					for (const r of s.rows) expect(r.name).toBe(gc.setup.entries.find((e) => e.id === r.entryId)!.name);
				}
			}),
			PARAMS
		);
	}, TIMEOUT);

	it('shuffled, duplicated and batched events give the same standings (the set of events decides)', () => {
		fc.assert(
			fc.property(
				competitionArb({ tiebreaks: true }),
				fc.integer(),
				fc.integer({ min: 0, max: 30 }),
				fc.integer({ min: 1, max: 5 }),
				(gc, seed, dupPercent, batchCount) => {
					const rand = mulberry32(seed);
					// Duplicates: the same objects and structurally equal copies (other key order).
					const extra: JudgeEvent[] = [];
					for (const e of gc.events) {
						if (rand() * 100 >= dupPercent) continue;
						extra.push(rand() < 0.5 ? e : rand() < 0.5 ? structuredClone(e) : reorderedCopy(e));
					}
					const log = shuffled([...gc.events, ...extra], rand);
					const cuts = Array.from({ length: batchCount - 1 }, () => Math.floor(rand() * (log.length + 1))).sort((a, b) => a - b);
					const batches: JudgeEvent[][] = [];
					let from = 0;
					for (const c of [...cuts, log.length]) {
						batches.push(log.slice(from, c));
						from = c;
					}

					for (const now of moments(gc)) {
						const expected = scoreCompetition(gc.setup, gc.events, now);
						expect(scoreCompetition(gc.setup, log, now)).toEqual(expected);
					}
					// One scorer fed in batches, queried between them: each time as if from scratch.
					const scorer = new CompetitionScorer(gc.setup);
					const seen: JudgeEvent[] = [];
					for (const batch of batches) {
						scorer.add(batch);
						seen.push(...batch);
						expect(scorer.standings(gc.now)).toEqual(scoreCompetition(gc.setup, seen, gc.now));
					}
					expect(scorer.size).toBe(new Set(gc.events.map((e) => e.id)).size);
					for (const now of moments(gc)) expect(scorer.standings(now)).toEqual(scoreCompetition(gc.setup, gc.events, now));
				}
			),
			PARAMS
		);
	}, TIMEOUT);

	it('a penalty never improves the place of the entry that gets it (CZ-GEN-MISSING, ES-INCIDENT, ES-DQ)', () => {
		fc.assert(
			fc.property(
				competitionArb({ tiebreaks: true }),
				fc.nat(),
				fc.constantFrom<'adjust' | 'missing'>('adjust', 'missing'),
				fc.integer({ min: 1, max: 600 }),
				(gc, pick, kind, amount) => {
					const entry = gc.setup.entries[pick % gc.setup.entries.length]!;
					const org = organizer(gc, entry.heatId);
					const lastAt = gc.events.reduce((m, e) => Math.max(m, e.at), 0);
					let penalised = false;
					if (kind === 'missing') {
						// More missing pieces on every check in force of the entry: a correction with a
						// replacement that supersedes the check's version in force, at its same time.
						// Checks recorded after the lock are not applied, and a correction would apply
						// them (corrections are how a locked record changes): that is not a penalty.
						const notApplied = new Set(
							scoreCompetition(gc.setup, gc.events, gc.after)
								.conflicts.filter((c) => c.kind === 'after-lock' && c.entryId === entry.id)
								.map((c) => c.eventIds[1])
						);
						const bucket = gc.events.filter((e) => e.entryId === entry.id);
						const byId = new Map(bucket.map((e) => [e.id, e]));
						for (const eff of applyCorrections(bucket).effective) {
							if (eff.type !== 'check.confirmed' || notApplied.has(eff.id)) continue;
							const target = byId.get(eff.correctedBy ?? eff.id)!;
							org.correct(target, lastAt + 1000, 'pieces found missing on a recount', {
								type: 'check.confirmed',
								at: eff.at,
								payload: { ref: eff.payload.ref, missingPieces: eff.payload.missingPieces + Math.ceil(amount / 100) }
							});
							penalised = true;
						}
					}
					if (!penalised) org.record('time.adjusted', lastAt + 1000, entry.id, { deltaMs: amount * 1000, reason: 'penalty for an incident' });
					const withPenalty = [...gc.events, ...org.events];
					for (const now of moments(gc)) {
						const before = placeOf(scoreCompetition(gc.setup, gc.events, now), entry.id);
						const after = placeOf(scoreCompetition(gc.setup, withPenalty, now), entry.id);
						expect(after, `${entry.id} at ${now}: place ${before} → ${after}`).toBeGreaterThanOrEqual(before);
					}
				}
			),
			PARAMS
		);
	}, TIMEOUT);

	it('CZ-IND-RANK-3: equal ranking keys if and only if equal places (no tie-break results)', () => {
		fc.assert(
			fc.property(competitionArb(), (gc) => {
				const scorer = new CompetitionScorer(gc.setup);
				scorer.add(gc.events);
				for (const now of moments(gc)) {
					const s = scorer.standings(now);
					const keyed = s.rows.map((r) => {
						expect(r.basis).toEqual(rankBasis(gc.ruleset, r.outcome));
						return { r, key: keyOf(gc.ruleset, r.basis) };
					});
					for (const { r, key } of keyed) expect(r.place === null, `${r.entryId}: place ${r.place}, key ${key}`).toBe(key === null);
					const ranked = keyed.filter((k) => k.key !== null);
					for (const a of ranked)
						for (const b of ranked)
							expect(a.r.place === b.r.place, `${a.r.entryId} ${a.key} place ${a.r.place}; ${b.r.entryId} ${b.key} place ${b.r.place}`).toBe(
								sameKey(a.key!, b.key!)
							);
				}
			}),
			PARAMS
		);
	}, TIMEOUT);

	it('CZ-IND-RANK-3, CZ-IND-AWARD, ES-TIE: places are 1-2-2-4 style, sorted, awarded iff place <= topN', () => {
		fc.assert(
			fc.property(competitionArb(), (gc) => {
				const scorer = new CompetitionScorer(gc.setup);
				scorer.add(gc.events);
				for (const now of moments(gc)) {
					const s = scorer.standings(now);
					const keys = s.rows.map((r) => keyOf(gc.ruleset, r.basis));
					// Ranked rows first, places ascending, then the unranked.
					const firstUnranked = s.rows.findIndex((r) => r.place === null);
					if (firstUnranked >= 0) expect(s.rows.slice(firstUnranked).every((r) => r.place === null)).toBe(true);
					const places = s.rows.filter((r) => r.place !== null).map((r) => r.place!);
					expect(places).toEqual([...places].sort((a, b) => a - b));
					s.rows.forEach((r, i) => {
						const key = keys[i];
						if (r.place !== null && key) {
							const strictlyBetter = keys.filter((k) => k !== null && better(k, key)).length;
							expect(r.place, `${r.entryId} key ${key}`).toBe(1 + strictlyBetter);
						}
						expect(r.awarded, `${r.entryId} place ${r.place}`).toBe(r.place !== null && r.place <= gc.ruleset.awards.topN);
					});
					// ES-TIE: a shared first place is flagged where the ruleset says so (no tie-break results here).
					const firsts = s.rows.filter((r) => r.place === 1).map((r) => r.entryId);
					const flagged = gc.ruleset.ties.flagTieForFirst && firsts.length > 1 ? firsts : [];
					expect(s.tieForFirst).toEqual(flagged);
					for (const r of s.rows) expect(r.tieBreak).toBe(flagged.includes(r.entryId));
				}
			}),
			PARAMS
		);
	}, TIMEOUT);
});

/**
 * Found while generalising the shuffle property to ID collisions (two different events under one
 * ID in different entries): a correction used to stay with the copy that was kept first, so the
 * standings depended on arrival order. Events are now read per scope (entry, heat, competition),
 * and a correction carries its target's scope, so both orders give the same standings.
 */
describe('regressions', () => {
	it('ID collision with a correction: the standings do not depend on arrival order', () => {
		const setup = makeSetup(presetOf('czjpa-individual'), 2, () => 0);
		const a = new DeviceLog({ deviceId: 'tab-a', judge: 'j', competitionId: setup.competition.id, heatId: 'h0' });
		const b = new DeviceLog({ deviceId: 'tab-b', judge: 'j', competitionId: setup.competition.id, heatId: 'h0' });
		const T = 1_000_000;
		const start = a.start(T, ['e0', 'e1']);
		const h0 = a.hand('e0', T + 600_000); // ID tab-a-2, entry e0
		const x: JudgeEvent = { ...b.hand('e1', T + 500_000), id: h0.id }; // entry e1 under the same ID; canonically smaller: kept
		const v = b.correct(x, T + 800_000, 'entered by mistake'); // voids the kept version (entry e1)
		const now = T + 2 * 3_600_000;
		// x, h0, v: e1's finish is void (unfinished). h0, v, x: v stays in e0's bucket, e1 finishes first.
		expect(scoreCompetition(setup, [start, h0, v, x], now)).toEqual(scoreCompetition(setup, [start, x, h0, v], now));
	});
});
