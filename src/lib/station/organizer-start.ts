import type { StationDb } from '$lib/db/station-db';
import { startStillApplies, tabletStartMoment } from '$lib/sync/heat-start-moment';
import { SyncApi } from '$lib/sync/client/api';
import { realEnvironment } from '$lib/sync/client/environment';
import { HeatStartWatcher } from '$lib/sync/client/heat-start-watcher';
import { loadPairing } from '$lib/sync/client/pairing';
import type { HeatSession } from './heat-session.svelte';

/**
 * While an open heat waits for its start on a paired tablet, asks the server whether the
 * organizer started it for every station; when so, the tablet records its own start at the
 * organizer's moment converted to its clock (docs/sync.md, "Clock offsets"). Returns the
 * function that stops watching. Does nothing for an unpaired tablet or a heat of another event.
 */
export async function watchOrganizerStart(db: StationDb, session: HeatSession, offsetMs: () => number | null): Promise<() => void> {
	const pairing = await loadPairing(db);
	if (!pairing || session.started || session.setup.competition.eventId !== pairing.eventId) return () => {};
	const env = realEnvironment();
	const api = new SyncApi({ server: pairing.server, token: pairing.token, fetch: env.fetch, setTimeout: env.setTimeout, clearTimeout: env.clearTimeout, timeoutMs: 10_000 });
	const watcher = new HeatStartWatcher({
		fetchStarts: (after) => api.heatStarts(pairing.eventId, after),
		competitionId: session.setup.competition.id,
		heatId: session.heatId,
		timers: env,
		onStart: (start) => {
			const offset = offsetMs();
			const now = Date.now();
			if (!startStillApplies(start, offset, now, session.setup.ruleset.timeLimitMs, session.started)) return;
			void session.start(tabletStartMoment(start, offset, now, performance.now()));
		}
	});
	watcher.start();
	return () => watcher.stop();
}
