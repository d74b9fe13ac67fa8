import { startStillApplies, tabletStartMoment } from '$lib/sync/heat-start-moment';
import { SyncApi } from '$lib/sync/client/api';
import { realEnvironment } from '$lib/sync/client/environment';
import { HeatStartWatcher } from '$lib/sync/client/heat-start-watcher';
import type { Pairing } from '$lib/sync/pairing';
import type { HeatSession } from './heat-session.svelte';

/**
 * While an open heat waits for its start on a paired tablet, asks the server whether the
 * organizer started it for every station; when so, the tablet records its own start at the
 * organizer's moment converted to its clock (docs/sync.md, "Clock offsets"). Returns the
 * function that stops watching. Does nothing for a heat of another event.
 */
export function watchOrganizerStart(pairing: Pairing, session: HeatSession, offsetMs: () => number | null): () => void {
	if (session.timing.started || session.setup.competition.eventId !== pairing.eventId) return () => {};
	const env = realEnvironment();
	const api = new SyncApi({ server: pairing.server, token: pairing.token, ...env, timeoutMs: 10_000 });
	const watcher = new HeatStartWatcher({
		fetchStarts: (after) => api.heatStarts(pairing.eventId, after),
		competitionId: session.setup.competition.id,
		heatId: session.heatId,
		timers: env,
		onStart: (start) => {
			const offset = offsetMs();
			const now = Date.now();
			if (!startStillApplies(start, offset, now, session.setup.ruleset.timeLimitMs, session.timing.started)) return;
			void session.timing.start(tabletStartMoment(start, offset, now, performance.now()));
		}
	});
	watcher.start();
	return () => watcher.stop();
}
