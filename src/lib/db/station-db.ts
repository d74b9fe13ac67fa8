import Dexie, { type EntityTable } from 'dexie';
import type { JudgeEvent } from '$lib/events/schema';
import { compareEvents } from '$lib/events/order';
import type { Ruleset } from '$lib/rules/schema';
import type { Competition, CompetitionEvent, CompetitionMerge, Entry, Heat } from '$lib/setup/schema';
import type { RosterEntry } from '$lib/registration/schema';
import type { PhotoMediaType, PhotoMeta } from '$lib/contract/photos';

/** A stored ruleset version, keyed by `${id}@${version}` (Dexie keys must be one value). */
export interface StoredRuleset {
	key: string;
	ruleset: Ruleset;
}

export interface MetaRow {
	key: string;
	value: unknown;
}

/** An event waiting to be pushed to the server; `n` keeps the order in which events were queued. */
export interface OutboxRow {
	n?: number;
	id: string;
	queuedAt: number;
}

/** An event the server will never take (a conflict, or refused with a reason): shown, never retried. */
export interface RejectedRow {
	id: string;
	reason: string;
	kind: 'conflict' | 'refused';
	at: number;
}

/** A registration as the roster gives it (no contact data, no birth date), kept under its event. */
export type RosterRow = RosterEntry & { eventId: string; /** The server's order (registration order). */ position: number };

/**
 * A photo of evidence (issue 33) as the tablet keeps it: what it shows (the upload's query,
 * PhotoMetaSchema), its thumbnail, whether the server holds it. The bytes are in `photoBytes`,
 * so that listing a seat's thumbnails never loads a full picture.
 */
export type PhotoRow = PhotoMeta & {
	/** The SHA-256 of its bytes: its ID, here and on the server. */
	hash: string;
	eventId: string;
	mediaType: PhotoMediaType;
	bytes: number;
	/**
	 * The thumbnail's JPEG bytes. Bytes, not a Blob: WebKit refuses a Blob in IndexedDB where the
	 * session is private (Safari's private tabs, its automation) — "Error preparing Blob/File data".
	 */
	thumbnail: ArrayBuffer;
	/** 1 once the server holds it (IndexedDB cannot index a boolean or null). */
	uploaded: 0 | 1;
	/** The server refused it (413, 415, 400, 403) with this message: shown with the refused events, never sent again. */
	refused: { reason: string; at: number } | null;
};

/** A photo's bytes, with their media type (bytes, not a Blob: see PhotoRow's thumbnail). */
export interface PhotoBytesRow {
	hash: string;
	bytes: ArrayBuffer;
	type: string;
}

/** The first version's tables (the upgrade test builds a database as early releases left it from these). */
export const STORES_V1 = {
	events: 'id, [deviceId+seq], [competitionId+heatId], competitionId',
	days: 'id',
	rulesets: 'key',
	competitions: 'id, eventId',
	heats: 'id, competitionId',
	entries: 'id, heatId, competitionId',
	meta: 'key'
} as const;

/**
 * The tablet's database: the set-up it received or made on the spot, and the judge-event log.
 * Events are never updated or deleted: corrections are new events. Writes use Chrome's
 * strict durability, so a tap is on disk before the UI shows it as done.
 */
export class StationDb extends Dexie {
	events!: EntityTable<JudgeEvent, 'id'>;
	days!: EntityTable<CompetitionEvent, 'id'>;
	rulesets!: EntityTable<StoredRuleset, 'key'>;
	competitions!: EntityTable<Competition, 'id'>;
	heats!: EntityTable<Heat, 'id'>;
	entries!: EntityTable<Entry, 'id'>;
	meta!: EntityTable<MetaRow, 'key'>;
	outbox!: EntityTable<OutboxRow, 'n'>;
	rejected!: EntityTable<RejectedRow, 'id'>;
	/** Competitions the organizer merged (set-up from the server, applied when the event is scored). */
	merges!: EntityTable<CompetitionMerge, 'id'>;
	/** The event's roster (registrations' names and flags), pulled with the set-up: the desk searches it offline. */
	roster!: EntityTable<RosterRow, 'id'>;
	/** Photos of evidence (./photos.ts): what each shows and its thumbnail… */
	photos!: EntityTable<PhotoRow, 'hash'>;
	/** …and its bytes, apart. */
	photoBytes!: EntityTable<PhotoBytesRow, 'hash'>;

	constructor(name = 'puzzle-judge', options: ConstructorParameters<typeof Dexie>[1] = {}) {
		super(name, { chromeTransactionDurability: 'strict', ...options });
		this.version(1).stores(STORES_V1);
		// Sync: the outbox of events to push (in queue order; one row per event) and what the server refused.
		this.version(2)
			.stores({ outbox: '++n, &id', rejected: 'id' })
			.upgrade(async (tx) => {
				// Events recorded before sync existed were never pushed: queue them all, oldest first
				// (the server is idempotent on the ID, so queueing one it holds costs nothing).
				const events = (await tx.table('events').toArray()) as JudgeEvent[];
				events.sort(compareEvents);
				const queuedAt = Date.now();
				await tx.table('outbox').bulkAdd(events.map((e) => ({ id: e.id, queuedAt })));
			});
		// Merged competitions (docs/sync.md, Merging competitions), pulled with the set-up.
		this.version(3).stores({ merges: 'id, eventId' });
		// The roster (issue 14: check-in at the door), replaced by every sync.
		this.version(4).stores({ roster: 'id, eventId' });
		// Photos of evidence (issue 33): the upload queue reads [uploaded+takenAt] (oldest first), a seat card its entry's.
		this.version(5).stores({ photos: 'hash, [uploaded+takenAt], entryId, judgeEventId', photoBytes: 'hash' });
	}
}

export function rulesetKey(r: { id: string; version: number }): string {
	return `${r.id}@${r.version}`;
}
