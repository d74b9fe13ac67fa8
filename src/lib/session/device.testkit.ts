import { afterEach, expect, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { StationDb } from '$lib/db/station-db';
import { UNPAIRED_STATUS, type SyncEngine, type SyncResult, type SyncStatusSnapshot } from '$lib/sync/client/engine';
import type { PairingChange } from '$lib/sync/client/pairing-changed';
import type { Pairing } from '$lib/sync/pairing';
import { DeviceSession } from './device-session.svelte';

// A device for the session's tests: an in-memory IndexedDB (fake-indexeddb) that other "tabs"
// can open too, a pairing channel between them, and a sync engine the test drives.

export const PAIRING: Pairing = { server: 'http://judge.test', eventId: 'ev1', token: 'tok_0123456789abcdefghijklmn', role: 'judge', deviceLabel: 'Table 1' };

/** What a sync that may have changed anything tells (a fake sync that says no more). */
export const SYNCED_ANYTHING: SyncResult = { events: [], competitions: [], setupChanged: true, rosterChanged: true };

/**
 * A sync engine the test drives: it reports the statuses the test gives it; one with
 * `lastSuccessAt` is a sync that succeeded, which brought `result` (default: anything may have changed).
 */
export function fakeEngine() {
	let listener: (s: SyncStatusSnapshot) => void = () => {};
	const synced = new Set<(result: SyncResult) => void>();
	const engine = {
		subscribe(l: (s: SyncStatusSnapshot) => void) {
			listener = l;
			l(UNPAIRED_STATUS);
			return () => {};
		},
		onSynced(l: (result: SyncResult) => void) {
			synced.add(l);
			return () => synced.delete(l);
		},
		syncNow: vi.fn(async () => {})
	};
	const report = (s: Partial<SyncStatusSnapshot>, result: SyncResult = SYNCED_ANYTHING) => {
		listener({ ...UNPAIRED_STATUS, ...s });
		if (s.lastSuccessAt !== undefined && s.lastSuccessAt !== null) for (const l of synced) l(result);
	};
	return { engine: engine as unknown as SyncEngine, report };
}

/** The pairing channel between the tabs of one device (this tab hears its own announcements too). */
export function pairingBus() {
	const listeners = new Set<(c: PairingChange) => void>();
	return {
		follow: (l: (c: PairingChange) => void) => {
			listeners.add(l);
			return () => listeners.delete(l);
		},
		announce: (c: PairingChange) => {
			for (const l of listeners) l(c);
		}
	};
}

/** A device (one IndexedDB), its session, and how to open the same database as another tab would. */
export function device(options: { failOpen?: boolean } = {}) {
	const factory = new IDBFactory();
	const name = `session-${Math.random()}`;
	const open = () => new StationDb(name, { indexedDB: factory, IDBKeyRange });
	const bus = pairingBus();
	const sync = fakeEngine();
	const opened: StationDb[] = [];
	/** The databases the sync was started on (once per start). */
	const syncStarts: StationDb[] = [];
	const session = new DeviceSession({
		openDb: () => {
			if (options.failOpen) throw new Error('IndexedDB is not available');
			const db = open();
			opened.push(db);
			return db;
		},
		startSync: async (status, db) => {
			syncStarts.push(db);
			status.follow(sync.engine);
		},
		followPairing: bus.follow,
		announce: bus.announce
	});
	return { session, open, bus, sync, opened, syncStarts };
}

/** Resolves once `check` holds (reads and channels are asynchronous). */
export async function until(check: () => boolean): Promise<void> {
	await vi.waitFor(() => expect(check()).toBe(true), { timeout: 2000, interval: 5 });
}

/** Keeps what a test connected and disconnects it after the test (called once, at the top of a test file). */
export function disconnectAfterEach(): (stop: (() => void) | undefined) => void {
	const stops: (() => void)[] = [];
	afterEach(() => {
		for (const stop of stops.splice(0)) stop();
	});
	return (stop) => void (stop && stops.push(stop));
}
