/**
 * Simulated judge tablets for the chaos test (tests/chaos/chaos.ts) and the server kill test
 * (tests/kill/server-kill.ts): each is the real client code under Node — a StationDb over its
 * own fake-indexeddb, an EventLog and a SyncEngine — paired as a judge of the demo event, and
 * records a heat tap by tap as the station does.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { StationDb } from '$lib/db/station-db';
import { EventLog, type EventDraft } from '$lib/db/event-log';
import { saveSetup } from '$lib/db/setup-store';
import type { JudgeEvent } from '$lib/events/schema';
import { DEMO_EVENT_DATE, DEMO_EVENT_ID, demoSetup } from '$lib/server/demo';
import { quickSetup } from '$lib/station/quick-setup';
import { SyncEngine } from '$lib/sync/client/engine';
import { savePairing } from '$lib/sync/client/pairing';
import type { Pairing } from '$lib/sync/pairing';
import { between, pick, type Rng } from './random';
import { sleep } from './server-process';

export interface Tablet {
	index: number;
	label: string;
	db: StationDb;
	log: EventLog;
	engine: SyncEngine;
	pairing: Pairing;
	/** Everything EventLog.append returned on this tablet. */
	recorded: JudgeEvent[];
	/** What the tablet judges: a competition's heat and its seats there. */
	competitionId: string;
	heatId: string;
	seats: string[];
	quick: boolean;
	/** The heat's taps come from it (a seeded plan, the same for one seed); the engine's jitter has its own. */
	rng: Rng;
}

export interface TabletOptions {
	index: number;
	/** The device's label (also its judge's name and its database's). */
	label: string;
	token: string;
	/** The origin the tablet syncs with. */
	server: string;
	rng: Rng;
	/** The engine's backoff jitter. */
	jitter: Rng;
	/** The engine's backoff after failures: from base, doubling, up to cap (ms). */
	backoff: { backoffBaseMs: number; backoffCapMs: number };
	/** The tablet's fetch (default: the global one). */
	fetch?: typeof globalThis.fetch;
}

export async function makeTablet(o: TabletOptions): Promise<Tablet> {
	const db = new StationDb(o.label.toLowerCase().replace(/[^a-z0-9]+/g, '-'), { indexedDB: new IDBFactory(), IDBKeyRange });
	await db.open();
	const pairing = await savePairing(db, { server: o.server, eventId: DEMO_EVENT_ID, role: 'judge', deviceLabel: o.label, token: o.token });
	const log = await EventLog.open(db);
	const fetch = o.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
	const engine = new SyncEngine({
		db,
		env: { fetch: (input, init) => fetch(input, init), random: () => o.jitter() },
		...o.backoff,
		intervalMs: 250,
		nudgeDelayMs: 100,
		clockEveryMs: 10_000,
		timeoutMs: 12_000
	});
	// As the station does: every recorded event nudges the engine.
	log.onAppend(() => void engine.eventsQueued());
	return { index: o.index, label: o.label, db, log, engine, pairing, recorded: [], competitionId: '', heatId: '', seats: [], quick: false, rng: o.rng };
}

/**
 * Which heat each tablet judges: the demo competitions' seats shared out, and every sixth tablet
 * a quick set-up of its own (its IDs made unique by `seed`).
 */
export async function assignHeats(tablets: Tablet[], seed: number): Promise<void> {
	const demo = demoSetup();
	const judged = tablets.filter((t) => t.index % 6 !== 5);
	const byCompetition = new Map<string, Tablet[]>();
	judged.forEach((t, k) => {
		const competition = demo.competitions[k % demo.competitions.length]!;
		const list = byCompetition.get(competition.id) ?? [];
		list.push(t);
		byCompetition.set(competition.id, list);
	});
	for (const [competitionId, list] of byCompetition) {
		const entries = demo.entries.filter((e) => e.competitionId === competitionId);
		list.forEach((t, k) => {
			t.competitionId = competitionId;
			t.heatId = `${competitionId}-h1`;
			// Seats shared out round robin; a tablet that would get none judges the first seat too.
			t.seats = entries.filter((_, i) => i % list.length === k).map((e) => e.id);
			if (t.seats.length === 0) t.seats = [entries[0]!.id];
		});
	}
	for (const t of tablets.filter((t) => t.index % 6 === 5)) {
		const made = quickSetup({
			presetId: pick(t.rng, ['czjpa-individual', 'es-adult-individual']),
			competitionName: `Quick heat of ${t.label}`,
			seatNames: ['Ana', '', 'Petr', 'Lucie'].slice(0, between(t.rng, 2, 4)),
			table: String(t.index + 1),
			day: DEMO_EVENT_DATE,
			suffix: `chaos${t.index}s${seed}`.toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 16)
		});
		if (!made.ok) throw new Error(`quick set-up refused: ${JSON.stringify(made.issues)}`);
		await saveSetup(t.db, made.value.bundle);
		t.competitionId = made.value.competitionId;
		t.heatId = made.value.heatId;
		t.seats = made.value.bundle.entries.map((e) => e.id);
		t.quick = true;
	}
}

