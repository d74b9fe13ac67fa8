import { listSetup, loadCompetition } from '$lib/db/setup-store';
import type { EventLog } from '$lib/db/event-log';
import type { StationDb } from '$lib/db/station-db';
import type { JudgeEvent } from '$lib/events/schema';
import type { CompetitionSetup } from '$lib/scoring';
import type { Pairing } from '$lib/sync/pairing';
import { deviceName } from '$lib/sync/ui/device-name';
import { cardOpens } from './card-scope';
import type { TabletMerges } from './tablet-merges';

// The reads that open a heat's address on the station (./station-screen.svelte.ts shows what they
// find). A module of its own, loaded when an address names a heat (with the heat's code, and by
// src/hooks.client.ts on a cold start there): a new tablet's home does not load it.

export { cardOpens };

/** A heat to open on a tablet without a judge's name: the name is asked first. */
export interface JudgeQuestion {
	competition: string;
	heat: string;
	table: string | null;
	tabletLabel: string | null;
}

/** One heat of one competition. */
export interface HeatAt {
	competitionId: string;
	heatId: string;
}

/** What the tablet holds for a heat's address. */
export type HeatRead =
	/** The heat was merged into another (issue 30 #3): it opens as that one. */
	| { kind: 'merged'; at: HeatAt }
	/** The tablet does not have it. */
	| { kind: 'missing' }
	| {
			kind: 'heat';
			setup: CompetitionSetup;
			heatName: string | undefined;
			/** Its events, its merged-in heats' too (none read without a judge: the heat waits for a name). */
			events: JudgeEvent[];
			merges: TabletMerges | null;
			/** The competitions whose events it reads: itself, and those merged into it. */
			competitions: string[];
	  };

/**
 * The organizer's merges as this tablet follows them (./tablet-merges.ts), or null when it holds
 * none: their code (the merge mapping, merge-problems) loads only on a tablet that holds a merge,
 * so a heat's first paint on any other waits for nothing but the count.
 */
async function storedMerges(db: StationDb): Promise<TabletMerges | null> {
	if ((await db.merges.count()) === 0) return null;
	const [{ tabletMerges }, directory] = await Promise.all([import('./tablet-merges'), listSetup(db)]);
	return tabletMerges(directory);
}

/** Reads what the tablet holds for `at`; its events only `withEvents` (a judge is there to record). */
export async function readHeat(db: StationDb, log: EventLog, { competitionId, heatId }: HeatAt, withEvents: boolean): Promise<HeatRead> {
	// The organizer's merges (issue 30 #3): a folded-in competition's heat opens as the heat it was merged into.
	const merges = await storedMerges(db);
	const at = merges?.resolve(competitionId, heatId) ?? { competitionId, heatId };
	if (at.competitionId !== competitionId || at.heatId !== heatId) return { kind: 'merged', at };
	const sources = merges?.sources(competitionId, heatId) ?? [{ competitionId, heatId }];
	// The heat's three reads at once: the seat grid waits for the slowest, not for their sum.
	const [stored, heatName, events] = await Promise.all([
		loadCompetition(db, competitionId),
		db.heats.get(heatId).then((h) => h?.name),
		withEvents ? heatEvents(log, merges, sources) : []
	]);
	const setup = stored && merges ? { ...stored, entries: merges.entries(competitionId) } : stored;
	if (!setup || !setup.entries.some((e) => e.heatId === heatId)) return { kind: 'missing' };
	return { kind: 'heat', setup, heatName, events, merges, competitions: [...new Set(sources.map((s) => s.competitionId))] };
}

/** The heat's events, its merged-in heats' too, as the merged competition reads them. */
export async function heatEvents(log: EventLog, merges: TabletMerges | null, sources: readonly HeatAt[]): Promise<JudgeEvent[]> {
	const read = await Promise.all(sources.map((s) => log.heatEvents(s.competitionId, s.heatId)));
	return merges ? read.flat().map((e) => merges.read(e)) : read.flat();
}

/** The open heat's events read again (another tab's taps missed while asleep). */
export function openHeatEvents(log: EventLog, merges: TabletMerges | null, here: HeatAt): Promise<JudgeEvent[]> {
	return heatEvents(log, merges, merges?.sources(here.competitionId, here.heatId) ?? [here]);
}

/** The question before a heat on a tablet without a judge's name: which heat, and the tablet's own name (not the judge's). */
export function judgeQuestion(setup: CompetitionSetup, heat: string, table: string | null, pairing: Pick<Pairing, 'deviceLabel' | 'card'> | null): JudgeQuestion {
	return { competition: setup.competition.name, heat, table, tabletLabel: pairing ? deviceName(pairing) || null : null };
}
