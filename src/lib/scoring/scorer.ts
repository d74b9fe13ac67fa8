import type { Ruleset } from '$lib/rules/schema';
import type { Competition, Entry } from '$lib/setup/schema';
import type { JudgeEvent } from '$lib/events/schema';
import { compareEvents, dedupeEvents, type IdCollision } from '$lib/events/order';
import { applyCorrections } from './corrections';
import { foldEntry, type EntrySummary } from './fold';
import { evaluate } from './outcome';
import { spanOf, type OutcomeSpan } from './span';
import { Ranking } from './standings';
import { formatResult } from './time';
import type { Conflict, EffectiveEvent, Outcome, ScoringWarning, Standings } from './types';

export interface CompetitionSetup {
	competition: Competition;
	ruleset: Ruleset;
	entries: readonly Entry[];
}

/** The events of one entry, one heat (its starts) or the competition (tie-breaks), with caches. */
interface Resolved {
	/** The distinct events: one copy per ID. */
	unique: JudgeEvent[];
	effective: EffectiveEvent[];
	conflicts: Conflict[];
}

const EMPTY: Resolved = { unique: [], effective: [], conflicts: [] };

interface Bucket {
	/** As added, duplicates included. */
	events: JudgeEvent[];
	resolved: Resolved | null;
	/** Heat buckets: the starts listing each entry. */
	startsByEntry: Map<string, EffectiveEvent[]> | null;
}

/** What is kept per entry between calls; each part is rebuilt only when its inputs change. */
interface EntryState {
	entry: Entry;
	summary: EntrySummary | null;
	outcome: Outcome | null;
	outcomeAt: number;
	/** From this moment on the outcome no longer changes with time. */
	stableFrom: number;
}

const newBucket = (): Bucket => ({ events: [], resolved: null, startsByEntry: null });

/**
 * Standings of one competition from its event log, kept up to date as events arrive: an
 * added event refolds only the entries it touches, and outcomes that can no longer change
 * with time are reused. The result depends only on the set of events (duplicates count once,
 * arrival order does not matter) and on `now`.
 *
 * Events are grouped in buckets by their scope: one per entry, one per heat (starts) and one
 * for the competition (tie-breaks). A correction carries the scope of the event it corrects,
 * so it lands in the same bucket; an event's ID identifies it within its scope (the server
 * refuses a known ID, so only a forged file can reuse one across scopes). Nothing here is
 * indexed by event ID across the whole log: a 100,000-entry map alone would cost more than
 * the rest of the work.
 */
export class CompetitionScorer {
	readonly setup: CompetitionSetup;
	private readonly states = new Map<string, EntryState>();
	private readonly entriesByHeat = new Map<string, EntryState[]>();
	private readonly ranking: Ranking;
	private readonly entryBuckets = new Map<string, Bucket>();
	private readonly heatBuckets = new Map<string, Bucket>();
	private readonly competitionBucket = newBucket();
	private readonly foreign: JudgeEvent[] = [];
	private readonly dirtyEntries = new Set<string>();
	private readonly dirtyHeats = new Set<string>();
	private version = 0;
	private conflictCache: { version: number; conflicts: Conflict[] } | null = null;
	/** Conflicts per entry (only entries that have some), and the entries to look at again. */
	private readonly entryConflicts = new Map<string, Conflict[]>();
	private readonly staleConflicts = new Set<string>();

	constructor(setup: CompetitionSetup) {
		this.setup = setup;
		for (const entry of setup.entries) {
			const state: EntryState = { entry, summary: null, outcome: null, outcomeAt: 0, stableFrom: Infinity };
			this.states.set(entry.id, state);
			const list = this.entriesByHeat.get(entry.heatId);
			if (list) list.push(state);
			else this.entriesByHeat.set(entry.heatId, [state]);
		}
		this.ranking = new Ranking(setup.ruleset, setup.entries);
	}

	/** The number of distinct events held. */
	get size(): number {
		let n = 0;
		for (const b of this.buckets()) n += this.resolved(b).unique.length;
		return n;
	}

	add(events: Iterable<JudgeEvent>): void {
		for (const e of events) {
			this.version++;
			if (e.competitionId !== this.setup.competition.id) {
				this.foreign.push(e);
				continue;
			}
			const b = this.bucketFor(e);
			b.events.push(e);
			b.resolved = null;
			b.startsByEntry = null;
			if (e.entryId !== null) this.dirtyEntries.add(e.entryId);
			else if (e.heatId !== null) this.dirtyHeats.add(e.heatId);
		}
	}

	/** An event's bucket, by its scope. */
	private bucketFor(e: JudgeEvent): Bucket {
		if (e.entryId === null && e.heatId === null) return this.competitionBucket;
		const map = e.entryId !== null ? this.entryBuckets : this.heatBuckets;
		const key = (e.entryId ?? e.heatId)!;
		let b = map.get(key);
		if (!b) map.set(key, (b = newBucket()));
		return b;
	}

