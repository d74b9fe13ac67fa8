import { exportEventFile } from '$lib/db/setup-store';
import type { StationDb } from '$lib/db/station-db';
import { downloadText } from '$lib/device/download';

/**
 * The tablet's set-up and events as an event file, downloaded (the heat's "export" button).
 * A module of its own: the station loads it when a judge exports, not with its home.
 */
export async function downloadEventFile(db: StationDb, deviceId: string): Promise<void> {
	const now = Date.now();
	const file = await exportEventFile(db, deviceId, now);
	downloadText(`puzzle-judge-${deviceId}-${new Date(now).toISOString().slice(0, 16).replace(/[:T]/g, '-')}.json`, JSON.stringify(file, null, 1), 'application/json');
}
