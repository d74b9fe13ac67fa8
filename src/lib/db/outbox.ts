import type { JudgeEvent } from '$lib/events/schema';
import { loadEventChecks } from './event-checks';
import type { RejectedRow, StationDb } from './station-db';

/**
 * The outbox: the IDs of events waiting to be pushed to the server, in the order they were
 * queued, and the `rejected` table of events the server will never take. EventLog.append
 * queues each recorded event in its own transaction; events that come from elsewhere (an
 * imported file) are queued here.
 */

export interface QueueResult {
	/** Events stored and queued. */
	added: number;
	/** Events the tablet already held (left as they were, not queued again). */
	alreadyHeld: number;
}

/**
 * Stores and queues events that came from elsewhere, in one transaction: each is validated
 * (a bad one refuses the whole lot, nothing written); one already held is never replaced.
 */
export async function queueEvents(db: StationDb, events: readonly JudgeEvent[], queuedAt: number): Promise<QueueResult> {
	const { JudgeEventSchema } = await loadEventChecks();
	const checked = events.map((e) => JudgeEventSchema.parse(e) as JudgeEvent);
	return db.transaction('rw', db.events, db.outbox, async () => {
		const held = await db.events.bulkGet(checked.map((e) => e.id));
		const seen = new Set<string>();
		const fresh: JudgeEvent[] = [];
		checked.forEach((e, i) => {
			if (held[i] || seen.has(e.id)) return;
			seen.add(e.id);
			fresh.push(e);
		});
		await db.events.bulkAdd(fresh);
		await db.outbox.bulkAdd(fresh.map((e) => ({ id: e.id, queuedAt })));
		return { added: fresh.length, alreadyHeld: checked.length - fresh.length };
	});
}

/** How many events wait to be pushed. */
export function outboxCount(db: StationDb): Promise<number> {
	return db.outbox.count();
}

/** The events the server will never take, newest first. */
export async function listRejected(db: StationDb): Promise<RejectedRow[]> {
	return (await db.rejected.toArray()).sort((a, b) => b.at - a.at);
}
