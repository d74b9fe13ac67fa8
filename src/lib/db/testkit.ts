import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { StationDb } from '$lib/db/station-db';
import { saveSetup } from '$lib/db/setup-store';
import { competition } from '$lib/scoring/testkit';
import type { EventFile } from '$lib/files/event-file';
import type { JudgeEvent } from '$lib/events/schema';

/** A fresh in-memory station database (fake-indexeddb). */
export function memoryDb(): StationDb {
	return new StationDb(`test-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
}

/** The scoring testkit's competition ("comp" on day "day", heat "heat-1") as a set-up bundle of event `day`. */
export function orgSetup(names = ['Ana', 'Bob', 'Cyril']) {
	const c = competition('czjpa-individual', names);
	const bundle = {
		days: [{ id: 'day', name: 'Puzzle day', date: '2026-05-16' }],
		rulesets: [c.ruleset],
		competitions: [c.competition],
		heats: [{ id: 'heat-1', competitionId: 'comp', name: 'Heat 1' }],
		entries: [...c.entries]
	};
	return { setup: c, bundle };
}

export async function dbWithSetup(names?: string[]) {
	const db = memoryDb();
	const { setup, bundle } = orgSetup(names);
	await saveSetup(db, bundle);
	return { db, setup, bundle };
}

/** An event file of the bundle with `log`. */
export function eventFile(bundle: ReturnType<typeof orgSetup>['bundle'], log: JudgeEvent[], deviceId?: string): EventFile {
	return {
		format: 'puzzle-judge-events',
		version: 1,
		exportedAt: Date.UTC(2026, 4, 16, 12),
		...(deviceId ? { deviceId } : {}),
		setup: { events: bundle.days, rulesets: bundle.rulesets, competitions: bundle.competitions, heats: bundle.heats, entries: bundle.entries },
		log
	} as EventFile;
}
