/**
 * TEST-ONLY: fast-check generators of random competitions and their judge-event logs, for the
 * property tests of the scoring module (properties.test.ts) and any other test or benchmark
 * that wants realistic logs. Never import this from application code: it pulls in fast-check.
 *
 * A competition is generated as a small *plan* (numbers and choices), then built into events
 * with DeviceLog, the same builder the tablets use. Counterexamples print as the plan, which
 * shrinks well and is short enough to read.
 *
 * What a plan covers: 1–3 heats, each with a common start (the preset's preview) from one or
 * two devices, sometimes one start a few seconds late (a double start) and sometimes a start
 * corrected; 1–3 devices; per entry: finishes (hand raised, or relay.puzzle-finished per
 * puzzle) on a coarse time grid with sub-second jitter (so that ties happen, also under
 * second-truncated resolution), each checked (confirmed with random missing pieces,
 * rejected, or not yet); pauses and assistance (also where the preset has none: they must
 * then be ignored); tallies (relay: per puzzle); acknowledgements, with events after the lock;
 * disqualifications, did-not-start, time adjustments, incident notes; corrections that void or
 * replace an entry's events or revert a correction; optionally tie-break results.
 */
import fc from 'fast-check';
import { DeviceLog } from '$lib/events/builder';
import type { JudgeEvent, Replacement } from '$lib/events/schema';
import { presetById } from '$lib/rules/presets';
import type { Ruleset } from '$lib/rules/schema';
import { puzzlesOf } from '$lib/rules/ruleset-reading';
import type { Competition, Entry } from '$lib/setup/schema';
import type { CompetitionSetup } from './scorer';

/** The presets the generators know how to exercise. */
export const PROPERTY_PRESET_IDS = ['czjpa-individual', 'czjpa-team-relay', 'es-adult-individual', 'es-kids-group', 'es-kids-pairs-5-7'] as const;
export type PropertyPresetId = (typeof PROPERTY_PRESET_IDS)[number];

/** The day's first start, ms since the epoch (2025-06-07 09:00 UTC). */
export const T0 = Date.UTC(2025, 5, 7, 9, 0, 0);
export const COMPETITION_ID = 'comp-1';
const DEVICE_IDS = ['tab-a', 'tab-b', 'tab-c'] as const;
/** Steps of the time grid per time limit: finishes fall on the grid (plus jitter), so they tie. */
export const GRID_STEPS = 40;
const NAMES = ['Ana', 'Bo', 'Čeněk', 'ana', 'Zoë', 'Bo', 'Eva', 'Ülle'];

// ---------------------------------------------------------------- plans

export interface AttemptPlan {
	dev: number;
	/** Grid step after the clock's start (beyond GRID_STEPS: after the limit). */
	step: number;
	jitterMs: number;
	/** Relay: index of the puzzle finished; ignored for single-puzzle formats. */
	puzzle: number;
	verdict: 'confirm' | 'reject' | 'none';
	missing: number;
	/** Of the missing pieces, how many from the box (capped at `missing`), and the organizer's decision on them. */
	fromBox: number;
	boxDecision: 'none' | 'confirm' | 'refuse';
	checkDev: number;
	checkDelayMs: number;
	/** Relay: record "boxed, next released" after a confirmed check. */
	teardown: boolean;
}

export interface IntervalPlan {
	dev: number;
	step: number;
	/** null: no end recorded. */
	lengthMs: number | null;
}

export interface TallyPlan {
	dev: number;
	/** Relay: index of the puzzle; single formats: ignored. */
	puzzle: number;
	/** Group sizes in hundredths of a fifth of the puzzle (0 → 1 piece); may exceed the puzzle. */
	groups: number[];
	delayMs: number;
}

export type LateKind = 'hand' | 'tally' | 'pause' | 'confirm' | 'disqualify' | 'assist';

export interface CorrectionPlan {
	dev: number;
	/** Index into the entry's events made so far (modulo their number). */
	target: number;
	kind: 'void' | 'replace';
	/** Grid quarter-steps to move a replaced event's time by. */
	shift: number;
	missing: number;
	delayMs: number;
}

