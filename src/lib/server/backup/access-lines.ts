import type Database from 'better-sqlite3';
import type { Role } from '$lib/contract';
import type { BackupDevice, BackupTableCard } from '../backup-format';
import { line, type BackupLines } from './backup-line';

/**
 * Who may reach the event's data: its devices (their tokens' hashes only, so that a restored
 * server accepts the same tablets) and its table cards (their secrets' hashes), each with the
 * tokens that came of it.
 */

type DeviceRow = {
	id: string;
	role: Role;
	label: string;
	token_hash: string;
	created_at: number;
	revoked_at: number | null;
	last_seen_at: number | null;
	clock_offset_ms: number | null;
	clock_rtt_ms: number | null;
	clock_measured_at: number | null;
};

type TableCardRow = {
	id: string;
	competition_id: string;
	heat_id: string;
	table_label: string;
	secret_hash: string;
	created_at: number;
	expires_at: number;
	revoked_at: number | null;
};

/** Each device, with the judge devices (event-log device IDs) that pushed with its token. */
export function* deviceLines(db: Database.Database, eventId: string): BackupLines {
	const devices = db.prepare('SELECT * FROM device_tokens WHERE event_id = ? ORDER BY created_at, rowid').all(eventId) as DeviceRow[];
	const logs = db.prepare('SELECT device_id FROM token_devices WHERE token_id = ? ORDER BY device_id').pluck();
	for (const d of devices) yield line({ kind: 'device', device: backupDeviceOf(d, logs.all(d.id) as string[]) });
}

function backupDeviceOf(d: DeviceRow, deviceIds: string[]): BackupDevice {
	return {
		id: d.id,
		role: d.role,
		label: d.label,
		tokenHash: d.token_hash,
		createdAt: d.created_at,
		revokedAt: d.revoked_at,
		lastSeenAt: d.last_seen_at,
		clock: d.clock_offset_ms === null ? null : { offsetMs: d.clock_offset_ms, roundTripMs: d.clock_rtt_ms ?? 0, measuredAt: d.clock_measured_at ?? 0 },
		deviceIds
	};
}

/** The table cards with the tokens they gave, so that those keep their heat. */
export function* tableCardLines(db: Database.Database, eventId: string): BackupLines {
	const cards = db.prepare('SELECT id, competition_id, heat_id, table_label, secret_hash, created_at, expires_at, revoked_at FROM table_cards WHERE event_id = ? ORDER BY created_at, rowid');
	const cardTokens = db.prepare('SELECT token_id FROM card_tokens WHERE card_id = ? ORDER BY token_id').pluck();
	for (const c of cards.iterate(eventId) as IterableIterator<TableCardRow>) yield line({ kind: 'tableCard', card: backupTableCardOf(c, cardTokens.all(c.id) as string[]) });
}

function backupTableCardOf(c: TableCardRow, tokenIds: string[]): BackupTableCard {
	return {
		id: c.id,
		competitionId: c.competition_id,
		heatId: c.heat_id,
		table: c.table_label,
		secretHash: c.secret_hash,
		createdAt: c.created_at,
		expiresAt: c.expires_at,
		revokedAt: c.revoked_at,
		tokenIds
	};
}
