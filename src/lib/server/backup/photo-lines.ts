import type Database from 'better-sqlite3';
import type { BackupEvidence } from '../backup-format';
import { PHOTO_COLUMNS, photoInfoOf } from '../photos';
import { line, type BackupLines } from './backup-line';

/**
 * The event's evidence (issue 33): its photos, each with its bytes in base64 on its own line, read
 * one row at a time (an iterator: a thousand photos are never in memory together), in the order they
 * arrived; and its retention setting, which the header carries. An erased event's backup holds no photo.
 */

type PhotoRow = Parameters<typeof photoInfoOf>[0] & { data: Buffer };

export function* photoLines(db: Database.Database, eventId: string): BackupLines {
	const photos = db.prepare(`SELECT ${PHOTO_COLUMNS}, data FROM photos WHERE event_id = ? ORDER BY received_at, rowid`);
	for (const row of photos.iterate(eventId) as IterableIterator<PhotoRow>) {
		// The bytes go in last, as base64 (nothing in it needs escaping in JSON).
		yield `${line({ kind: 'photo', photo: photoInfoOf(row) }).slice(0, -2)},"data":"${row.data.toString('base64')}"}\n`;
	}
}

/** The event's evidence setting, when the organizer set one or erased the photos; undefined: the defaults. */
export function evidenceSetting(db: Database.Database, eventId: string): BackupEvidence | undefined {
	const row = db.prepare('SELECT retention_days, erased_at FROM evidence_settings WHERE event_id = ?').get(eventId) as { retention_days: number; erased_at: number | null } | undefined;
	return row && { retentionDays: row.retention_days, erasedAt: row.erased_at };
}
