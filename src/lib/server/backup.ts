import { error } from '@sveltejs/kit';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupCounts, type BackupDevice, type BackupHeatStart, type BackupTableCard } from './backup-format';
import { listMerges } from './competition-merges';
import { listChanges, listPeople, listRegistrations } from './register-store';
import type { Store } from './store';
import type { Role } from '$lib/contract';

/**
 * A full backup of one event (docs/sync.md, Backup; the format in backup-format.ts): everything
 * the store holds of it — set-up, devices (their tokens' hashes only, so that a restored server
 * accepts the same tablets), every judge event in arrival order with its server number, who
 * pushed it and when, the heats started on every tablet, every published version of its
 * results, the merged competitions, the register (people, registrations, their changes) and the
 * history of the competitions' ruleset versions (with every version it names). Pairing codes are left out: they last 15 minutes and are
 * used once. Written line by line as the rows are read, in one read transaction (a consistent
 * copy while tablets keep pushing), never held whole in memory.
 */
export { BACKUP_FORMAT, BACKUP_VERSION };

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

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

/**
 * The backup's lines (each ending in "\n"), read from `store` as they are asked for. Reads in a
 * transaction of its own: give it a connection nobody else uses meanwhile (Store.openReader),
 * unless the lines are all taken at once. 404 (before the first line) when there is no such event.
 */