export interface EntryPlan {
	heat: number;
	/** Listed in its heat's start (else it never starts). */
	listed: boolean;
	attempts: AttemptPlan[];
	pauses: IntervalPlan[];
	assists: IntervalPlan[];
	tallies: TallyPlan[];
	/** Relay: tally every puzzle without a finish attempt too (as the judge does at the limit). */
	tallyRest: boolean;
	ack: { dev: number; delayMs: number } | null;
	afterLock: { dev: number; kind: LateKind; delayMs: number }[];
	disqualify: { dev: number; step: number } | null;
	didNotStart: boolean;
	adjustments: { dev: number; step: number; deltaMs: number }[];
	incident: boolean;
	corrections: CorrectionPlan[];
}

export interface HeatPlan {
	starts: { dev: number; delayMs: number }[];
	/** Correct the first start: void it, or move it by `shiftMs`. */
	startCorrection: { dev: number; kind: 'void' | 'replace'; shiftMs: number } | null;
}

export interface CompetitionPlan {
	presetId: PropertyPresetId;
	/** The preset with `missingFromBox: 'exempt-when-confirmed'` instead of its 'penalty'. */
	boxExempt: boolean;
	devices: number;
	heats: HeatPlan[];
	entries: EntryPlan[];
	tiebreaks: { dev: number; order: number[] }[];
	/** A random moment of the day, in thousandths of the span from T0 to the end of the last heat. */
	nowPermille: number;
}

export interface GeneratedCompetition {
	plan: CompetitionPlan;
	ruleset: Ruleset;
	setup: CompetitionSetup;
	events: JudgeEvent[];
	/** A random moment during the day (possibly before a start, while clocks run). */
	now: number;
	/** A moment after every limit (pauses included) and every event. */
	after: number;
	/** The length of one grid step, ms. */
	stepMs: number;
}

export interface CompetitionArbOptions {
	presets?: readonly PropertyPresetId[];
	minEntries?: number;
	maxEntries?: number;
	/** Add tie-break results (ES-TIE) now and then. Default false. */
	tiebreaks?: boolean;
}

// ---------------------------------------------------------------- arbitraries

const dev = fc.nat({ max: 2 });
const delay = fc.integer({ min: 0, max: 180_000 });
const jitter = fc.constantFrom(0, 0, 0, 1, 400, 999);
const missing = fc.oneof({ arbitrary: fc.constant(0), weight: 8 }, { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 1 });

/** `arb` with probability `percent`/100, else null. */
function sometimes<T>(arb: fc.Arbitrary<T>, percent: number): fc.Arbitrary<T | null> {
	return fc.oneof({ arbitrary: fc.constant(null), weight: 100 - percent }, { arbitrary: arb, weight: percent });
}
const lateKind = fc.constantFrom<LateKind>('hand', 'tally', 'pause', 'confirm', 'disqualify', 'assist');

function attemptArb(relay: boolean): fc.Arbitrary<AttemptPlan> {
	return fc.record({
		dev,
		// A few popular steps, the earliest one the most popular, make equal times (shared places,
		// ties for first) common.
		step: fc.oneof(fc.integer({ min: 8, max: GRID_STEPS + 4 }), fc.constantFrom(8, 8, 20, 30)),
		jitterMs: jitter,
		puzzle: relay ? fc.nat({ max: 7 }) : fc.constant(0),
		verdict: fc.constantFrom<AttemptPlan['verdict']>('confirm', 'confirm', 'confirm', 'reject', 'none'),
		missing,
		fromBox: fc.nat({ max: 3 }),
		boxDecision: fc.constantFrom<AttemptPlan['boxDecision']>('none', 'confirm', 'confirm', 'refuse'),
		checkDev: dev,
		checkDelayMs: delay,
		teardown: relay ? fc.boolean() : fc.constant(false)
	});
}

function intervalArb(maxLengthMs: number): fc.Arbitrary<IntervalPlan> {
	return fc.record({
		dev,
		step: fc.integer({ min: 0, max: GRID_STEPS + 2 }),
		lengthMs: fc.option(fc.constantFrom(1_000, 30_000, 120_000, Math.floor(maxLengthMs / 2), maxLengthMs, maxLengthMs + 60_000), { freq: 5 }) // null 1 in 5
	});
}

