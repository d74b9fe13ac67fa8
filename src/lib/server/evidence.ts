import { error } from '@sveltejs/kit';
import { DEFAULT_EVIDENCE_RETENTION_DAYS, type EvidenceState } from '$lib/contract/photos';
import { truncateLog } from './erasure-redaction';
import type { Store } from './store';

/**
 * How long an event keeps its evidence (the judges' photos, photos.ts): `retentionDays` after the
 * final lock of its last competition (DEFAULT_EVIDENCE_RETENTION_DAYS unless the organizer says
 * otherwise), then erased by the sweep (evidence-sweep.ts); the organizer may erase it at any time.
 * An erasure deletes the rows: with `secure_delete` (Store) SQLite zeroes the freed pages, and the
 * write-ahead log is truncated after it as after a person's erasure, so the bytes are left in
 * neither file. A VACUUM is not needed for that; it would only give the freed pages back to the
 * file system, and SQLite reuses them for the next photos anyway.
 */

const DAY = 24 * 60 * 60 * 1000;

type SettingRow = { retention_days: number; erased_at: number | null };

function settingOf(store: Store, eventId: string): SettingRow {
	return (store.stmt('SELECT retention_days, erased_at FROM evidence_settings WHERE event_id = ?').get(eventId) as SettingRow | undefined) ?? {
		retention_days: DEFAULT_EVIDENCE_RETENTION_DAYS,
		erased_at: null
	};
}

/**
 * The final lock of the event's last competition; null while any competition is not final (or there is
 * none). A competition without entries (nobody competes in it, no photo can be of it) and one folded into
 * another (merged: never published itself) are not waited for.
 */
export function finalLockAt(store: Store, eventId: string): number | null {
	const row = store
		.stmt(
			`SELECT count(*) AS competitions, count(f.at) AS final, max(f.at) AS last FROM competitions c
			 LEFT JOIN (SELECT competition_id, max(finalized_at) AS at FROM publications WHERE event_id = @e AND state = 'final' GROUP BY competition_id) f
			   ON f.competition_id = c.id
			 WHERE c.event_id = @e
			   AND EXISTS (SELECT 1 FROM entries n WHERE n.event_id = @e AND n.competition_id = c.id)
			   AND NOT EXISTS (SELECT 1 FROM competition_merges m WHERE m.event_id = @e AND m.folded_competition_id = c.id)`
		)
		.get({ e: eventId }) as { competitions: number; final: number; last: number | null };
	return row.competitions > 0 && row.final === row.competitions ? row.last : null;
}

/** Until when the event keeps its evidence, without counting it (each upload asks). */
export type EvidenceWindow = Pick<EvidenceState, 'retentionDays' | 'finalLockAt' | 'eraseAt' | 'erasedAt'>;

export function evidenceWindow(store: Store, eventId: string): EvidenceWindow {
	const setting = settingOf(store, eventId);
	const lock = finalLockAt(store, eventId);
	return { retentionDays: setting.retention_days, finalLockAt: lock, eraseAt: lock === null ? null : lock + setting.retention_days * DAY, erasedAt: setting.erased_at };
}

/** What the event keeps, and until when. 404 for an event not on this server. */
export function evidenceState(store: Store, eventId: string): EvidenceState {
	if (!store.getEvent(eventId)) error(404, `no event "${eventId}" on this server`);
	// Read from the index by entry, which holds each photo's size (migration 22).
	const photos = store.stmt('SELECT count(*) AS n, coalesce(sum(bytes), 0) AS size FROM photos INDEXED BY photos_by_entry WHERE event_id = ?').get(eventId) as { n: number; size: number };
	const window = evidenceWindow(store, eventId);
	return { retentionDays: window.retentionDays, photoCount: photos.n, photoBytes: photos.size, finalLockAt: window.finalLockAt, eraseAt: window.eraseAt, erasedAt: window.erasedAt };
}

/** The organizer's retention: days after the final lock. */
export function setEvidenceRetention(store: Store, eventId: string, retentionDays: number): EvidenceState {
	return store.transaction(() => {
		if (!store.getEvent(eventId)) error(404, `no event "${eventId}" on this server`);
		store
			.stmt('INSERT INTO evidence_settings (event_id, retention_days, erased_at) VALUES (?, ?, NULL) ON CONFLICT (event_id) DO UPDATE SET retention_days = excluded.retention_days')
			.run(eventId, retentionDays);
		return evidenceState(store, eventId);
	});
}

/** Deletes the event's photos in the caller's transaction (or its own) and notes when; the number deleted. */
export function deleteEventPhotos(store: Store, eventId: string, now: number): number {
	return store.transaction(() => {
		const deleted = store.stmt('DELETE FROM photos WHERE event_id = ?').run(eventId).changes;
		store
			.stmt('INSERT INTO evidence_settings (event_id, retention_days, erased_at) VALUES (?, ?, ?) ON CONFLICT (event_id) DO UPDATE SET erased_at = excluded.erased_at')
			.run(eventId, DEFAULT_EVIDENCE_RETENTION_DAYS, now);
		return deleted;
	});
}

/** The organizer erases the event's evidence now; the log is truncated so that no byte of it stays on disk. */
export function eraseEvidence(store: Store, eventId: string, now: number): EvidenceState {
	const state = store.transaction(() => {
		if (!store.getEvent(eventId)) error(404, `no event "${eventId}" on this server`);
		deleteEventPhotos(store, eventId, now);
		return evidenceState(store, eventId);
	});
	truncateLog(store);
	return state;
}

/**
 * Why a photo may no longer be stored (410), or null: the event's evidence was erased after it was
 * taken (a tablet still holding it must not bring it back), or the retention has run out.
 */
export function evidenceClosedReason(state: EvidenceWindow, takenAt: number, now: number): string | null {
	if (state.eraseAt !== null && now >= state.eraseAt)
		return `the event's evidence is kept until ${new Date(state.eraseAt).toISOString()} (${state.retentionDays} days after the final lock): this photo is no longer kept`;
	if (state.erasedAt !== null && takenAt <= state.erasedAt)
		return `the event's evidence was erased at ${new Date(state.erasedAt).toISOString()}, after this photo was taken: it is not kept`;
	return null;
}

/** Erases the photos of every event whose retention has run out by `now`; the events erased. */
export function sweepEvidence(store: Store, now: number): string[] {
	const events = store.stmt('SELECT DISTINCT event_id FROM photos').pluck().all() as string[];
	const due = events.filter((e) => {
		const { eraseAt } = evidenceWindow(store, e);
		return eraseAt !== null && eraseAt <= now;
	});
	if (due.length === 0) return [];
	store.transaction(() => {
		for (const e of due) deleteEventPhotos(store, e, now);
	});
	truncateLog(store);
	return due;
}