/**
 * Records a heat as the station does, tap by tap with 30–600 ms between taps, until `count`
 * events or until `stopAt()` says so; then every seat finishes (or runs out of time).
 */
export async function recordHeat(t: Tablet, count: number, stopAt: () => boolean): Promise<void> {
	const { rng } = t;
	const judge = `Judge ${t.index + 1}`;
	const base = () => ({ at: Date.now(), mono: Math.round(performance.now() * 1000) / 1000, judge, competitionId: t.competitionId, heatId: t.heatId });
	const rec = async (draft: EventDraft): Promise<JudgeEvent> => {
		const e = await t.log.append(draft);
		t.recorded.push(e);
		await sleep(between(rng, 30, 600));
		return e;
	};
	const paused = new Set<string>();
	const correctable: JudgeEvent[] = [];
	await rec({ ...base(), entryId: null, type: 'heat.start', payload: { entryIds: t.seats, previewMs: 0 } });
	// Leave room for the finishes: pause.end, hand, check, acknowledgement per seat.
	const finishCost = t.seats.length * 4;
	while (t.recorded.length < count - finishCost && !stopAt()) {
		const seat = pick(rng, t.seats);
		const r = rng();
		if (paused.has(seat)) {
			await rec({ ...base(), entryId: seat, type: 'pause.end', payload: {} });
			paused.delete(seat);
		} else if (r < 0.35) {
			correctable.push(await rec({ ...base(), entryId: seat, type: 'pause.start', payload: {} }));
			paused.add(seat);
		} else if (r < 0.5) {
			correctable.push(await rec({ ...base(), entryId: null, type: 'incident.noted', payload: { note: `Table ${t.index + 1}: noise at seat ${seat}` } }));
		} else if (r < 0.65) {
			// A false finish: the hand is raised, the check fails, the clock goes on.
			const hand = await rec({ ...base(), entryId: seat, type: 'hand.raised', payload: {} });
			await rec({ ...base(), entryId: seat, type: 'check.rejected', payload: { ref: hand.id, reason: 'pieces missing' } });
		} else if (r < 0.8 && correctable.length) {
			// Undo: a correction voiding an earlier tap (its own seat's pause or a note).
			const target = correctable.splice(Math.floor(rng() * correctable.length), 1)[0]!;
			await rec({ ...base(), entryId: target.entryId, heatId: target.heatId, type: 'correction', payload: { supersedes: target.id, reason: 'tapped by mistake' } } as EventDraft);
		} else if (correctable.length) {
			// A correction replacing a note's text.
			const notes = correctable.filter((e) => e.type === 'incident.noted');
			if (notes.length) {
				const target = notes[Math.floor(rng() * notes.length)]!;
				correctable.splice(correctable.indexOf(target), 1);
				await rec({
					...base(),
					entryId: target.entryId,
					type: 'correction',
					payload: { supersedes: target.id, reason: 'wrong text', replacement: { type: 'incident.noted', at: target.at, payload: { note: 'Corrected note' } } }
				} as EventDraft);
			} else {
				await rec({ ...base(), entryId: seat, type: 'assist.start', payload: {} });
				await rec({ ...base(), entryId: seat, type: 'assist.end', payload: {} });
			}
		} else {
			await rec({ ...base(), entryId: null, type: 'incident.noted', payload: { note: `Table ${t.index + 1} all quiet` } });
		}
	}
	for (const seat of t.seats) {
		if (paused.has(seat)) await rec({ ...base(), entryId: seat, type: 'pause.end', payload: {} });
		// Some seats do not finish (the limit comes from the ruleset; the clock keeps running).
		if (rng() < 0.15) continue;
		const hand = await rec({ ...base(), entryId: seat, type: 'hand.raised', payload: {} });
		await rec({ ...base(), entryId: seat, type: 'check.confirmed', payload: { ref: hand.id, missingPieces: between(rng, 0, 2) } });
		if (rng() < 0.8) await rec({ ...base(), entryId: seat, type: 'record.acknowledged', payload: {} });
	}
}

/** Stops every tablet's engine and closes its log and database. */
export function closeTablets(tablets: readonly Tablet[]): void {
	for (const t of tablets) {
		t.engine.stop();
		t.log.close();
		t.db.close();
	}
}
