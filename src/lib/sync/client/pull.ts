import { JudgeEventSchema, type JudgeEvent } from '$lib/events/schema';
import type { StationDb } from '$lib/db/station-db';
import { saveSetup, type SetupBundle } from '$lib/db/setup-store';
import type { Pairing, SetupResponse } from '$lib/sync/protocol';
import type { SyncApi } from './api';

/** Where the pull cursor of one server's event is kept in `meta`. */
export function cursorKey(pairing: Pick<Pairing, 'server' | 'eventId'>): string {
	return `sync.cursor:${pairing.server}:${pairing.eventId}`;
}

export async function readCursor(db: StationDb, pairing: Pick<Pairing, 'server' | 'eventId'>): Promise<number> {
	const value = (await db.meta.get(cursorKey(pairing)))?.value;
	return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

/** The server's set-up answer as a bundle to store on the device. */
export function setupBundleOf(setup: SetupResponse): SetupBundle {
	return { days: [setup.event], rulesets: setup.rulesets, competitions: setup.competitions, heats: setup.heats, entries: setup.entries, merges: setup.merges ?? [] };
}

/** The event's set-up from the server, stored on the tablet (the server's items replace older copies). */
export async function pullSetup(db: StationDb, api: SyncApi, pairing: Pairing): Promise<void> {
	const setup = await api.getSetup(pairing.eventId);
	await saveSetup(db, setupBundleOf(setup));
}

export interface PullOutcome {
	/** Events added (not held before). */
	added: JudgeEvent[];
	/** Events the server sent that this version of the app cannot read (skipped). */
	unreadable: number;
	pages: number;
}

/**
 * Pulls the event's judge events after the stored cursor, page by page while the server says
 * there are more. Each page is stored in one transaction with the cursor that follows it, so
 * the cursor never runs ahead of the stored events. An event already held is never replaced,
 * and pulled events are not queued for pushing (the server has them).
 */
export async function pullEvents(db: StationDb, api: SyncApi, pairing: Pairing, pageSize = 1000): Promise<PullOutcome> {
	const outcome: PullOutcome = { added: [], unreadable: 0, pages: 0 };
	let cursor = await readCursor(db, pairing);
	for (;;) {
		const page = await api.pull(pairing.eventId, cursor, pageSize);
		outcome.pages++;
		const events: JudgeEvent[] = [];
		for (const raw of page.events) {
			const checked = JudgeEventSchema.safeParse(raw);
			if (checked.success) events.push(checked.data as JudgeEvent);
			else outcome.unreadable++;
		}
		const added = await db.transaction('rw', db.events, db.meta, async () => {
			const held = await db.events.bulkGet(events.map((e) => e.id));
			const seen = new Set<string>();
			const fresh = events.filter((e, i) => {
				if (held[i] || seen.has(e.id)) return false;
				seen.add(e.id);
				return true;
			});
			await db.events.bulkAdd(fresh);
			// Another tab may have pulled further meanwhile: the cursor only moves forward.
			const stored = await readCursor(db, pairing);
			await db.meta.put({ key: cursorKey(pairing), value: Math.max(stored, page.cursor) });
			return fresh;
		});
		outcome.added.push(...added);
		// A server that does not move the cursor forward would make this loop forever.
		if (!page.more || page.cursor <= cursor) return outcome;
		cursor = page.cursor;
	}
}
