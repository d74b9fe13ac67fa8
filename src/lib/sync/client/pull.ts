import { isRedaction, type LooseEvent } from '$lib/events/erasure';
import { JudgeEventSchema, type JudgeEvent } from '$lib/events/schema';
import type { StationDb } from '$lib/db/station-db';
import { saveSetup, type SetupBundle } from '$lib/db/setup-store';
import type { SetupResponse } from '$lib/contract';
import type { Pairing } from '$lib/sync/pairing';
import type { SyncApi } from './api';

/**
 * What one pull asks for: every event of the event (the organizer's devices), or the events of
 * one competition (a judge tablet's own competitions, each with a cursor of its own, so a
 * competition the tablet opens later is fetched from its start).
 */
export type PullScope = { competitionId: string } | null;

/** Where the pull cursor of one server's event (of one competition of it, with a scope) is kept in `meta`. */
export function cursorKey(pairing: Pick<Pairing, 'server' | 'eventId'>, scope: PullScope = null): string {
	return `sync.cursor:${pairing.server}:${pairing.eventId}${scopeSuffix(scope)}`;
}

/** Where the identity of the store that cursor counts in is kept (PullResponse.store). */
export function cursorStoreKey(pairing: Pick<Pairing, 'server' | 'eventId'>, scope: PullScope = null): string {
	return `sync.cursorStore:${pairing.server}:${pairing.eventId}${scopeSuffix(scope)}`;
}

function scopeSuffix(scope: PullScope): string {
	return scope ? `:competition:${scope.competitionId}` : '';
}

function validCursor(value: unknown): number | null {
	return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

export async function readCursor(db: StationDb, pairing: Pick<Pairing, 'server' | 'eventId'>, scope: PullScope = null): Promise<number> {
	return (await readPosition(db, pairing, scope)).cursor;
}

/**
 * The cursor and the store it counts in (null: not known, from a version of the app or server
 * without it). A competition not pulled on its own yet starts where the pull of every event
 * stands (a device that pulled everything before scopes came holds that competition's events
 * up to there), or at 0.
 */
export async function readPosition(db: StationDb, pairing: Pick<Pairing, 'server' | 'eventId'>, scope: PullScope = null): Promise<{ cursor: number; store: string | null }> {
	const cursor = validCursor((await db.meta.get(cursorKey(pairing, scope)))?.value);
	if (cursor === null && scope) return readPosition(db, pairing, null);
	const store = (await db.meta.get(cursorStoreKey(pairing, scope)))?.value;
	return { cursor: cursor ?? 0, store: typeof store === 'string' ? store : null };
}

async function writePosition(db: StationDb, pairing: Pick<Pairing, 'server' | 'eventId'>, scope: PullScope, cursor: number, store: string | null): Promise<void> {
	await db.meta.put({ key: cursorKey(pairing, scope), value: cursor });
	if (store !== null) await db.meta.put({ key: cursorStoreKey(pairing, scope), value: store });
}

/** The server's set-up answer as a bundle to store on the device. */
export function setupBundleOf(setup: SetupResponse): SetupBundle {
	return { days: [setup.event], rulesets: setup.rulesets, competitions: setup.competitions, heats: setup.heats, entries: setup.entries, merges: setup.merges };
}

/** The event's set-up from the server, stored on the tablet (the server's items replace older copies); returns it as answered. */
export async function pullSetup(db: StationDb, api: SyncApi, pairing: Pairing): Promise<SetupResponse> {
	const setup = await api.getSetup(pairing.eventId);
	await saveSetup(db, setupBundleOf(setup));
	return setup;
}

export interface PullOutcome {
	/** Events added (not held before). */
	added: JudgeEvent[];
	/** Events held before that the server sent redacted by an erasure (issue 29): the held copy replaced. */
	redacted: JudgeEvent[];
	/** Events the server sent that this version of the app cannot read (skipped). */
	unreadable: number;
	pages: number;
	/** The cursor came from another store (the server was restored elsewhere): pulled again from the start. */
	restarted: boolean;
}

/**
 * Pulls the event's judge events after the stored cursor, page by page while the server says
 * there are more. Each page is stored in one transaction with the cursor that follows it, so
 * the cursor never runs ahead of the stored events. An event already held is never replaced —
 * but by its redaction: the server sends an event again after an erasure took a person's data
 * out of it ($lib/events/erasure), and the held copy gives way. Pulled events are not queued for
 * pushing (the server has them).
 *
 * A cursor counts in one store only. When the server answers from another store than the one
 * the cursor came from (restored from a backup into another data directory, where numbers
 * differ), or the store of the cursor is not known, the cursor means nothing there: the pull
 * starts over from 0. That is safe, as every pull is: events already held are skipped.
 *
 * With a scope, the same for the events of one competition, with that competition's cursor.
 */
export async function pullEvents(db: StationDb, api: SyncApi, pairing: Pairing, pageSize = 1000, scope: PullScope = null): Promise<PullOutcome> {
	const outcome: PullOutcome = { added: [], redacted: [], unreadable: 0, pages: 0, restarted: false };
	let { cursor, store } = await readPosition(db, pairing, scope);
	for (;;) {
		const page = await api.pull(pairing.eventId, cursor, pageSize, scope ? [scope.competitionId] : undefined);
		outcome.pages++;
		const answeredBy = page.store ?? null;
		if (answeredBy !== null && answeredBy !== store && cursor > 0) {
			// Once per pull: a server that keeps changing its identity is asked again at the next sync.
			if (outcome.restarted) return outcome;
			outcome.restarted = true;
			const from = await db.transaction('rw', db.meta, async () => {
				const now = await readPosition(db, pairing, scope);
				// Another tab may have started over already: go on from where it is.
				if (now.store === answeredBy) return now;
				await writePosition(db, pairing, scope, 0, answeredBy);
				return { cursor: 0, store: answeredBy };
			});
			({ cursor, store } = from);
			continue;
		}
		const events: JudgeEvent[] = [];
		for (const raw of page.events) {
			const checked = JudgeEventSchema.safeParse(raw);
			if (checked.success) events.push(checked.data as JudgeEvent);
			else outcome.unreadable++;
		}
		const { added, redacted } = await db.transaction('rw', db.events, db.meta, async () => {
			const held = await db.events.bulkGet(events.map((e) => e.id));
			const redacted = events.filter((e, i) => held[i] !== undefined && isRedaction(e, held[i] as unknown as LooseEvent));
			if (redacted.length > 0) await db.events.bulkPut(redacted);
			const seen = new Set<string>();
			const fresh = events.filter((e, i) => {
				if (held[i] || seen.has(e.id)) return false;
				seen.add(e.id);
				return true;
			});
			await db.events.bulkAdd(fresh);
			const now = await readPosition(db, pairing, scope);
			// This page counts in the store that answered: a cursor stored for another store is replaced.
			if (answeredBy !== null && now.store !== answeredBy) await writePosition(db, pairing, scope, page.cursor, answeredBy);
			// Another tab may have pulled further meanwhile: the cursor only moves forward (a scope's
			// first cursor keeps the store of the position it started from).
			else await writePosition(db, pairing, scope, Math.max(now.cursor, page.cursor), now.store);
			return { added: fresh, redacted };
		});
		store = answeredBy ?? store;
		outcome.added.push(...added);
		outcome.redacted.push(...redacted);
		// A server that does not move the cursor forward would make this loop forever.
		if (!page.more || page.cursor <= cursor) return outcome;
		cursor = page.cursor;
	}
}
