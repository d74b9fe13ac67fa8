import type { Ruleset } from '$lib/rules/schema';
import type { Competition, Entry } from '$lib/setup/schema';
import type { EventOf, JudgeEvent } from '$lib/events/schema';
import { canonicalJson, compareEvents } from '$lib/events/order';
import { applyCorrections } from './corrections';
import { foldEntry, type EntrySummary } from './fold';
import { evaluate } from './outcome';
import { rankOutcomes } from './standings';
import type { Conflict, EffectiveEvent, Outcome, Standings } from './types';

export interface CompetitionSetup {
	competition: Competition;
	ruleset: Ruleset;
	entries: readonly Entry[];
}

interface Bucket {
	events: JudgeEvent[];
	/** Cached: effective events after corrections, and their conflicts. */
	resolved: { effective: EffectiveEvent[]; conflicts: Conflict[] } | null;
	/** Cached for heat buckets: the starts listing each entry. */
	startsByEntry: Map<string, EffectiveEvent[]> | null;
}

const COMPETITION_BUCKET = 'c';

/**
 * Standings of one competition from its event log, kept up to date as events arrive: an
 * added event recomputes only the entries it touches. The result depends only on the set of
 * events (duplicates count once, arrival order does not matter) and on `now`.
 *
 * Events are grouped in buckets: one per entry, one per heat (starts) and one for the
 * competition (tie-breaks). A correction joins the bucket of the event it supersedes; one
 * that arrives before its target waits until the target comes.
 */
export class CompetitionScorer {
	readonly setup: CompetitionSetup;
	private readonly entryById: Map<string, Entry>;
	private readonly entriesByHeat = new Map<string, Entry[]>();
	private readonly names: Map<string, string>;
	private readonly byId = new Map<string, JudgeEvent>();
	private readonly variants = new Map<string, Map<string, JudgeEvent>>();
	private readonly bucketOfEvent = new Map<string, string>();
	private readonly buckets = new Map<string, Bucket>();
	private readonly waiting = new Map<string, JudgeEvent[]>();
	private readonly foreign: JudgeEvent[] = [];
	private readonly summaries = new Map<string, EntrySummary>();
	private readonly dirtyBuckets = new Set<string>();

	constructor(setup: CompetitionSetup) {
		this.setup = setup;
		this.entryById = new Map(setup.entries.map((e) => [e.id, e]));
		this.names = new Map(setup.entries.map((e) => [e.id, e.name]));
		for (const e of setup.entries) {
			const list = this.entriesByHeat.get(e.heatId);
			if (list) list.push(e);
			else this.entriesByHeat.set(e.heatId, [e]);
		}
	}

	/** The number of distinct events held. */
	get size(): number {
		return this.byId.size;
	}

	add(events: Iterable<JudgeEvent>): void {
		for (const e of events) this.addOne(e);
	}

	private addOne(e: JudgeEvent): void {
		if (e.competitionId !== this.setup.competition.id) {
			this.foreign.push(e);
			return;
		}
		const seen = this.byId.get(e.id);
		if (seen !== undefined) {
			if (seen === e) return;
			const a = canonicalJson(seen);
			const b = canonicalJson(e);
			if (a === b) return;
			// Two different events under one ID: keep the smallest text everywhere, report it.
			let v = this.variants.get(e.id);
			if (!v) this.variants.set(e.id, (v = new Map([[a, seen]])));
			v.set(b, e);
			if (b < a) {
				this.remove(seen);
				this.place(e);
			}
			return;
		}
		this.place(e);
	}

	private bucketKey(e: JudgeEvent): string | null {
		if (e.type === 'correction') return this.bucketOfEvent.get(e.payload.supersedes) ?? null;
		if (e.entryId !== null) return `e:${e.entryId}`;
		if (e.heatId !== null && e.type !== 'tiebreak.result') return `h:${e.heatId}`;
		return COMPETITION_BUCKET;
	}

	private place(e: JudgeEvent): void {
		this.byId.set(e.id, e);
		const key = this.bucketKey(e);
		if (key === null) {
			const target = (e as EventOf<'correction'>).payload.supersedes;
			const list = this.waiting.get(target);
			if (list) list.push(e);
			else this.waiting.set(target, [e]);
			return;
		}
		this.bucketOfEvent.set(e.id, key);
		let b = this.buckets.get(key);
		if (!b) this.buckets.set(key, (b = { events: [], resolved: null, startsByEntry: null }));
		b.events.push(e);
		b.resolved = null;
		b.startsByEntry = null;
		this.dirtyBuckets.add(key);
		const waiting = this.waiting.get(e.id);
		if (waiting) {
			this.waiting.delete(e.id);
			for (const c of waiting) this.place(c);
		}
	}

	private remove(e: JudgeEvent): void {
		this.byId.delete(e.id);
		const key = this.bucketOfEvent.get(e.id);
		if (key === undefined) {
			for (const [t, list] of this.waiting) {
				const i = list.indexOf(e);
				if (i >= 0) list.splice(i, 1);
				if (list.length === 0) this.waiting.delete(t);
			}
			return;
		}
		this.bucketOfEvent.delete(e.id);
		const b = this.buckets.get(key)!;
		b.events.splice(b.events.indexOf(e), 1);
		b.resolved = null;
		b.startsByEntry = null;
		this.dirtyBuckets.add(key);
	}