	private *buckets(): Iterable<Bucket> {
		yield this.competitionBucket;
		yield* this.heatBuckets.values();
		yield* this.entryBuckets.values();
	}

	private resolved(b: Bucket | undefined): Resolved {
		if (!b) return EMPTY;
		if (!b.resolved) {
			const { events: unique, collisions } = dedupeEvents(b.events);
			const { effective, conflicts } = applyCorrections(unique);
			for (const c of collisions) conflicts.push(collisionConflict(this.setup.competition.id, c));
			b.resolved = { unique, effective, conflicts };
		}
		return b.resolved;
	}

	private startsFor(entry: Entry): EffectiveEvent[] {
		const b = this.heatBuckets.get(entry.heatId);
		if (!b) return [];
		if (!b.startsByEntry) {
			const map = new Map<string, EffectiveEvent[]>();
			for (const e of this.resolved(b).effective) {
				if (e.type !== 'heat.start') continue;
				for (const id of e.payload.entryIds) {
					const list = map.get(id);
					if (list) list.push(e);
					else map.set(id, [e]);
				}
			}
			b.startsByEntry = map;
		}
		return b.startsByEntry.get(entry.id) ?? [];
	}

	/** Drops the cached state of the entries that new events touch. */
	private refresh(): void {
		for (const id of this.dirtyEntries) {
			const s = this.states.get(id);
			if (s) s.summary = s.outcome = null;
			this.staleConflicts.add(id);
		}
		for (const heatId of this.dirtyHeats)
			for (const s of this.entriesByHeat.get(heatId) ?? []) {
				s.summary = s.outcome = null;
				this.staleConflicts.add(s.entry.id);
			}
		this.dirtyEntries.clear();
		this.dirtyHeats.clear();
	}

	private summaryOf(s: EntryState): EntrySummary {
		if (!s.summary) {
			s.summary = foldEntry(this.setup.ruleset, s.entry, this.startsFor(s.entry), this.resolved(this.entryBuckets.get(s.entry.id)).effective);
			s.stableFrom = stableFrom(s.summary);
		}
		return s.summary;
	}

	private outcomeOf(s: EntryState, now: number): Outcome {
		const summary = this.summaryOf(s);
		const o = s.outcome;
		if (o !== null && (s.outcomeAt === now || (now >= s.stableFrom && s.outcomeAt >= s.stableFrom))) return o;
		s.outcome = evaluate(this.setup.ruleset, summary, now);
		s.outcomeAt = now;
		return s.outcome;
	}

	/** Every entry's outcome at `now`, in set-up order. */
	outcomes(now: number): Outcome[] {
		this.refresh();
		return [...this.states.values()].map((s) => this.outcomeOf(s, now));
	}

	outcome(entryId: string, now: number): Outcome | undefined {
		this.refresh();
		const s = this.states.get(entryId);
		return s && this.outcomeOf(s, now);
	}

	/** The entry's fold (its start, pauses, finish …), which does not depend on the time. */
	summary(entryId: string): EntrySummary | undefined {
		this.refresh();
		const s = this.states.get(entryId);
		return s && this.summaryOf(s);
	}

	/** The entry's outcome at `now` and until when it holds with its counters running (span.ts). */
	span(entryId: string, now: number): OutcomeSpan | undefined {
		this.refresh();
		const s = this.states.get(entryId);
		return s && spanOf(this.setup.ruleset, this.summaryOf(s), now, this.outcomeOf(s, now));
	}

	/** The latest tie-break result in force (ES-TIE). */
	private tiebreakOrder(): string[] | null {
		let last: EffectiveEvent | null = null;
		for (const b of [this.competitionBucket, ...this.heatBuckets.values()])
			for (const e of this.resolved(b).effective) if (e.type === 'tiebreak.result' && (last === null || compareEvents(last, e) < 0)) last = e;
		return last?.type === 'tiebreak.result' ? last.payload.order : null;
	}

	/** Everything the organizer must look at, in a stable order. */
	conflicts(): Conflict[] {
		this.refresh();
		if (this.conflictCache?.version === this.version) return this.conflictCache.conflicts;
		const comp = this.setup.competition.id;
		for (const id of this.staleConflicts) {
			const b = this.entryBuckets.get(id);
			const s = this.states.get(id);
			const list = [...this.resolved(b).conflicts];
			if (s) list.push(...this.summaryOf(s).conflicts);
			else if (b) list.push(invalidEvents(comp, this.resolved(b).unique, `events for entry ${id}, which is not in competition ${comp}`));
			if (list.length > 0) this.entryConflicts.set(id, list);
			else this.entryConflicts.delete(id);
		}
		this.staleConflicts.clear();
		const out: Conflict[] = [];
		for (const b of [this.competitionBucket, ...this.heatBuckets.values()]) out.push(...this.resolved(b).conflicts);
		for (const list of this.entryConflicts.values()) out.push(...list);
		if (this.foreign.length > 0) out.push(invalidEvents(comp, this.foreign, `events of another competition given to ${comp}`));
		out.sort(
			(a, b) => cmp(a.kind, b.kind) || cmp(a.entryId ?? '', b.entryId ?? '') || cmp(a.eventIds.join(), b.eventIds.join()) || cmp(a.message, b.message)
		);
		this.conflictCache = { version: this.version, conflicts: out };
		return out;
	}

