import type Database from 'better-sqlite3';
import type { BackupHeatStart } from '../backup-format';
import { listMerges } from '../competition-merges';
import { protestOf, type ProtestRow } from '../protests';
import type { Store } from '../store';
import { line, type BackupLines } from './backup-line';

/**
 * What was recorded at the event, in the order recorded. The stored text of a judge event,
 * a publication's snapshot, a ruleset change and a draw (each validated when it came in, was
 * made or was restored) is written as it is, not parsed again.
 */

/** Every judge event in arrival order, with its server number, when it arrived and the token that pushed it. */
export function* judgeEventLines(db: Database.Database, eventId: string): BackupLines {
	const events = db.prepare('SELECT server_seq, json, received_at, token_id FROM judge_events WHERE event_id = ? ORDER BY server_seq');
	for (const r of events.iterate(eventId) as IterableIterator<{ server_seq: number; json: string; received_at: number | null; token_id: string | null }>)
		yield `{"kind":"judgeEvent","serverSeq":${r.server_seq},"receivedAt":${r.received_at ?? 'null'},"tokenId":${r.token_id === null ? 'null' : JSON.stringify(r.token_id)},"event":${r.json}}\n`;
}

/** The heats started on every tablet, in the order of their numbers. */
export function* heatStartLines(db: Database.Database, eventId: string): BackupLines {
	const starts = db.prepare('SELECT seq, id, competition_id, heat_id, server_at, token_id, created_at FROM heat_starts WHERE event_id = ? ORDER BY seq');
	for (const s of starts.iterate(eventId) as IterableIterator<{ seq: number; id: string; competition_id: string; heat_id: string; server_at: number; token_id: string; created_at: number }>) {
		const heatStart: BackupHeatStart = { seq: s.seq, id: s.id, competitionId: s.competition_id, heatId: s.heat_id, serverAt: s.server_at, tokenId: s.token_id, createdAt: s.created_at };
		yield line({ kind: 'heatStart', heatStart });
	}
}

type PublicationRow = { event_id: string; competition_id: string; version: number; state: string; published_at: number; protest_until: number | null; finalized_at: number | null; snapshot: string; note: string | null };

/** Every published version of each competition's results. */
export function* publicationLines(db: Database.Database, eventId: string): BackupLines {
	const publications = db.prepare('SELECT * FROM publications WHERE event_id = ? ORDER BY competition_id, version');
	for (const p of publications.iterate(eventId) as IterableIterator<PublicationRow>) {
		const fields = { eventId: p.event_id, competitionId: p.competition_id, version: p.version, state: p.state, publishedAt: p.published_at, protestUntil: p.protest_until, finalizedAt: p.finalized_at, note: p.note };
		// The stored snapshot goes in as it is, last.
		yield `{"kind":"publication","publication":${JSON.stringify(fields).slice(0, -1)},"snapshot":${p.snapshot}}}\n`;
	}
}

/** The organizer's merges of competitions two tablets each set up. */
export function* mergeLines(store: Store, eventId: string): BackupLines {
	for (const merge of listMerges(store, eventId)) yield line({ kind: 'merge', merge });
}

/** The history of the competitions' ruleset versions (CZ-GEN-CHANGES), with each change's number. */
export function* rulesetChangeLines(db: Database.Database, eventId: string): BackupLines {
	const rulesetChanges = db.prepare('SELECT seq, json FROM ruleset_changes WHERE event_id = ? ORDER BY seq');
	for (const r of rulesetChanges.iterate(eventId) as IterableIterator<{ seq: number; json: string }>)
		yield `{"kind":"rulesetChange","seq":${r.seq},"eventId":${JSON.stringify(eventId)},"change":${r.json}}\n`;
}

/** The draws (CZ-TEAM-DRAW), superseded ones too. */
export function* drawLines(db: Database.Database, eventId: string): BackupLines {
	for (const json of db.prepare('SELECT json FROM draws WHERE event_id = ? ORDER BY made_at, rowid').pluck().iterate(eventId) as IterableIterator<string>)
		yield `{"kind":"draw","draw":${json}}\n`;
}

/** The protests (issue 33 #3), decided or open, in the order they were handed in. */
export function* protestLines(db: Database.Database, eventId: string): BackupLines {
	const protests = db.prepare('SELECT * FROM protests WHERE event_id = ? ORDER BY raised_at, recorded_at, id');
	for (const row of protests.iterate(eventId) as IterableIterator<ProtestRow>) yield line({ kind: 'protest', protest: protestOf(row) });
}
