import type { SetupBundle } from '$lib/db/setup-store';
import type { Competition, CompetitionEvent, Heat } from '$lib/setup/schema';
import { seatLabelKey } from '$lib/setup/seat-label';
import { bySeat } from '$lib/seating/seat-order';
import { naturalCompare } from '$lib/natural-order';

/**
 * What a judge can open on this tablet, as a tree of choices: event (the competition day) →
 * competition → heat → table. Built from the directory of the tablet's set-up (listSetup) and
 * the number of judge events stored per heat. Nothing on the device is left out: competitions
 * whose event (day) is not stored are grouped under an "other" event (key null), heats known
 * only from their entries get a heat of their own (named by their ID).
 */

export { LEVELS, type Level } from './choice-levels';

/** One heat at one table (null: every seat of the heat): what the station opens. */
export interface Leaf {
	competitionId: string;
	heatId: string;
	table: string | null;
}

interface Node {
	/** Seats (entries) below this choice. */
	seats: number;
	/** How many heat-and-table choices lie below (0: nothing to open). */
	leaves: number;
	/** The one heat and table below, when there is exactly one: choosing this opens it. */
	only: Leaf | null;
}

export interface TableChoice extends Node {
	level: 'table';
	/** The table, or null for every seat of the heat (its entries without a table sit there). */
	key: string | null;
}

export interface HeatChoice extends Node {
	level: 'heat';
	key: string;
	heat: Heat;
	/** Judge events of this heat stored on the tablet. */
	events: number;
	children: TableChoice[];
}

export interface CompetitionChoice extends Node {
	level: 'competition';
	key: string;
	competition: Competition;
	/** The ruleset's ID, its stored name (its ID when the ruleset is not on the tablet) and version: shown by presetName, in the tablet's language. */
	ruleset: { id: string; name: string; version: number };
	/** Another competition of the same event has the same name: told apart by who sits in it (never by its ID: issue 30 #3). */
	ambiguous: boolean;
	/** The first names seated in it, in seat order (what tells two competitions of one name apart). */
	people: string[];
	/** Heats with judge events stored on the tablet. */
	startedHeats: number;
	children: HeatChoice[];
}

export interface EventChoice extends Node {
	level: 'event';
	/** The event's ID, or null for competitions whose event is not on the tablet. */
	key: string | null;
	event: CompetitionEvent | null;
	children: CompetitionChoice[];
}

export type Choice = EventChoice | CompetitionChoice | HeatChoice | TableChoice;

/** Stored events of one heat (EventLog.eventCountsByHeat). */
export interface HeatEventCount {
	competitionId: string;
	heatId: string;
	count: number;
}

/** How many names tell two competitions of one name apart. */
const PEOPLE_SHOWN = 3;
/** Names in a natural order ("Heat 2" before "Heat 10"), ties broken so the order is stable. */
const byName = (a: string, b: string) => naturalCompare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
	const groups = new Map<K, T[]>();
	for (const item of items) {
		const k = key(item);
		const group = groups.get(k);
		if (group) group.push(item);
		else groups.set(k, [item]);
	}
	return groups;
}

function leafOf(children: Node[]): Pick<Node, 'leaves' | 'only'> {
	const leaves = children.reduce((n, c) => n + c.leaves, 0);
	return { leaves, only: leaves === 1 ? children.find((c) => c.leaves === 1)!.only : null };
}

