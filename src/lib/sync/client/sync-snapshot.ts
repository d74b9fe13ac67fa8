// What the UI shows about sync, apart from the engine: the station's badge needs these on its
// first paint, the engine's code only on a paired device (bench/station-js.md).
export type SyncState = 'unpaired' | 'online' | 'offline' | 'syncing' | 'auth-failed';

/** What the UI shows about sync. */
export interface SyncStatusSnapshot {
	state: SyncState;
	/** Whether the last request reached the server (null before the first one). */
	reachable: boolean | null;
	/** Events in the outbox. */
	waiting: number;
	/** Events the server will never take. */
	rejected: number;
	/** Photos of evidence not yet on the server ("2 photos to send"). */
	photosWaiting: number;
	/** Photos the server refused (shown with the refused events). */
	photosRefused: number;
	/** When the last sync (push and pull) succeeded, device ms. */
	lastSuccessAt: number | null;
	/** What went wrong last, when the last sync failed. */
	lastError: string | null;
	/** Server clock − device clock, ms, from the latest measurement. */
	offsetMs: number | null;
	/** The paired server and event. */
	server: string | null;
	eventId: string | null;
}

/** The status of a device without a pairing (and before an engine's first look). */
export const UNPAIRED_STATUS: SyncStatusSnapshot = Object.freeze({
	state: 'unpaired',
	reachable: null,
	waiting: 0,
	rejected: 0,
	photosWaiting: 0,
	photosRefused: 0,
	lastSuccessAt: null,
	lastError: null,
	offsetMs: null,
	server: null,
	eventId: null
});
