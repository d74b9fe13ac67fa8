import { error } from '@sveltejs/kit';
import { BACKUP_FORMAT, BACKUP_VERSION } from './backup-format';
import { deviceLines, tableCardLines } from './backup/access-lines';
import { line } from './backup/backup-line';
import { backupCounts } from './backup/backup-counts';
import { eventRulesets } from './backup/event-rulesets';
import { drawLines, heatStartLines, judgeEventLines, mergeLines, protestLines, publicationLines, rulesetChangeLines } from './backup/record-lines';
import { evidenceSetting, photoLines } from './backup/photo-lines';
import { registerLines } from './backup/register-lines';
import { setUpLines } from './backup/setup-lines';
import type { Store } from './store';

/**
 * A full backup of one event (docs/sync.md, Backup; the format in backup-format.ts): everything
 * the store holds of it — set-up, devices (their tokens' hashes only, so that a restored server
 * accepts the same tablets), every judge event in arrival order with its server number, who
 * pushed it and when, the heats started on every tablet, every published version of its
 * results, the merged competitions, the register (people, registrations, their changes) and the
 * history of the competitions' ruleset versions (with every version it names), the protests, the photos of evidence
 * with their bytes (issue 33) and how long they are kept. Pairing codes are left out: they last 15 minutes and are
 * used once. Written line by line as the rows are read, in one read transaction (a consistent
 * copy while tablets keep pushing), never held whole in memory.
 */
export { BACKUP_FORMAT, BACKUP_VERSION };

/**
 * The backup's lines (each ending in "\n"), read from `store` as they are asked for. Reads in a
 * transaction of its own: give it a connection nobody else uses meanwhile (Store.openReader),
 * unless the lines are all taken at once. 404 (before the first line) when there is no such event.
 * Each section (backup/) is read as its lines are asked for, in the order backup-format.ts gives.
 */
export function* backupLines(store: Store, eventId: string, now: number): Generator<string, void, undefined> {
	const db = store.db;
	db.exec('BEGIN');
	try {
		const event = store.getEvent(eventId);
		if (!event) error(404, `no event "${eventId}" on this server`);
		const competitions = store.listCompetitions(eventId);
		const rulesets = eventRulesets(store, eventId, competitions);
		const counts = backupCounts(store, eventId, rulesets.size, competitions);
		const evidence = evidenceSetting(db, eventId);
		yield line({ format: BACKUP_FORMAT, version: BACKUP_VERSION, exportedAt: now, event, store: store.storeId, counts, ...(evidence ? { evidence } : {}) });
		yield* setUpLines(store, eventId, rulesets, competitions);
		yield* deviceLines(db, eventId);
		yield* judgeEventLines(db, eventId);
		yield* heatStartLines(db, eventId);
		yield* publicationLines(db, eventId);
		yield* mergeLines(store, eventId);
		yield* registerLines(store, eventId);
		yield* rulesetChangeLines(db, eventId);
		yield* drawLines(db, eventId);
		yield* tableCardLines(db, eventId);
		yield* protestLines(db, eventId);
		yield* photoLines(db, eventId);
		yield line({ kind: 'end', counts });
	} finally {
		if (db.inTransaction) db.exec('COMMIT');
	}
}

/** The backup as a byte stream, read from its own connection to the store while it is sent. 404 at once for an unknown event. */
export function backupStream(store: Store, eventId: string, now: number, chunkBytes = 256 * 1024): ReadableStream<Uint8Array> {
	if (!store.getEvent(eventId)) error(404, `no event "${eventId}" on this server`);
	const reader = store.openReader();
	const lines = backupLines(reader, eventId, now);
	const close = () => {
		lines.return();
		reader.close();
	};
	return new ReadableStream<Uint8Array>(
		{
			pull(controller) {
				try {
					const parts: string[] = [];
					let size = 0;
					while (size < chunkBytes) {
						const next = lines.next();
						if (next.done) break;
						parts.push(next.value);
						size += next.value.length;
					}
					if (parts.length > 0) controller.enqueue(Buffer.from(parts.join(''), 'utf8'));
					if (size < chunkBytes) {
						close();
						controller.close();
					}
				} catch (e) {
					close();
					// The download stops short of its last line: a restore refuses such a file.
					controller.error(e);
				}
			},
			cancel: close
		},
		{ highWaterMark: 0 }
	);
}

/** The whole backup as one text (tests, small events). */
export function backupText(store: Store, eventId: string, now: number): string {
	return [...backupLines(store, eventId, now)].join('');
}