export function choiceTree(directory: SetupBundle, eventCounts: readonly HeatEventCount[] = []): EventChoice[] {
	const counts = new Map(eventCounts.map((c) => [`${c.competitionId}\u0000${c.heatId}`, c.count]));

	const entriesByHeat = groupBy(directory.entries, (e) => `${e.competitionId}\u0000${e.heatId}`);
	const heatsByCompetition = groupBy(directory.heats, (h) => h.competitionId);
	// Heats that only their entries name: shown under their ID rather than hidden.
	const knownHeats = new Set(directory.heats.map((h) => `${h.competitionId}\u0000${h.id}`));
	for (const e of directory.entries) {
		const key = `${e.competitionId}\u0000${e.heatId}`;
		if (knownHeats.has(key)) continue;
		knownHeats.add(key);
		const heat = { id: e.heatId, competitionId: e.competitionId, name: e.heatId };
		heatsByCompetition.set(e.competitionId, [...(heatsByCompetition.get(e.competitionId) ?? []), heat]);
	}

	function heatChoice(competitionId: string, heat: Heat): HeatChoice {
		const entries = entriesByHeat.get(`${competitionId}\u0000${heat.id}`) ?? [];
		// Labels that read the same are one table ("T1", "t1", "T01": seatLabelKey, issue 29 #8), shown as first spelled.
		const seatsAt = new Map<string | null, { table: string | null; seats: number }>();
		for (const e of entries) {
			const key = e.table === undefined ? null : seatLabelKey(e.table);
			const at = seatsAt.get(key);
			if (at) at.seats++;
			else seatsAt.set(key, { table: e.table ?? null, seats: 1 });
		}
		const children: TableChoice[] = [...seatsAt.values()]
			.map(({ table, seats }): TableChoice => ({
				level: 'table',
				key: table,
				// "All seats" opens the whole heat, whichever table its entries sit at.
				seats: table === null ? entries.length : seats,
				leaves: 1,
				only: { competitionId, heatId: heat.id, table }
			}))
			.sort((a, b) => (a.key === null ? 1 : b.key === null ? -1 : byName(a.key, b.key)));
		return { level: 'heat', key: heat.id, heat, seats: entries.length, events: counts.get(`${competitionId}\u0000${heat.id}`) ?? 0, children, ...leafOf(children) };
	}

	function competitionChoice(c: Competition): CompetitionChoice {
		const children = (heatsByCompetition.get(c.id) ?? []).map((h) => heatChoice(c.id, h)).sort((a, b) => byName(a.heat.name, b.heat.name) || byName(a.key, b.key));
		const stored = directory.rulesets.filter((r) => r.id === c.ruleset.id);
		const ruleset = stored.find((r) => r.version === c.ruleset.version) ?? stored[0];
		return {
			level: 'competition',
			key: c.id,
			competition: c,
			ruleset: { id: c.ruleset.id, name: ruleset?.name ?? c.ruleset.id, version: c.ruleset.version },
			ambiguous: false,
			people: (heatsByCompetition.get(c.id) ?? [])
				.flatMap((h) => entriesByHeat.get(`${c.id}\u0000${h.id}`) ?? [])
				.sort(bySeat)
				.slice(0, PEOPLE_SHOWN)
				.map((e) => e.name.trim()),
			startedHeats: children.filter((h) => h.events > 0).length,
			seats: children.reduce((n, h) => n + h.seats, 0),
			children,
			...leafOf(children)
		};
	}

	const days = new Map(directory.days.map((d) => [d.id, d]));
	const groups = groupBy(directory.competitions, (c) => (days.has(c.eventId) ? c.eventId : null));
	const events: EventChoice[] = [...groups].map(([key, competitions]) => {
		const children = competitions.map(competitionChoice).sort((a, b) => byName(a.competition.name, b.competition.name) || byName(a.key, b.key));
		const sameName = groupBy(children, (c) => c.competition.name.toLocaleLowerCase());
		for (const c of children) c.ambiguous = sameName.get(c.competition.name.toLocaleLowerCase())!.length > 1;
		return { level: 'event', key, event: key === null ? null : days.get(key)!, seats: children.reduce((n, c) => n + c.seats, 0), children, ...leafOf(children) };
	});
	// Days without competitions are shown too (nothing to open there, but nothing hidden).
	for (const d of directory.days) if (!groups.has(d.id)) events.push({ level: 'event', key: d.id, event: d, seats: 0, children: [], leaves: 0, only: null });

	// The newest event first (the one at hand, when quick set-ups pile up over the season);
	// competitions without a stored event last.
	return events.sort((a, b) => {
		if (!a.event || !b.event) return a.event ? -1 : b.event ? 1 : 0;
		return b.event.date.localeCompare(a.event.date) || byName(a.event.name, b.event.name) || byName(a.event.id, b.event.id);
	});
}
