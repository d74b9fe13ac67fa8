import { StationDb } from '$lib/db/station-db';
import { EventLog } from '$lib/db/event-log';
import { clearPairing, loadPairing } from '$lib/sync/client/pairing';
import { announcePairingChanged, onPairingChanged, type PairingChange } from '$lib/sync/client/pairing-changed';
import { SyncStatus } from '$lib/sync/client/sync-status.svelte';
import type { SyncResult } from '$lib/sync/client/engine';
import type { Pairing } from '$lib/sync/pairing';
import { ANYTHING, LiveRead, type DeviceChange, type TakeChanges } from './live-read.svelte';

/** The device's open storage, as a live read receives it. */
export interface Device {
	db: StationDb;
	log: EventLog;
	/** The pairing at the moment of the read (null: not paired). */
	pairing: Pairing | null;
}

export interface DeviceSessionOptions {
	/** The database (default: the browser's IndexedDB `puzzle-judge`). */
	openDb?: () => StationDb;
	/** Starts syncing on the database (default: the browser's engine, src/lib/sync/client/browser.ts). */
	startSync?: (sync: SyncStatus, db: StationDb) => Promise<void>;
	/** Hears pairing changes made in this tab and in the device's other tabs (default: pairing-changed.ts). */
	followPairing?: (listener: (change: PairingChange) => void) => () => void;
	/** Tells this tab and the other tabs that the pairing changed (default: pairing-changed.ts). */
	announce?: (change: PairingChange) => void;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * This device, once for the whole app: created by the root layout and handed to every screen
 * through the context (./context.ts). It owns the one database, the event log, the pairing and
 * the sync engine with its status, and makes the live reads the screens show (`live`), which
 * are read again after every change it hears of: an event this tab stored, another tab's,
 * a sync, a new pairing, a write a screen reports (`changed`). Nothing here runs on the server
 * or before `connect()` (the layout calls it in the browser, after the first paint).
 */
export class DeviceSession {
	state = $state<'opening' | 'ready' | 'failed'>('opening');
	/** Why the device's storage did not open (state 'failed'). */
	error = $state<string | null>(null);
	/** The stored pairing (null: not paired). */
	pairing = $state.raw<Pairing | null>(null);
	db = $state.raw<StationDb | null>(null);
	log = $state.raw<EventLog | null>(null);
	/** The sync engine's status, and "sync now". */
	readonly sync = new SyncStatus();

	readonly #options: Required<DeviceSessionOptions>;
	readonly #listeners = new Set<(change: DeviceChange) => void>();
	readonly #opened: Promise<Omit<Device, 'pairing'>>;
	#resolve: (device: Omit<Device, 'pairing'>) => void = () => {};
	#reject: (e: unknown) => void = () => {};

