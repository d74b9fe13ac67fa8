import { readSortedEvent, type EventSort, type MergedEvent } from '$lib/db/merged-event';
import type { StationDb } from '$lib/db/station-db';
import { canonicalJson } from '$lib/events/order';
import type { JudgeEvent } from '$lib/events/schema';
import { competitionsToScore, type CompetitionStandings, type CompetitionToScore } from '$lib/files/merge';
import { CompetitionScorer, type CompetitionSetup } from '$lib/scoring';
import { nextClockChange } from './clock-due';
import { startableHeats, type StartableHeat } from './heat-list';
import { recordersByCompetition } from './publish-summary';

/** The organizer's event as the device holds it: merged, scored at `at`. */
export interface OrganizerView extends MergedEvent {
	standings: CompetitionStandings[];
	/** When the view last changed: the moment its changed competitions were scored at (each competition's own is `standings.at`). */
	at: number;
	/** The events of the merged log by ID (kept up to date in place: see OrganizerViewKeeper). */
	eventsById: Map<string, JudgeEvent>;
	/** The heats that can be started on every tablet. */
	heats: StartableHeat[];
	/** The event's name from its set-up on this device ('' before it arrives). */
	eventName: string;
	/** The event-log devices that recorded each competition's events, merges applied: the tablets a publication concerns. */
	recorders: Map<string, Set<string>>;
}

/** Where the view comes from: injected by tests, which count the reads and the scorers made. */
export interface OrganizerViewSources {
	/** The event's set-up and every event the device holds of it (src/lib/db/merged-event.ts). */
	read: typeof readSortedEvent;
	/** What else the screens show of the set-up: the heats to start, the event's name. */
	setupExtras: (db: StationDb, eventId: string) => Promise<{ heats: StartableHeat[]; eventName: string }>;
	/** A new scorer of one competition. */
	scorer: (setup: CompetitionSetup) => CompetitionScorer;
}

export const DEVICE_SOURCES: OrganizerViewSources = {
	read: readSortedEvent,
	setupExtras: async (db, eventId) => {
		const [heats, day] = await Promise.all([startableHeats(db, eventId), db.days.get(eventId)]);
		return { heats, eventName: day?.name ?? '' };
	},
	scorer: (setup) => new CompetitionScorer(setup)
};

/** One competition as kept between reads: its scorer and every event it was given. */
interface KeptCompetition {
	plan: Omit<CompetitionToScore, 'events'>;
	scorer: CompetitionScorer;
	events: JudgeEvent[];
	/** When time alone next changes its standings (nextClockChange), as last scored. */
	clockChangesAt: number;
}

interface Kept {
	eventId: string;
	view: OrganizerView;
	sort: EventSort;
	unknownIds: Set<string>;
	competitions: Map<string, KeptCompetition>;
}

/**
 * The organizer's view kept between reads (issue 32 #2): read and scored whole the first time,
 * after a change of anything (a set-up, a merge, a pairing) and after a read that failed; after
 * judge events were stored (a pull, a tap, another tab's), only those events are sorted in and
 * only the competitions they touch are scored again, by giving their scorers the new events
 * (CompetitionScorer's "one more event" path). The standings are those of the CLI's path
 * (standingsOfMerged) over the same events: a competition the organizer merged scores the
 * folded-in competition's events as its own, so those are the competitions such events touch.
 *
 * A change that brings nothing new (no event, or events already held as they are) returns the
 * same view object: nothing downstream recomputes. A competition that no event touched keeps
 * its standings as scored before (`standings.at`), unless time alone changed them (a preview
 * ended, a limit passed: dueByClock), which the organizer's session asks about after each sync. `eventsById`
 * grows in place (an event's ID keeps naming that event; an erasure's redaction replaces it).
 */
export class OrganizerViewKeeper {
	readonly #sources: OrganizerViewSources;
	#kept: Kept | null = null;

	constructor(sources: OrganizerViewSources = DEVICE_SOURCES) {
		this.#sources = sources;
	}

	/** Nothing is kept: the next view is read whole. */
	forget(): void {
		this.#kept = null;
	}

