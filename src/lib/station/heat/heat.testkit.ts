import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { StationDb } from '$lib/db/station-db';
import type { CompetitionSetup } from '$lib/scoring';
import { EventLog } from '$lib/db/event-log';
import { loadCompetition, saveSetup } from '$lib/db/setup-store';
import { HeatSession } from '../heat-session.svelte';
import { quickSetup } from '../quick-setup';

// A heat on a tablet for the session's tests: a quick set-up saved in an in-memory IndexedDB
// (fake-indexeddb), opened as the station opens it; reopened as after a reload.

export const T0 = Date.UTC(2026, 4, 16, 9);
export const SEC = 1000;
export const MIN = 60 * SEC;
export const tap = (at: number) => ({ at, mono: at - T0 });

export function freshDb() {
	return new StationDb(`test-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
}

/** A quick set-up of `presetId` with these seats, as the tablet reads it back (no database). */
export function quickHeat(presetId: string, names: string[]) {
	const q = quickSetup({ presetId, seatNames: names, day: '2026-05-16', suffix: 'abcd1234' });
	if (!q.ok) throw new Error(JSON.stringify(q.issues));
	const { bundle } = q.value;
	const setup: CompetitionSetup = { competition: bundle.competitions[0]!, ruleset: bundle.rulesets[0]!, entries: bundle.entries };
	return { q: q.value, setup };
}

/** A quick set-up of `presetId` with these seats, saved, and its heat opened by the judge Eva. */
export async function openHeat(db: StationDb, presetId: string, names: string[]) {
	const { q } = quickHeat(presetId, names);
	await saveSetup(db, q.bundle);
	return { q, session: await reopen(db, q.competitionId, q.heatId, q.table) };
}

/** The heat opened again from what the tablet stored (a reload, another tab). */
export async function reopen(db: StationDb, competitionId: string, heatId: string, table: string | null) {
	const log = await EventLog.open(db);
	const setup = await loadCompetition(db, competitionId);
	if (!setup) throw new Error('no competition');
	return new HeatSession({ setup, heatId, table, log, judge: 'Eva', events: await log.heatEvents(competitionId, heatId) });
}

/** A relay team of four (m1–m4) at one table, on a tablet's own database. */
export async function relayTable() {
	const db = freshDb();
	const { q } = quickHeat('czjpa-team-relay', ['Team A']);
	const entries = q.bundle.entries.map((e) => ({ ...e, members: ['Ada', 'Ben', 'Cyd', 'Dan'].map((name, i) => ({ id: `m${i + 1}`, name })) }));
	await saveSetup(db, { ...q.bundle, entries });
	const open = () => reopen(db, q.competitionId, q.heatId, q.table);
	const session = await open();
	return { db, session, team: session.seats[0]!.id, reopen: open };
}
