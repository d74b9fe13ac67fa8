// The sync status for the UI. The device session (src/lib/session/device-session.svelte.ts)
// owns one: it connects it to the device's database after the first paint, tells it when the
// pairing changed, and re-reads its screens after each successful sync (`onSynced`).
import type { StationDb } from '$lib/db/station-db';
import type { SyncEngine, SyncResult } from './engine';
import { UNPAIRED_STATUS as UNPAIRED, type SyncStatusSnapshot } from './sync-snapshot';
import type { BrowserSync } from './browser';
import type { RejectedItem } from './rejected-items';
import type { RefusedPhoto } from './refused-photos';

export class SyncStatus {
	/** The engine's latest status (reactive). */
	current = $state.raw<SyncStatusSnapshot>(UNPAIRED);
	/** The events the server refused, newest first, with what they were (read again when their count changes). */
	refused = $state.raw<RejectedItem[]>([]);
	/** The photos the server refused (issue 33), newest first (read again when their count changes). */
	refusedPhotos = $state.raw<RefusedPhoto[]>([]);

	#engine: SyncEngine | null = null;
	#unsubscribe: (() => void) | null = null;
	#browser: BrowserSync | null = null;
	#connecting = false;
	#db: StationDb | null = null;
	#refusedRead = 0;
	readonly #synced = new Set<(result: SyncResult) => void>();

	/** Follows `engine` (null: unpaired). */
	follow(engine: SyncEngine | null): void {
		this.#unsubscribe?.();
		this.#engine = engine;
		if (engine) {
			const unstatus = engine.subscribe((s) => {
				const refusedBefore = this.current.rejected;
				const photosBefore = this.current.photosRefused;
				this.current = s;
				if (s.rejected !== refusedBefore) void this.#readRefused();
				if (s.photosRefused !== photosBefore) void this.#readRefusedPhotos();
			});
			const unsynced = engine.onSynced((result) => {
				for (const listener of this.#synced) listener(result);
			});
			this.#unsubscribe = () => {
				unstatus();
				unsynced();
			};
		} else {
			this.#unsubscribe = null;
			this.current = UNPAIRED;
			void this.#readRefused();
		}
	}

	/** Reads the refused events again (the latest read wins). */
	async #readRefused(): Promise<void> {
		const run = ++this.#refusedRead;
		const db = this.#db;
		if (!db) return;
		try {
			const { readRejected } = await import('./rejected-items');
			const items = await readRejected(db);
			if (run === this.#refusedRead) this.refused = items;
		} catch (e) {
			console.warn('refused events not read', e);
		}
	}

	async #readRefusedPhotos(): Promise<void> {
		const db = this.#db;
		if (!db) return;
		try {
			const { readRefusedPhotos } = await import('./refused-photos');
			this.refusedPhotos = await readRefusedPhotos(db);
		} catch (e) {
			console.warn('refused photos not read', e);
		}
	}

	/** Calls `listener` after every successful sync, with what it brought; returns the unsubscribe. */
	onSynced(listener: (result: SyncResult) => void): () => void {
		this.#synced.add(listener);
		return () => this.#synced.delete(listener);
	}

	/** Starts the browser's sync on `db` (once; the module is loaded now, off the first paint's path). */
	async connect(db: StationDb): Promise<void> {
		if (this.#browser || this.#connecting) return;
		this.#connecting = true;
		this.#db = db;
		try {
			const { startBrowserSync } = await import('./browser');
			this.#browser = await startBrowserSync(db, (engine) => this.follow(engine));
		} catch (e) {
			// No IndexedDB (private mode…): the station says so itself; the badge stays "not paired".
			console.warn('sync not started', e);
		} finally {
			this.#connecting = false;
		}
	}

	disconnect(): void {
		this.#browser?.stop();
		this.#browser = null;
		this.follow(null);
	}

	/** A manual "sync now" (also after an authentication failure). */
	syncNow(): Promise<void> {
		return this.#engine?.syncNow() ?? Promise.resolve();
	}

	/** After the pairing was saved or cleared (in this tab or another). */
	async pairingChanged(): Promise<void> {
		await this.#browser?.pairingChanged();
	}
}