	/** What the standings follow as recorded but people should know (ScoringWarning), in the log's order. */
	warnings(): ScoringWarning[] {
		const { competition, ruleset } = this.setup;
		const starts = [...this.heatBuckets.values()]
			.flatMap((b) => this.resolved(b).effective)
			.filter((e): e is EffectiveEvent & { type: 'heat.start' } => e.type === 'heat.start' && e.payload.previewMs !== ruleset.previewMs)
			.sort(compareEvents);
		return starts.map((e) => ({
			kind: 'preview-differs',
			competitionId: competition.id,
			heatId: e.heatId,
			eventIds: [e.id],
			deviceIds: [e.deviceId],
			message: `the start ${e.id} of heat ${e.heatId} has a preview of ${previewText(e.payload.previewMs)} where ruleset ${ruleset.id} v${ruleset.version} has ${previewText(ruleset.previewMs)}; the seats' clocks start after the start's preview`
		}));
	}

	/**
	 * Under `missingFromBox: 'exempt-when-confirmed'`, each check whose pieces from the box await
	 * the organizer's decision (box-fault-pending), in set-up order.
	 */
	private boxFaultWarnings(outcomes: readonly Outcome[]): ScoringWarning[] {
		const out: ScoringWarning[] = [];
		for (const o of outcomes) {
			if (o.boxFaultPending === 0) continue;
			const s = this.states.get(o.entryId)!;
			for (const p of this.summaryOf(s).puzzles)
				if (p.boxFault === 'undecided' && p.checkId !== null)
					out.push({
						kind: 'box-fault-pending',
						competitionId: this.setup.competition.id,
						heatId: o.heatId,
						eventIds: [p.checkId],
						deviceIds: p.checkDeviceId === null ? [] : [p.checkDeviceId],
						message: `${p.missingFromBox} of the ${p.missingPieces} pieces missing at the check ${p.checkId} of ${s.entry.name} are recorded as missing from the box: penalised until the organizer confirms them`
					});
		}
		return out;
	}

	standings(now: number): Standings {
		const outcomes = this.outcomes(now);
		const { rows, tieForFirst } = this.ranking.rank(outcomes, this.tiebreakOrder());
		return {
			competitionId: this.setup.competition.id,
			ruleset: { id: this.setup.ruleset.id, version: this.setup.ruleset.version },
			at: now,
			rows,
			tieForFirst,
			conflicts: this.conflicts(),
			warnings: [...this.warnings(), ...this.boxFaultWarnings(outcomes)]
		};
	}

	/** The distinct events held, in total order. */
	events(): JudgeEvent[] {
		return [...this.buckets()].flatMap((b) => this.resolved(b).unique).sort(compareEvents);
	}
}

/** A preview's length: whole seconds, or milliseconds when it has some. */
const previewText = (ms: number) => formatResult(ms, ms % 1000 === 0 ? 'second-truncated' : 'ms');

/** The moment from which an entry's outcome no longer changes with time. */
function stableFrom(s: EntrySummary): number {
	if (s.startedAt === null || s.limitAt === null) return -Infinity;
	let t = s.finishedAt ?? s.limitAt;
	for (const p of s.pauses) t = Math.max(t, p.to);
	for (const a of s.assists) t = Math.max(t, a.to ?? t);
	return t;
}

function collisionConflict(competitionId: string, c: IdCollision): Conflict {
	return {
		kind: 'id-collision',
		competitionId,
		heatId: c.variants[0]!.heatId,
		entryId: c.variants[0]!.entryId,
		eventIds: [c.id],
		deviceIds: [...new Set(c.variants.map((e) => e.deviceId))].sort(),
		message: `${c.variants.length} different events share the ID ${c.id}; one is kept, the others are ignored`
	};
}

function cmp(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

function invalidEvents(competitionId: string, events: readonly JudgeEvent[], message: string): Conflict {
	return {
		kind: 'invalid',
		competitionId,
		heatId: events[0]?.heatId ?? null,
		entryId: events[0]?.entryId ?? null,
		eventIds: [...new Set(events.map((e) => e.id))].sort(),
		deviceIds: [...new Set(events.map((e) => e.deviceId))].sort(),
		message
	};
}

/** Standings of one competition from scratch. */
export function scoreCompetition(setup: CompetitionSetup, events: Iterable<JudgeEvent>, now: number): Standings {
	const scorer = new CompetitionScorer(setup);
	scorer.add(events);
	return scorer.standings(now);
}