function entryPlanArb(ruleset: Ruleset): fc.Arbitrary<EntryPlan> {
	const relay = ruleset.format.kind === 'relay';
	const pauseMax = ruleset.pause?.maxDurationMs ?? 300_000;
	const assistMax = ruleset.assistance?.maxTotalMs ?? 600_000;
	return fc.record({
		heat: fc.nat({ max: 2 }),
		listed: fc.oneof({ arbitrary: fc.constant(true), weight: 19 }, { arbitrary: fc.constant(false), weight: 1 }),
		attempts: fc.array(attemptArb(relay), { maxLength: relay ? 10 : 3 }),
		pauses: fc.array(intervalArb(pauseMax), { maxLength: ruleset.pause ? 3 : 1 }),
		assists: fc.array(intervalArb(assistMax), { maxLength: ruleset.assistance ? 4 : 1 }),
		tallies: fc.array(
			fc.record({
				dev,
				puzzle: relay ? fc.nat({ max: 7 }) : fc.constant(0),
				groups: fc.array(fc.oneof(fc.nat({ max: 100 }), fc.constantFrom(10, 50, 50, 100)), { maxLength: 12 }),
				delayMs: delay
			}),
			{ minLength: relay ? 0 : 1, maxLength: relay ? 4 : 2 }
		),
		tallyRest: relay ? fc.boolean() : fc.constant(false),
		ack: sometimes(fc.record({ dev, delayMs: delay }), 60),
		afterLock: fc.array(fc.record({ dev, kind: lateKind, delayMs: delay }), { maxLength: 2 }),
		disqualify: sometimes(fc.record({ dev, step: fc.integer({ min: 0, max: GRID_STEPS + 4 }) }), 5),
		didNotStart: fc.oneof({ arbitrary: fc.constant(false), weight: 30 }, { arbitrary: fc.constant(true), weight: 1 }),
		adjustments: fc
			.array(
				fc.record({
					dev,
					step: fc.integer({ min: 0, max: GRID_STEPS + 4 }),
					deltaMs: fc.oneof(fc.integer({ min: -60, max: 120 }), fc.constantFrom(-30, 30, 60)).map((s) => s * 1000)
				}),
				{ maxLength: 1 }
			)
			.map((a) => a.filter((x) => x.step % 4 === 0)),
		incident: fc.boolean(),
		corrections: fc.array(
			fc.record({
				dev,
				target: fc.nat(),
				kind: fc.constantFrom<CorrectionPlan['kind']>('void', 'replace', 'replace'),
				shift: fc.integer({ min: -8, max: 8 }),
				missing: fc.nat({ max: 4 }),
				delayMs: delay
			}),
			{ maxLength: 2 }
		)
	});
}

const heatPlanArb: fc.Arbitrary<HeatPlan> = fc.record({
	starts: fc.array(fc.record({ dev, delayMs: fc.constantFrom(0, 0, 0, 0, 5_000) }), { minLength: 1, maxLength: 2 }),
	startCorrection: sometimes(
		fc.record({ dev, kind: fc.constantFrom<'void' | 'replace'>('void', 'replace'), shiftMs: fc.integer({ min: -30, max: 30 }).map((s) => s * 1000) }),
		10
	)
});

export function presetOf(id: string): Ruleset {
	const r = presetById(id);
	if (!r) throw new Error(`no preset ${id}`);
	return r;
}

/** Random competition plans; `buildCompetition` turns one into a set-up and its events. */
export function competitionPlanArb(opts: CompetitionArbOptions = {}): fc.Arbitrary<CompetitionPlan> {
	const presets = opts.presets ?? PROPERTY_PRESET_IDS;
	return fc.constantFrom(...presets).chain((presetId) =>
		fc.record({
			presetId: fc.constant(presetId),
			boxExempt: fc.boolean(),
			devices: fc.integer({ min: 1, max: 3 }),
			heats: fc.array(heatPlanArb, { minLength: 1, maxLength: 3 }),
			entries: fc.array(entryPlanArb(presetOf(presetId)), { minLength: opts.minEntries ?? 2, maxLength: opts.maxEntries ?? 30 }),
			tiebreaks: opts.tiebreaks
				? fc.array(fc.record({ dev, order: fc.array(fc.nat({ max: 29 }), { minLength: 2, maxLength: 4 }) }), { maxLength: 2 })
				: fc.constant([]),
			nowPermille: fc.integer({ min: 0, max: 1000 })
		})
	);
}