	/** Some kept competition's standings changed by time alone by `at` (then view(…, []) scores it again). */
	dueByClock(at: number): boolean {
		for (const c of this.#kept?.competitions.values() ?? []) if (c.clockChangesAt <= at) return true;
		return false;
	}

	/** The view of `eventId` at `at`, after `events` were stored (null: anything may have changed). */
	async view(db: StationDb, eventId: string, at: number, events: readonly JudgeEvent[] | null): Promise<OrganizerView> {
		const kept = this.#kept;
		try {
			if (kept && kept.eventId === eventId && events !== null) return this.#added(kept, events, at);
			this.#kept = null;
			this.#kept = await this.#whole(db, eventId, at);
			return this.#kept.view;
		} catch (e) {
			// What is kept may be half updated: read whole next time.
			this.#kept = null;
			throw e;
		}
	}

	async #whole(db: StationDb, eventId: string, at: number): Promise<Kept> {
		const [{ read, sort, unknownIds }, extras] = await Promise.all([this.#sources.read(db, eventId), this.#sources.setupExtras(db, eventId)]);
		const competitions = new Map<string, KeptCompetition>();
		const standings = competitionsToScore(read.merged).map(({ events, ...plan }) => {
			const scorer = this.#sources.scorer(plan);
			scorer.add(events);
			const scored = scorer.standings(at);
			competitions.set(plan.competition.id, { plan, scorer, events: [...events], clockChangesAt: nextClockChange(scored) });
			return { ...plan, standings: scored };
		});
		const view: OrganizerView = {
			...read,
			standings,
			at,
			eventsById: new Map(read.merged.log.map((e) => [e.id, e])),
			...extras,
			recorders: recordersByCompetition(read.merged.log)
		};
		return { eventId, view, sort, unknownIds, competitions };
	}

	#added(kept: Kept, stored: readonly JudgeEvent[], at: number): OrganizerView {
		const { view } = kept;
		const added: JudgeEvent[] = [];
		/** Competitions whose events were added to (the new ones) or replaced (null: score again from all). */
		const touched = new Map<string, JudgeEvent[] | null>();
		const unknownBefore = kept.unknownIds.size;
		let log = view.merged.log;
		for (const raw of stored) {
			const e = kept.sort(raw);
			if (e === null) continue;
			if (e === 'unknown') {
				kept.unknownIds.add(raw.id);
				continue;
			}
			const held = view.eventsById.get(e.id);
			if (held) {
				if (held === e || canonicalJson(held) === canonicalJson(e)) continue; // told twice
				// Replaced in the device's store (a redaction): its competition is scored again from its events.
				const fresh = added.indexOf(held);
				if (fresh >= 0) added[fresh] = e;
				else {
					if (log === view.merged.log) log = [...log];
					log[log.indexOf(held)] = e;
				}
				const c = kept.competitions.get(held.competitionId);
				if (c) c.events[c.events.indexOf(held)] = e;
				view.eventsById.set(e.id, e);
				touched.set(held.competitionId, null);
				continue;
			}
			view.eventsById.set(e.id, e);
			added.push(e);
			const c = kept.competitions.get(e.competitionId);
			c?.events.push(e);
			const list = touched.get(e.competitionId);
			if (list) list.push(e);
			else if (list === undefined) touched.set(e.competitionId, [e]);
		}
		// Time alone changed these: a preview ended, a limit passed.
		for (const [id, c] of kept.competitions) if (!touched.has(id) && c.clockChangesAt <= at) touched.set(id, []);
		if (touched.size === 0 && kept.unknownIds.size === unknownBefore) return view;

		const standings = view.standings.map((s) => {
			const id = s.competition.id;
			const c = kept.competitions.get(id);
			if (!c || !touched.has(id)) return s;
			const fresh = touched.get(id);
			if (fresh) {
				if (fresh.length) c.scorer.add(fresh);
			}
			else {
				c.scorer = this.#sources.scorer(c.plan);
				c.scorer.add(c.events);
			}
			const scored = c.scorer.standings(at);
			c.clockChangesAt = nextClockChange(scored);
			return { ...s, standings: scored };
		});
		const merged = { ...view.merged, log: added.length ? log.concat(added) : log };
		const deviceIds = new Set(view.deviceIds);
		const recorders = new Map(view.recorders);
		for (const e of added) {
			deviceIds.add(e.deviceId);
			const set = recorders.get(e.competitionId);
			if (!set?.has(e.deviceId)) recorders.set(e.competitionId, new Set([...(set ?? []), e.deviceId]));
		}
		kept.view = {
			...view,
			merged,
			eventCount: merged.log.length,
			deviceIds: deviceIds.size === view.deviceIds.length ? view.deviceIds : [...deviceIds].sort(),
			unknownCompetitionEvents: kept.unknownIds.size,
			standings,
			at,
			recorders
		};
		return kept.view;
	}
}
