import { deviceIdOf, EVENTS_CHANNEL } from '$lib/db/event-log';
import type { StationDb } from '$lib/db/station-db';
import { currentDisplayMode } from '$lib/device/display-mode';
import { realEnvironment } from './environment';
import { SyncEngine } from './engine';
import { loadPairing } from './pairing';

export interface BrowserSync {
	/** null while the tablet is not paired. */
	readonly engine: SyncEngine | null;
	/** Call after the pairing was saved or cleared, in this tab or another (the device session hears both). */
	pairingChanged(): Promise<void>;
	stop(): void;
}

/**
 * Wires a SyncEngine to the browser: the device session's database, a lock shared by the
 * tablet's tabs, the stored-event channel (sync soon after each tap of this device, in any
 * tab), `online` and `visibilitychange`. What a sync pulled, the device session hands to the
 * event log (EventLog.arrived), which tells this tab's open heat and the other tabs once each.
 * The engine exists only while a pairing does; the device session calls `pairingChanged` when
 * this tab or another saved or cleared the pairing.
 */
export async function startBrowserSync(db: StationDb, onEngine: (engine: SyncEngine | null) => void): Promise<BrowserSync> {
	const events = typeof BroadcastChannel === 'function' ? new BroadcastChannel(`${EVENTS_CHANNEL}:${db.name}`) : null;
	const deviceId = await deviceIdOf(db);
	let engine: SyncEngine | null = null;

	const onOnline = () => engine?.online();
	const onVisibility = () => {
		if (document.visibilityState === 'visible') engine?.visible();
	};
	// A tap of this device (any tab) is queued: push soon. Other devices' events, which a tab pulled, are not.
	const onStored = (m: MessageEvent) => {
		if ((m.data as { deviceId?: unknown } | null)?.deviceId === deviceId) void engine?.eventsQueued();
	};

	async function follow(): Promise<void> {
		const paired = (await loadPairing(db)) !== null;
		if (paired && !engine) {
			engine = new SyncEngine({
				db,
				env: realEnvironment(),
				displayMode: currentDisplayMode,
				// The server says when new events are stored: the device pulls at once (issue 32 #1).
				announcements: true,
				exclusive: typeof navigator !== 'undefined' && navigator.locks ? (run) => navigator.locks.request('puzzle-judge.sync', run) : undefined
			});
			onEngine(engine);
			await engine.start();
		} else if (paired && engine) {
			await engine.pairingChanged();
		} else if (!paired && engine) {
			engine.stop();
			engine = null;
			onEngine(null);
		}
	}

	events?.addEventListener('message', onStored);
	window.addEventListener('online', onOnline);
	document.addEventListener('visibilitychange', onVisibility);
	await follow();

	return {
		get engine() {
			return engine;
		},
		pairingChanged: follow,
		stop() {
			engine?.stop();
			events?.close();
			window.removeEventListener('online', onOnline);
			document.removeEventListener('visibilitychange', onVisibility);
		}
	};
}