/** Random competitions, built. They print as their plan. */
export function competitionArb(opts: CompetitionArbOptions = {}): fc.Arbitrary<GeneratedCompetition> {
	return competitionPlanArb(opts).map(buildCompetition);
}

// ---------------------------------------------------------------- building

/** Set-up of `count` entries spread over `heats` heats by `heatOf`. */
export function makeSetup(ruleset: Ruleset, count: number, heatOf: (i: number) => number): CompetitionSetup {
	const competition: Competition = { id: COMPETITION_ID, eventId: 'day-1', name: `Test ${ruleset.name}`, ruleset: { id: ruleset.id, version: ruleset.version } };
	const size = ruleset.unit.size.min;
	const entries: Entry[] = [];
	for (let i = 0; i < count; i++) {
		const id = `e${i}`;
		entries.push({
			id,
			competitionId: COMPETITION_ID,
			heatId: `h${heatOf(i)}`,
			name: `${NAMES[i % NAMES.length]}${i % 3 === 0 ? '' : ` ${Math.floor(i / 3)}`}`,
			members: Array.from({ length: size }, (_, k) => ({ id: `${id}-m${k}`, name: `Member ${k + 1} of ${id}` }))
		});
	}
	return { competition, ruleset, entries };
}

/** Device logs: one per device and heat (plus the organizer's, heat null), seq unique per device. */
export class Logs {
	private readonly logs = new Map<string, DeviceLog>();
	constructor(readonly deviceIds: readonly string[]) {}
	get(devIndex: number, heat: number | null): DeviceLog {
		const deviceId = this.deviceIds[devIndex % this.deviceIds.length]!;
		const key = `${deviceId}/${heat ?? '-'}`;
		let log = this.logs.get(key);
		if (!log)
			this.logs.set(
				key,
				(log = new DeviceLog({ deviceId, judge: `judge ${deviceId}`, competitionId: COMPETITION_ID, heatId: heat === null ? null : `h${heat}`, firstSeq: (heat ?? 99) * 1_000_000 + 1 }))
			);
		return log;
	}
	all(): JudgeEvent[] {
		return [...this.logs.values()].flatMap((l) => l.events);
	}
}

function groupSizes(plan: TallyPlan, pieces: number): number[] {
	return plan.groups.map((g) => Math.max(1, Math.round((g / 100) * (pieces / 5))));
}

/** The replacement a correction puts in place of `target` (an action event), per the plan. */
function replacementFor(target: JudgeEvent, c: CorrectionPlan, stepMs: number, pieces: number): Replacement | undefined {
	if (c.kind === 'void' || target.type === 'correction') return undefined;
	const at = Math.max(0, target.at + Math.round((c.shift * stepMs) / 4));
	switch (target.type) {
		case 'check.confirmed':
			return { type: 'check.confirmed', at: target.at, payload: { ref: target.payload.ref, missingPieces: c.missing } };
		case 'check.rejected':
			return { type: 'check.confirmed', at: target.at, payload: { ref: target.payload.ref, missingPieces: c.missing } };
		case 'tally.recorded':
			return {
				type: 'tally.recorded',
				at: target.at,
				payload: { ...target.payload, groups: Array.from({ length: c.missing + 1 }, (_, k) => Math.max(1, Math.floor(pieces / (4 + k + c.shift)))) }
			};
		case 'time.adjusted':
			return { type: 'time.adjusted', at: target.at, payload: { deltaMs: c.shift * 5000, reason: 'corrected adjustment' } };
		default:
			return { type: target.type, at, payload: target.payload } as Replacement;
	}
}