	private resolved(key: string): { effective: EffectiveEvent[]; conflicts: Conflict[] } {
		const b = this.buckets.get(key);
		if (!b) return { effective: [], conflicts: [] };
		b.resolved ??= applyCorrections(b.events);
		return b.resolved;
	}

	private startsFor(entry: Entry): EffectiveEvent[] {
		const b = this.buckets.get(`h:${entry.heatId}`);
		if (!b) return [];
		if (!b.startsByEntry) {
			b.startsByEntry = new Map();
			for (const e of this.resolved(`h:${entry.heatId}`).effective) {
				if (e.type !== 'heat.start') continue;
				for (const id of e.payload.entryIds) {
					const list = b.startsByEntry.get(id);
					if (list) list.push(e);
					else b.startsByEntry.set(id, [e]);
				}
			}
		}
		return b.startsByEntry.get(entry.id) ?? [];
	}

	/** Recomputes the summaries of the entries that dirty buckets touch. */
	private refresh(): void {
		if (this.dirtyBuckets.size === 0) return;
		const entries = new Set<Entry>();
		for (const key of this.dirtyBuckets) {
			if (key.startsWith('e:')) {
				const entry = this.entryById.get(key.slice(2));
				if (entry) entries.add(entry);
			} else if (key.startsWith('h:')) for (const entry of this.entriesByHeat.get(key.slice(2)) ?? []) entries.add(entry);
		}
		this.dirtyBuckets.clear();
		for (const entry of entries) this.summaries.delete(entry.id);
	}

	private summary(entry: Entry): EntrySummary {
		let s = this.summaries.get(entry.id);
		if (!s) {
			s = foldEntry(this.setup.ruleset, entry, this.startsFor(entry), this.resolved(`e:${entry.id}`).effective);
			this.summaries.set(entry.id, s);
		}
		return s;
	}

	/** Every entry's outcome at `now`, in set-up order. */
	outcomes(now: number): Outcome[] {
		this.refresh();
		return this.setup.entries.map((e) => evaluate(this.setup.ruleset, this.summary(e), now));
	}

	outcome(entryId: string, now: number): Outcome | undefined {
		this.refresh();
		const entry = this.entryById.get(entryId);
		return entry && evaluate(this.setup.ruleset, this.summary(entry), now);
	}

	/** The latest tie-break result in force (ES-TIE). */
	private tiebreakOrder(): string[] | null {
		const results = this.resolved(COMPETITION_BUCKET).effective.filter((e) => e.type === 'tiebreak.result');
		const last = results[results.length - 1];
		return last && last.type === 'tiebreak.result' ? last.payload.order : null;
	}

	/** Everything the organizer must look at, in a stable order. */
	conflicts(): Conflict[] {
		this.refresh();
		const comp = this.setup.competition.id;
		const out: Conflict[] = [];
		for (const [key, b] of this.buckets) {
			out.push(...this.resolved(key).conflicts);
			if (key.startsWith('e:') && !this.entryById.has(key.slice(2)))
				out.push(invalidEvents(comp, b.events, `events for entry ${key.slice(2)}, which is not in competition ${comp}`));
		}
		for (const entry of this.setup.entries) out.push(...this.summary(entry).conflicts);
		for (const [target, list] of this.waiting) out.push(invalidEvents(comp, list, `corrections of ${target}, an event not in the log`));
		if (this.foreign.length > 0) out.push(invalidEvents(comp, this.foreign, `events of another competition given to ${comp}`));
		for (const [id, v] of this.variants) {
			const events = [...v.values()];
			out.push({
				kind: 'id-collision',
				competitionId: comp,
				heatId: events[0]!.heatId,
				entryId: events[0]!.entryId,
				eventIds: [id],
				deviceIds: [...new Set(events.map((e) => e.deviceId))],
				message: `${v.size} different events share the ID ${id}; one is kept, the others are ignored`
			});
		}
		return out.sort(
			(a, b) => cmp(a.kind, b.kind) || cmp(a.entryId ?? '', b.entryId ?? '') || cmp(a.eventIds.join(), b.eventIds.join()) || cmp(a.message, b.message)
		);
	}

	standings(now: number): Standings {
		const outcomes = this.outcomes(now);
		const { rows, tieForFirst } = rankOutcomes(this.setup.ruleset, outcomes, this.names, this.tiebreakOrder());
		return {
			competitionId: this.setup.competition.id,
			ruleset: { id: this.setup.ruleset.id, version: this.setup.ruleset.version },
			at: now,
			rows,
			tieForFirst,
			conflicts: this.conflicts()
		};
	}

	/** The events held, in total order. */
	events(): JudgeEvent[] {
		return [...this.byId.values()].sort(compareEvents);
	}
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
		eventIds: events.map((e) => e.id).sort(),
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
