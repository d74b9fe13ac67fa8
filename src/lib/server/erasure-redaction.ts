import { redactedEvent, type LooseEvent } from '$lib/events/erasure';
import type { JudgeEventRow } from './judge-event-row';
import { listChanges, listPeople, listRegistrations } from './register-store';
import type { Store } from './store';

export { CHECK_IN_ADULT_FIELD, ERASED, isRedactionOf, redactedEvent } from '$lib/events/erasure';

/**
 * The erasure of a person's personal data (register.ts, erasePerson) reaching the judge-event log
 * (issue 29 #4): what a desk typed at the door about them, the accompanying adult of an
 * `entry.checked-in` (and of a correction that replaces a check-in with another), is replaced
 * with ERASED in the stored events. Everything else of the event stays: its ID, device, sequence
 * number, `at`, `mono`, type and the rest of its payload, so it still validates
 * (JudgeEventSchema: accompaniedBy is a trimmed non-empty name of at most 200 characters) and
 * scores as before (scoring ignores check-ins).
 *
 * Each redacted row gets a new server number (the next in arrival order), so that it comes again
 * in every device's pull, whatever its cursor, and only once to a device that never pulled it
 * (docs/sync.md, Erasure). The entry's audit trail and the backup read the same rows.
 */

/**
 * The entries a person's check-ins are recorded under: the registrations they are in, or were
 * ever in (the register's history of member changes), and the set-up entries that list them.
 */
export function entryIdsOfPerson(store: Store, eventId: string, personId: string): Set<string> {
	const ids = new Set(listRegistrations(store, eventId).filter((r) => r.memberIds.includes(personId)).map((r) => r.id));
	for (const c of listChanges(store, eventId))
		if (c.registrationId !== null && c.changes.some((x) => x.field === 'memberIds' && [x.before, x.after].some((v) => Array.isArray(v) && v.includes(personId))))
			ids.add(c.registrationId);
	const entries = store.db
		.prepare(
			`SELECT DISTINCT e.id FROM entries e, json_each(e.members) m
			  WHERE e.event_id = ? AND json_extract(m.value, '$.id') = ?`
		)
		.pluck()
		.all(eventId, personId) as string[];
	for (const id of entries) ids.add(id);
	return ids;
}

/**
 * Redacts the accompanying adult in the event's check-ins (and the corrections replacing them)
 * of the given entries, each row moved to the end of the pull order. A correction names its entry
 * as the event it corrects does; one that names none is followed to the event it supersedes.
 * Returns the IDs of the events redacted, in their former arrival order. Run it inside the
 * erasure's transaction.
 */
export function redactCheckIns(store: Store, eventId: string, entryIds: ReadonlySet<string>): string[] {
	if (entryIds.size === 0) return [];
	const candidates = store.db
		.prepare(`SELECT server_seq, entry_id, json FROM judge_events WHERE event_id = ? AND instr(json, '"accompaniedBy"') > 0 ORDER BY server_seq`)
		.all(eventId) as { server_seq: number; entry_id: string | null; json: string }[];
	if (candidates.length === 0) return [];
	const byId = store.db.prepare('SELECT entry_id, json FROM judge_events WHERE event_id = ? AND id = ?');
	const entryOf = (entryId: string | null, event: LooseEvent): string | null => {
		// A correction without its entry: the entry of what it supersedes (a chain of corrections at most 100 long).
		for (let hops = 0; entryId === null && event.type === 'correction' && hops < 100; hops++) {
			const target = byId.get(eventId, (event.payload as { supersedes?: string }).supersedes ?? '') as { entry_id: string | null; json: string } | undefined;
			if (!target) return null;
			entryId = target.entry_id;
			event = JSON.parse(target.json) as LooseEvent;
		}
		return entryId;
	};
	const move = store.db.prepare('UPDATE judge_events SET json = ?, server_seq = ? WHERE server_seq = ?');
	let next = store.db.prepare('SELECT coalesce(max(server_seq), 0) FROM judge_events').pluck().get() as number;
	const redacted: string[] = [];
	for (const row of candidates) {
		const event = JSON.parse(row.json) as LooseEvent;
		const entryId = entryOf(row.entry_id, event);
		if (entryId === null || !entryIds.has(entryId)) continue;
		const changed = redactedEvent(event);
		if (!changed) continue;
		move.run(JSON.stringify(changed), ++next, row.server_seq);
		redacted.push(event.id);
	}
	return redacted;
}

/**
 * A check-in pushed after its person was erased (a desk that was offline, a file imported late)
 * is stored redacted too: the rows of a push that name an accompanying adult of an erased person's
 * entry, with it replaced by ERASED (the device takes the redacted copy at its next pull).
 */
export function redactPushedForErased(store: Store, eventId: string, rows: JudgeEventRow[]): JudgeEventRow[] {
	if (!rows.some((r) => r.entryId !== null && r.json.includes('"accompaniedBy"'))) return rows;
	const erased = new Set<string>();
	for (const person of listPeople(store, eventId)) if (person.erasedAt !== undefined) for (const id of entryIdsOfPerson(store, eventId, person.id)) erased.add(id);
	if (erased.size === 0) return rows;
	return rows.map((r) => {
		if (r.entryId === null || !erased.has(r.entryId) || !r.json.includes('"accompaniedBy"')) return r;
		const redacted = redactedEvent(JSON.parse(r.json) as LooseEvent);
		return redacted ? { ...r, json: JSON.stringify(redacted) } : r;
	});
}

/**
 * Copies the write-ahead log into the database file and empties it (truncated to nothing), so
 * that the values just erased are left in neither file (with `secure_delete`, which Store sets,
 * SQLite zeroes what it frees). A read transaction still open on another connection (a backup
 * being sent) keeps the log: tried again every `retryMs` until it works or `tries` run out.
 * Returns whether it worked at once.
 */
export function truncateLog(store: Store, retryMs = 2_000, tries = 30): boolean {
	if (!store.db.open) return false;
	// A reader here is one of this process's connections: waiting for it on this thread would only block it.
	const timeout = store.db.pragma('busy_timeout', { simple: true }) as number;
	store.db.pragma('busy_timeout = 0');
	let done = false;
	try {
		const [result] = store.db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number; checkpointed: number }[];
		done = result !== undefined && result.busy === 0;
	} catch {
		done = false;
	} finally {
		store.db.pragma(`busy_timeout = ${timeout}`);
	}
	if (!done && tries > 1) setTimeout(() => truncateLog(store, retryMs, tries - 1), retryMs).unref?.();
	return done;
}