	constructor(options: DeviceSessionOptions = {}) {
		this.#options = {
			openDb: () => new StationDb(),
			startSync: (sync, db) => sync.connect(db),
			followPairing: onPairingChanged,
			announce: announcePairingChanged,
			...options
		};
		this.#opened = new Promise((resolve, reject) => {
			this.#resolve = resolve;
			this.#reject = reject;
		});
		this.#opened.catch(() => {}); // said in `error`; a waiting caller hears it too
	}

	/** Opens the database and the log, reads the pairing, starts syncing; returns the way to close it all. */
	connect(): () => void {
		const stops: (() => void)[] = [];
		let closed = false;
		void (async () => {
			try {
				const db = this.#options.openDb();
				const log = await EventLog.open(db);
				if (closed) {
					log.close();
					db.close();
					return;
				}
				this.db = db;
				this.log = log;
				stops.push(
					log.onAppend((e) => this.changed({ events: [e] })),
					// Another tab's events, and this tab's pulls (told by #synced through the log).
					log.onOtherTab((e) => this.changed({ events: [e] })),
					this.sync.onSynced((result) => this.#synced(log, result)),
					this.#options.followPairing(() => void this.#pairingAnnounced())
				);
				this.pairing = await loadPairing(db);
				this.state = 'ready';
				this.#resolve({ db, log });
				this.changed();
				this.#startSyncWhenPaired(db);
			} catch (e) {
				this.error = e instanceof Error ? e.message : String(e);
				this.state = 'failed';
				this.#reject(e);
			}
		})();
		return () => {
			closed = true;
			for (const stop of stops.splice(0)) stop();
			this.sync.disconnect();
			this.#syncStarted = false;
			this.log?.close();
			this.db?.close();
		};
	}

	/** The open database and log (waits for `connect`; rejects when they could not be opened). */
	opened(): Promise<Omit<Device, 'pairing'>> {
		return this.#opened;
	}

	/**
	 * A heat of `competitionId` was opened here: a judge tablet pulls that competition's events
	 * from now on (src/lib/sync/client/pull-scope.ts), at once when it did not before.
	 */
	async followCompetition(competitionId: string): Promise<void> {
		const { db } = await this.opened();
		// Loaded here, when a heat opens: not part of the first load of a tablet that opens none (issue 34).
		const { followCompetitions } = await import('$lib/sync/client/pull-scope');
		if (await followCompetitions(db, [competitionId])) await this.sync.syncNow();
	}

	/** Calls `listener` after every change of the device's data or pairing, with what changed; returns the unsubscribe. */
	onChange(listener: (change: DeviceChange) => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	/** Something was written that no event tells of (a set-up, a merge): every live read reads again. Or only these events were stored. */
	changed(change: DeviceChange = ANYTHING): void {
		for (const listener of this.#listeners) listener(change);
	}

	/**
	 * What a screen shows, read from the device now and after every change (./live-read.svelte.ts),
	 * with what changed since its last read: the changes told until the device is at hand.
	 */
	live<T>(read: (device: Device, changed: DeviceChange) => Promise<T>): LiveRead<T> {
		return new LiveRead(this, async (take: TakeChanges) => {
			const device = { ...(await this.#opened), pairing: this.pairing };
			return read(device, take());
		});
	}

	/**
	 * A sync ended: what it brought is read, and nothing when it brought nothing (issue 32 #2). Its
	 * events go through the log, which tells this tab's listeners (an open heat, the live reads)
	 * and the other tabs, each once; a changed set-up or roster makes everything read again.
	 */
	#synced(log: EventLog, result: SyncResult): void {
		if (result.events.length > 0) log.arrived(result.events);
		if (result.setupChanged || result.rosterChanged) this.changed();
	}

	/** Reads the stored pairing again (kept as it was when it did not change). */
	async refreshPairing(): Promise<Pairing | null> {
		const { db } = await this.#opened;
		const stored = await loadPairing(db);
		if (!sameJson(stored, this.pairing)) this.pairing = stored;
		this.#startSyncWhenPaired(db);
		return this.pairing;
	}

	#syncStarted = false;

	/**
	 * The sync engine's code loads only on a paired device (an unpaired station's first load
	 * stays lighter): started once, when a pairing is first read (at `connect`, or later).
	 */
	#startSyncWhenPaired(db: StationDb): void {
		if (!this.pairing || this.#syncStarted) return;
		this.#syncStarted = true;
		void this.#options.startSync(this.sync, db);
	}

	/** After this tab saved or cleared the pairing: every tab (this one included) follows it; resolves once this one did. */
	async pairingChanged(change: PairingChange): Promise<void> {
		this.#options.announce(change);
		await this.refreshPairing();
	}

	/** Forgets the pairing: the device works alone again (its events stay, and stay queued). */
	async forgetPairing(): Promise<void> {
		const { db } = await this.#opened;
		await clearPairing(db);
		await this.pairingChanged({ paired: false, eventId: null });
	}

	async #pairingAnnounced(): Promise<void> {
		await this.refreshPairing();
		this.changed();
		await this.sync.pairingChanged();
	}
}