export function buildCompetition(plan: CompetitionPlan): GeneratedCompetition {
	const preset = presetOf(plan.presetId);
	const ruleset: Ruleset = plan.boxExempt ? { ...preset, missingFromBox: 'exempt-when-confirmed' } : preset;
	const nHeats = plan.heats.length;
	const setup = makeSetup(ruleset, plan.entries.length, (i) => plan.entries[i]!.heat % nHeats);
	const logs = new Logs(DEVICE_IDS.slice(0, plan.devices));
	const L = ruleset.timeLimitMs;
	const stepMs = L / GRID_STEPS;
	const puzzles = puzzlesOf(ruleset);
	const relay = ruleset.format.kind === 'relay';
	const heatGap = Math.round(L / 3);
	const heatAt = (h: number) => T0 + h * heatGap;
	const clockAt = (h: number) => heatAt(h) + ruleset.previewMs;

	// Common starts.
	plan.heats.forEach((hp, h) => {
		const listed = setup.entries.filter((e, i) => e.heatId === `h${h}` && plan.entries[i]!.listed).map((e) => e.id);
		if (listed.length === 0) return;
		const starts = hp.starts.map((s) => logs.get(s.dev, h).start(heatAt(h) + s.delayMs, listed, ruleset.previewMs));
		const c = hp.startCorrection;
		if (c) {
			const first = starts[0]!;
			const replacement: Replacement | undefined =
				c.kind === 'replace' ? { type: 'heat.start', at: first.at + c.shiftMs, payload: first.payload } : undefined;
			logs.get(c.dev, h).correct(first, first.at + 60_000, 'start corrected', replacement);
		}
		if (hp.starts.length > 1) logs.get(hp.starts[1]!.dev, h).record('heat.time-limit', clockAt(h) + L, null, { entryIds: listed });
	});

	plan.entries.forEach((ep, i) => {
		const entry = setup.entries[i]!;
		const h = ep.heat % nHeats;
		const id = entry.id;
		const clock = clockAt(h);
		const gridAt = (step: number, jitterMs = 0) => clock + Math.round(step * stepMs) + jitterMs;
		const log = (d: number) => logs.get(d, h);
		const mine: JudgeEvent[] = [];
		const keep = <E extends JudgeEvent>(e: E): E => {
			mine.push(e);
			return e;
		};
		let lastResultAt = clock;
		const result = (at: number) => (lastResultAt = Math.max(lastResultAt, at));

		if (ep.didNotStart) keep(log(0).record('entry.did-not-start', heatAt(h) - 60_000, id, { reason: 'absent' }));
		for (const p of ep.pauses) {
			keep(log(p.dev).record('pause.start', gridAt(p.step), id, {}));
			if (p.lengthMs !== null) keep(log(p.dev).record('pause.end', gridAt(p.step) + p.lengthMs, id, {}));
		}
		for (const a of ep.assists) {
			keep(log(a.dev).record('assist.start', gridAt(a.step), id, {}));
			if (a.lengthMs !== null) keep(log(a.dev).record('assist.end', gridAt(a.step) + a.lengthMs, id, {}));
		}
		const attempted = new Set<number>();
		let lastClaim: JudgeEvent | null = null;
		for (const a of ep.attempts) {
			const at = gridAt(a.step, a.jitterMs);
			const pz = puzzles[a.puzzle % puzzles.length]!;
			attempted.add(a.puzzle % puzzles.length);
			const claim = relay
				? keep(log(a.dev).puzzleFinished(id, at, pz.id, [entry.members[a.puzzle % entry.members.length]!.id]))
				: keep(log(a.dev).hand(id, at));
			lastClaim = claim;
			const checkAt = at + a.checkDelayMs;
			if (a.verdict === 'confirm') {
				const fromBox = Math.min(a.fromBox, a.missing);
				if (fromBox === 0) keep(log(a.checkDev).confirm(claim, checkAt, a.missing));
				else {
					const check = keep(log(a.checkDev).record('check.confirmed', checkAt, id, { ref: claim.id, missingPieces: a.missing, missingFromBox: fromBox }));
					if (a.boxDecision !== 'none') keep(log(0).record('box-fault.decided', checkAt + 120_000, id, { ref: check.id, confirmed: a.boxDecision === 'confirm' }));
				}
				result(checkAt);
				if (a.teardown) keep(log(a.checkDev).record('relay.teardown-done', checkAt + 45_000, id, { puzzleId: pz.id }));
			} else if (a.verdict === 'reject') keep(log(a.checkDev).reject(claim, checkAt, 'pieces not joined'));
		}
		const limitAt = clock + L;
		const tallied = new Set<number>();
		for (const t of ep.tallies) {
			const k = t.puzzle % puzzles.length;
			tallied.add(k);
			const pz = puzzles[k]!;
			const at = limitAt + 600_000 + t.delayMs;
			keep(log(t.dev).tally(id, at, groupSizes(t, pz.pieces), relay ? pz.id : undefined));
			result(at);
		}
		if (ep.tallyRest) {
			const t = ep.tallies[0] ?? { dev: 0, puzzle: 0, groups: [40, 30, 5], delayMs: 0 };
			puzzles.forEach((pz, k) => {
				if (attempted.has(k) || tallied.has(k)) return;
				const at = limitAt + 700_000 + k * 1000;
				keep(log(t.dev).tally(id, at, groupSizes(t, pz.pieces), pz.id));
				result(at);
			});
		}
		if (ep.disqualify) {
			const at = gridAt(ep.disqualify.step);
			keep(log(ep.disqualify.dev).disqualify(id, at, 'a piece was damaged'));
			result(at);
		}
		for (const a of ep.adjustments) keep(log(a.dev).record('time.adjusted', gridAt(a.step), id, { deltaMs: a.deltaMs, reason: 'incident' }));
		if (ep.incident) keep(log(0).record('incident.noted', gridAt(3), id, { note: 'the table wobbled' }));
		if (ep.ack) {
			const ackAt = lastResultAt + 1000 + ep.ack.delayMs;
			keep(log(ep.ack.dev).ack(id, ackAt));
			// Events after the lock: must not be applied (CZ-GEN-RECORD).
			for (const late of ep.afterLock) {
				const at = ackAt + 1000 + late.delayMs;
				const d = log(late.dev);
				switch (late.kind) {
					case 'hand':
						keep(relay ? d.puzzleFinished(id, at, puzzles[0]!.id) : d.hand(id, at));
						break;
					case 'tally':
						keep(d.tally(id, at, [3, 3, 3], relay ? puzzles[puzzles.length - 1]!.id : undefined));
						break;
					case 'pause':
						keep(d.record('pause.start', at, id, {}));
						break;
					case 'assist':
						keep(d.record('assist.start', at, id, {}));
						break;
					case 'confirm':
						if (lastClaim) keep(d.confirm(lastClaim, at, 7));
						break;
					case 'disqualify':
						keep(d.disqualify(id, at, 'after the lock'));
						break;
				}
			}
		}
		for (const c of ep.corrections) {
			if (mine.length === 0) break;
			const target = mine[c.target % mine.length]!;
			const pieces = puzzles[puzzles.length - 1]!.pieces;
			keep(log(c.dev).correct(target, target.at + 1000 + c.delayMs, c.kind === 'void' ? 'entered by mistake' : 'corrected', replacementFor(target, c, stepMs, pieces)));
		}
	});

	for (const tb of plan.tiebreaks) {
		const order = [...new Set(tb.order.map((k) => `e${k % plan.entries.length}`))];
		if (order.length < 2) continue;
		logs.get(tb.dev, null).record('tiebreak.result', T0 + nHeats * heatGap + 2 * L, null, { order });
	}

	const events = logs.all();
	const lastEvent = events.reduce((m, e) => Math.max(m, e.at, e.type === 'correction' && e.payload.replacement ? e.payload.replacement.at : 0), 0);
	const dayEnd = clockAt(nHeats - 1) + L + 15 * 60_000;
	const now = T0 - 60_000 + Math.round(((dayEnd - T0 + 60_000) * plan.nowPermille) / 1000);
	const pauseRoom = (ruleset.pause?.maxCount ?? 0) * (ruleset.pause?.maxDurationMs ?? 0);
	const after = Math.max(lastEvent, clockAt(nHeats - 1) + 60_000 + L + pauseRoom) + 3_600_000;
	const generated: GeneratedCompetition = { plan, ruleset, setup, events, now, after, stepMs };
	// Counterexamples print as the plan (the events follow from it).
	Object.defineProperty(generated, fc.toStringMethod, { value: () => `buildCompetition(${fc.stringify(plan)})`, enumerable: false });
	return generated;
}

// ---------------------------------------------------------------- helpers for properties

export { mulberry32, shuffle as shuffled } from '$lib/random';

/** A structurally equal copy of an event with its keys in another order (same canonical JSON). */
export function reorderedCopy(e: JudgeEvent): JudgeEvent {
	const copy = structuredClone(e) as unknown as Record<string, unknown>;
	return Object.fromEntries(Object.entries(copy).reverse()) as unknown as JudgeEvent;
}
