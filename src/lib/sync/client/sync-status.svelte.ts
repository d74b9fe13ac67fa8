// The sync status for the UI: the root layout starts the browser's sync after mount
// (`syncStatus.connect()`), every screen shows `SyncStatus.svelte`, the pairing page calls
// `syncStatus.pairingChanged()` after saving a pairing.
import { UNPAIRED_STATUS as UNPAIRED, type SyncEngine, type SyncStatusSnapshot } from './engine';
import type { BrowserSync } from './browser';


export class SyncStatus {
	/** The engine's latest status (reactive). */
	current = $state.raw<SyncStatusSnapshot>(UNPAIRED);

	#engine: SyncEngine | null = null;
	#unsubscribe: (() => void) | null = null;
	#browser: BrowserSync | null = null;
	#connecting = false;

	/** Follows `engine` (null: unpaired). */
	follow(engine: SyncEngine | null): void {
		this.#unsubscribe?.();
		this.#engine = engine;
		this.#unsubscribe = engine ? engine.subscribe((s) => (this.current = s)) : null;
		if (!engine) this.current = UNPAIRED;
	}

	/** Starts the browser's sync (once; the module is loaded now, off the first paint's path). */
	async connect(): Promise<void> {
		if (this.#browser || this.#connecting) return;
		this.#connecting = true;
		try {
			const { startBrowserSync } = await import('./browser');
			this.#browser = await startBrowserSync((engine) => this.follow(engine));
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

	/** After the pairing was saved or cleared in this tab. */
	async pairingChanged(): Promise<void> {
		await this.#browser?.pairingChanged();
	}
}

/** The app's one instance (like appUpdate): the layout connects it. */
export const syncStatus = new SyncStatus();