export function* backupLines(store: Store, eventId: string, now: number): Generator<string, void, undefined> {
	const db = store.db;
	db.exec('BEGIN');
	try {
		const event = store.getEvent(eventId);
		if (!event) error(404, `no event "${eventId}" on this server`);
		const competitions = store.listCompetitions(eventId);
		// The versions the competitions use, then those only the ruleset history names (so that a restored history points at rulesets that exist).
		const rulesets = new Map(competitions.map((c) => [`${c.ruleset.id}@${c.ruleset.version}`, c.ruleset]));
		const named = db.prepare(
			`SELECT json_extract(r.json, '$.rulesetId') AS id, v.value AS version FROM ruleset_changes r, json_each(json_array(json_extract(r.json, '$.fromVersion'), json_extract(r.json, '$.toVersion'))) v
			  WHERE r.event_id = ? ORDER BY r.seq, v.key`
		);
		for (const r of named.all(eventId) as { id: string; version: number }[]) {
			const key = `${r.id}@${r.version}`;
			const ruleset = rulesets.has(key) ? undefined : store.getRuleset(r.id, r.version);
			if (ruleset) rulesets.set(key, ruleset);
		}
		const counted = (sql: string) => db.prepare(sql).pluck().get(eventId) as number;
		const counts: BackupCounts = {
			ruleset: rulesets.size,
			competition: competitions.length,
			heat: competitions.reduce((n, c) => n + c.heats, 0),
			entry: competitions.reduce((n, c) => n + c.entries, 0),
			device: counted('SELECT count(*) FROM device_tokens WHERE event_id = ?'),
			judgeEvent: counted('SELECT count(*) FROM judge_events WHERE event_id = ?'),
			heatStart: counted('SELECT count(*) FROM heat_starts WHERE event_id = ?'),
			publication: counted('SELECT count(*) FROM publications WHERE event_id = ?'),
			merge: counted('SELECT count(*) FROM competition_merges WHERE event_id = ?'),
			person: counted('SELECT count(*) FROM people WHERE event_id = ?'),
			registration: counted('SELECT count(*) FROM registrations WHERE event_id = ?'),
			registrationChange: counted('SELECT count(*) FROM registration_changes WHERE event_id = ?'),
			rulesetChange: counted('SELECT count(*) FROM ruleset_changes WHERE event_id = ?'),
			draw: counted('SELECT count(*) FROM draws WHERE event_id = ?'),
			tableCard: counted('SELECT count(*) FROM table_cards WHERE event_id = ?')
		};
		yield line({ format: BACKUP_FORMAT, version: BACKUP_VERSION, exportedAt: now, event, store: store.storeId, counts });

		for (const ruleset of rulesets.values()) yield line({ kind: 'ruleset', ruleset });
		const origin = db.prepare('SELECT origin FROM competitions WHERE event_id = ? AND id = ?').pluck();
		for (const { competition } of competitions) yield line({ kind: 'competition', competition, origin: origin.get(eventId, competition.id) });
		for (const { competition } of competitions) for (const heat of store.listHeats(eventId, competition.id)) yield line({ kind: 'heat', heat });
		for (const { competition } of competitions) for (const entry of store.listEntries(eventId, competition.id)) yield line({ kind: 'entry', entry });

		const devices = db.prepare('SELECT * FROM device_tokens WHERE event_id = ? ORDER BY created_at, rowid').all(eventId) as DeviceRow[];
		const logs = db.prepare('SELECT device_id FROM token_devices WHERE token_id = ? ORDER BY device_id').pluck();
		for (const d of devices) {
			const device: BackupDevice = {
				id: d.id,
				role: d.role,
				label: d.label,
				tokenHash: d.token_hash,
				createdAt: d.created_at,
				revokedAt: d.revoked_at,
				lastSeenAt: d.last_seen_at,
				clock: d.clock_offset_ms === null ? null : { offsetMs: d.clock_offset_ms, roundTripMs: d.clock_rtt_ms ?? 0, measuredAt: d.clock_measured_at ?? 0 },
				deviceIds: logs.all(d.id) as string[]
			};
			yield line({ kind: 'device', device });
		}

		// The stored text of each event (validated when it came in) is written as it is, not parsed again.
		const events = db.prepare('SELECT server_seq, json, received_at, token_id FROM judge_events WHERE event_id = ? ORDER BY server_seq');
		for (const r of events.iterate(eventId) as IterableIterator<{ server_seq: number; json: string; received_at: number | null; token_id: string | null }>)
			yield `{"kind":"judgeEvent","serverSeq":${r.server_seq},"receivedAt":${r.received_at ?? 'null'},"tokenId":${r.token_id === null ? 'null' : JSON.stringify(r.token_id)},"event":${r.json}}\n`;

		const starts = db.prepare('SELECT seq, id, competition_id, heat_id, server_at, token_id, created_at FROM heat_starts WHERE event_id = ? ORDER BY seq');
		for (const s of starts.iterate(eventId) as IterableIterator<{ seq: number; id: string; competition_id: string; heat_id: string; server_at: number; token_id: string; created_at: number }>) {
			const heatStart: BackupHeatStart = { seq: s.seq, id: s.id, competitionId: s.competition_id, heatId: s.heat_id, serverAt: s.server_at, tokenId: s.token_id, createdAt: s.created_at };
			yield line({ kind: 'heatStart', heatStart });
		}

		const publications = db.prepare('SELECT * FROM publications WHERE event_id = ? ORDER BY competition_id, version');
		type PublicationRow = { event_id: string; competition_id: string; version: number; state: string; published_at: number; protest_until: number | null; finalized_at: number | null; snapshot: string; note: string | null };
		for (const p of publications.iterate(eventId) as IterableIterator<PublicationRow>) {
			const fields = { eventId: p.event_id, competitionId: p.competition_id, version: p.version, state: p.state, publishedAt: p.published_at, protestUntil: p.protest_until, finalizedAt: p.finalized_at, note: p.note };
			// The stored snapshot (validated when it was made or restored) goes in as it is, last.
			yield `{"kind":"publication","publication":${JSON.stringify(fields).slice(0, -1)},"snapshot":${p.snapshot}}}\n`;
		}

		for (const merge of listMerges(store, eventId)) yield line({ kind: 'merge', merge });
		for (const person of listPeople(store, eventId)) yield line({ kind: 'person', person });
		for (const registration of listRegistrations(store, eventId)) yield line({ kind: 'registration', registration });
		for (const change of listChanges(store, eventId)) yield line({ kind: 'registrationChange', change });
		const rulesetChanges = db.prepare('SELECT seq, json FROM ruleset_changes WHERE event_id = ? ORDER BY seq');
		// The stored text of each change (validated when it was made or restored) goes in as it is.
		for (const r of rulesetChanges.iterate(eventId) as IterableIterator<{ seq: number; json: string }>)
			yield `{"kind":"rulesetChange","seq":${r.seq},"eventId":${JSON.stringify(eventId)},"change":${r.json}}\n`;
		// The draws as stored (validated when they were made or restored).
		for (const json of db.prepare('SELECT json FROM draws WHERE event_id = ? ORDER BY made_at, rowid').pluck().iterate(eventId) as IterableIterator<string>)
			yield `{"kind":"draw","draw":${json}}\n`;
		// The table cards (their secrets' hashes) with the tokens they gave, so that those keep their heat.
		const cards = db.prepare('SELECT id, competition_id, heat_id, table_label, secret_hash, created_at, expires_at, revoked_at FROM table_cards WHERE event_id = ? ORDER BY created_at, rowid');
		const cardTokens = db.prepare('SELECT token_id FROM card_tokens WHERE card_id = ? ORDER BY token_id').pluck();
		for (const c of cards.iterate(eventId) as IterableIterator<TableCardRow>) {
			const card: BackupTableCard = {
				id: c.id,
				competitionId: c.competition_id,
				heatId: c.heat_id,
				table: c.table_label,
				secretHash: c.secret_hash,
				createdAt: c.created_at,
				expiresAt: c.expires_at,
				revokedAt: c.revoked_at,
				tokenIds: cardTokens.all(c.id) as string[]
			};
			yield line({ kind: 'tableCard', card });
		}
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
