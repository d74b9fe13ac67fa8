import { error } from '@sveltejs/kit';
import { DecideProtestSchema, RecordProtestSchema, type Device, type Protest, type PublicProtests } from '$lib/contract';
import { canonicalJson } from '$lib/events/order';
import { IdSchema } from '$lib/setup/schema';
import { describeIssues, toIssues } from '$lib/validation';
import type { Store } from './store';

/**
 * Protests on the record (issue 33 #3; docs/sync.md, Protests). A protest is recorded only while
 * the competition's latest published version is inside its protest window, decided (upheld or
 * rejected, with reasons) any time before the final lock, and answered by the next version
 * published after its decision (publications.ts calls answerDecidedProtests). The final lock is
 * refused while one is open (openProtestsRefusal).
 */

export type ProtestRow = {
	event_id: string;
	id: string;
	competition_id: string;
	entry_ids: string;
	raised_by: string;
	claim: string;
	raised_at: number;
	publication_version: number;
	photo_hashes: string;
	state: Protest['state'];
	decided_at: number | null;
	decision_reason: string | null;
	correction_event_ids: string;
	answered_by_version: number | null;
	recorded_by: string;
	recorded_at: number;
};

/** A stored row as the contract's protest (its JSON columns were validated when they came in). */
export function protestOf(r: ProtestRow): Protest {
	return {
		id: r.id,
		eventId: r.event_id,
		competitionId: r.competition_id,
		entryIds: JSON.parse(r.entry_ids) as string[],
		raisedBy: r.raised_by,
		claim: r.claim,
		raisedAt: r.raised_at,
		publicationVersion: r.publication_version,
		photoHashes: JSON.parse(r.photo_hashes) as string[],
		state: r.state,
		decidedAt: r.decided_at,
		decisionReason: r.decision_reason,
		correctionEventIds: JSON.parse(r.correction_event_ids) as string[],
		answeredByVersion: r.answered_by_version,
		recordedBy: r.recorded_by,
		recordedAt: r.recorded_at
	};
}

/** The columns of a protest, in the table's order (the restore writes the same). */
export function protestColumns(p: Protest): unknown[] {
	return [
		p.id, p.competitionId, JSON.stringify(p.entryIds), p.raisedBy, p.claim, p.raisedAt, p.publicationVersion, JSON.stringify(p.photoHashes),
		p.state, p.decidedAt, p.decisionReason, JSON.stringify(p.correctionEventIds), p.answeredByVersion, p.recordedBy, p.recordedAt
	];
}

const iso = (ms: number) => new Date(ms).toISOString();
/** How far ahead of the server's clock a given "handed in at" may be (the organizer's device clock). */
const CLOCK_SLACK_MS = 60_000;

type LatestPublication = { version: number; state: string; published_at: number; protest_until: number | null };

function latestPublication(store: Store, eventId: string, competitionId: string): LatestPublication | undefined {
	return store
		.stmt('SELECT version, state, published_at, protest_until FROM publications WHERE event_id = ? AND competition_id = ? ORDER BY version DESC LIMIT 1')
		.get(eventId, competitionId) as LatestPublication | undefined;
}

function readRow(store: Store, eventId: string, id: string): ProtestRow | undefined {
	return store.stmt('SELECT * FROM protests WHERE event_id = ? AND id = ?').get(eventId, id) as ProtestRow | undefined;
}

/** The event's protests (of one competition), oldest first. */
export function listProtests(store: Store, eventId: string, competitionId?: string): Protest[] {
	const rows = (
		competitionId === undefined
			? store.stmt('SELECT * FROM protests WHERE event_id = ? ORDER BY raised_at, recorded_at, id').all(eventId)
			: store.stmt('SELECT * FROM protests WHERE event_id = ? AND competition_id = ? ORDER BY raised_at, recorded_at, id').all(eventId, competitionId)
	) as ProtestRow[];
	return rows.map(protestOf);
}

/** The protests about an entry of the event (its audit trail), oldest first. */
export function protestsOfEntry(store: Store, eventId: string, entryId: string): Protest[] {
	const rows = store
		.stmt('SELECT p.* FROM protests p WHERE p.event_id = ? AND EXISTS (SELECT 1 FROM json_each(p.entry_ids) e WHERE e.value = ?) ORDER BY p.raised_at, p.recorded_at, p.id')
		.all(eventId, entryId) as ProtestRow[];
	return rows.map(protestOf);
}

/**
 * Records a protest (201). 400 for a body that is not one or names an entry not of the competition;
 * 404 for an unknown competition; 409 outside the protest window (the message says which window
 * and when it closed). A retry with the same ID and the same claim answers the stored protest.
 */
export function recordProtest(store: Store, device: Device, eventId: string, body: unknown, now: number): { protest: Protest; created: boolean } {
	const input = RecordProtestSchema.safeParse(body);
	if (!input.success) error(400, describeIssues(toIssues(input.error)));
	const r = input.data;
	return store.transaction(() => {
		const competition = store.getCompetition(eventId, r.competitionId);
		if (!competition) error(404, `no competition "${r.competitionId}" in this event`);
		const existing = readRow(store, eventId, r.id);
		if (existing) {
			const same = existing.competition_id === r.competitionId && existing.claim === r.claim && existing.raised_by === r.raisedBy && canonicalJson(JSON.parse(existing.entry_ids)) === canonicalJson(r.entryIds);
			if (!same) error(409, `a different protest "${r.id}" is already recorded in this event`);
			return { protest: protestOf(existing), created: false };
		}
		const latest = latestPublication(store, eventId, r.competitionId);
		const name = `"${competition.name}"`;
		if (!latest) error(409, `competition ${name} is not published: a protest is recorded during the protest window of its published results`);
		if (latest.state === 'final') error(409, `competition ${name} is final (version ${latest.version}): its results are locked, no protest can be recorded`);
		if (latest.protest_until === null) error(409, `version ${latest.version} of competition ${name} was published without a protest window: a protest can be recorded only during one`);
		if (now >= latest.protest_until)
			error(409, `the protest window of version ${latest.version} of competition ${name} (${iso(latest.published_at)} to ${iso(latest.protest_until)}) closed at ${iso(latest.protest_until)}: no protest can be recorded after it`);
		const entries = new Set(r.entryIds);
		if (entries.size !== r.entryIds.length) error(400, 'entryIds: an entry is named twice');
		for (const entryId of r.entryIds) {
			const entry = store.getEntry(eventId, entryId);
			if (!entry || entry.competitionId !== r.competitionId) error(400, `entryIds: "${entryId}" is not an entry of competition ${name}`);
		}
		const raisedAt = r.raisedAt ?? now;
		// A time typed to the minute may name the minute of publishing itself.
		if (raisedAt < latest.published_at - (latest.published_at % 60_000) || raisedAt > now + CLOCK_SLACK_MS)
			error(400, `raisedAt: a protest is handed in between the publication of version ${latest.version} (${iso(latest.published_at)}) and now`);
		const photoHashes = [...new Set(r.photoHashes ?? [])];
		const protest: Protest = {
			id: r.id, eventId, competitionId: r.competitionId, entryIds: r.entryIds, raisedBy: r.raisedBy, claim: r.claim, raisedAt,
			publicationVersion: latest.version, photoHashes, state: 'open', decidedAt: null, decisionReason: null, correctionEventIds: [],
			answeredByVersion: null, recordedBy: device.id, recordedAt: now
		};
		insertProtest(store, eventId, protest);
		return { protest, created: true };
	});
}

export function insertProtest(store: Store, eventId: string, p: Protest): void {
	store.stmt(`INSERT INTO protests (event_id, id, competition_id, entry_ids, raised_by, claim, raised_at, publication_version, photo_hashes, state,
		decided_at, decision_reason, correction_event_ids, answered_by_version, recorded_by, recorded_at) VALUES (?, ${Array(15).fill('?').join(', ')})`).run(eventId, ...protestColumns(p));
}

/**
 * Decides an open protest. 400 for a body that is not a decision, a rejected one naming
 * corrections, or a correction event not in the event or not about one of the protest's entries;
 * 404 for an unknown protest; 409 when it is decided already or its competition is final.
 */
export function decideProtest(store: Store, eventId: string, protestId: string, body: unknown, now: number): Protest {
	const input = DecideProtestSchema.safeParse(body);
	if (!input.success) error(400, describeIssues(toIssues(input.error)));
	const d = input.data;
	const corrections = [...new Set(d.correctionEventIds ?? [])];
	return store.transaction(() => {
		const row = IdSchema.safeParse(protestId).success ? readRow(store, eventId, protestId) : undefined;
		if (!row) error(404, `no protest "${protestId.slice(0, 80)}" in this event`);
		if (row.state !== 'open') error(409, `protest "${protestId}" was decided already (${row.state}, ${iso(row.decided_at ?? 0)})`);
		const latest = latestPublication(store, eventId, row.competition_id);
		if (latest?.state === 'final') error(409, `competition "${row.competition_id}" is final: its protests can no longer be decided`);
		if (d.decision === 'rejected' && corrections.length > 0) error(400, 'correctionEventIds: a rejected protest carries no correction');
		const entryIds = new Set(JSON.parse(row.entry_ids) as string[]);
		const byId = store.stmt('SELECT entry_id, competition_id FROM judge_events WHERE event_id = ? AND id = ?');
		for (const id of corrections) {
			const event = byId.get(eventId, id) as { entry_id: string | null; competition_id: string } | undefined;
			if (!event) error(400, `correctionEventIds: no event "${id}" in this event (push it from the organizer's device first)`);
			if (event.competition_id !== row.competition_id || event.entry_id === null || !entryIds.has(event.entry_id))
				error(400, `correctionEventIds: event "${id}" is not about an entry the protest names`);
		}
		store
			.stmt('UPDATE protests SET state = ?, decided_at = ?, decision_reason = ?, correction_event_ids = ? WHERE event_id = ? AND id = ?')
			.run(d.decision, now, d.reason, JSON.stringify(corrections), eventId, protestId);
		return protestOf(readRow(store, eventId, protestId)!);
	});
}

/** Called while publishing `version`: every decided protest of the competition not yet answered is answered by it. */
export function answerDecidedProtests(store: Store, eventId: string, competitionId: string, version: number): void {
	store
		.stmt("UPDATE protests SET answered_by_version = ? WHERE event_id = ? AND competition_id = ? AND state <> 'open' AND answered_by_version IS NULL")
		.run(version, eventId, competitionId);
}

/** The final lock's refusal while protests of the competition are open (null when none is). */
export function openProtestsRefusal(store: Store, eventId: string, competitionId: string): string | null {
	const open = listProtests(store, eventId, competitionId).filter((p) => p.state === 'open');
	if (open.length === 0) return null;
	const names = (p: Protest) => p.entryIds.map((id) => store.getEntry(eventId, id)?.name ?? id).join(', ');
	const list = open.map((p) => `"${p.id}" (about ${names(p)}, raised ${iso(p.raisedAt)})`).join('; ');
	return `competition "${competitionId}" cannot be made final while ${open.length === 1 ? 'a protest is' : `${open.length} protests are`} open: ${list}; decide ${open.length === 1 ? 'it' : 'them'} first`;
}

/** The entries of the competition an open protest names: marked "under protest" on the public pages. */
export function entriesUnderProtest(store: Store, eventId: string, competitionId: string): Set<string> {
	const lists = store.stmt("SELECT entry_ids FROM protests WHERE event_id = ? AND competition_id = ? AND state = 'open'").pluck().all(eventId, competitionId) as string[];
	return new Set(lists.flatMap((l) => JSON.parse(l) as string[]));
}

/**
 * What the public sees (contract PublicProtestsSchema): the entries with an open protest, and
 * which version answered which protest, with the entries' names as that version shows them.
 */
export function publicProtests(store: Store, eventId: string, competitionId: string, namesOf: (version: number) => ReadonlyMap<string, string>): PublicProtests {
	const protests = listProtests(store, eventId, competitionId);
	const underProtest = [...entriesUnderProtest(store, eventId, competitionId)];
	const answered = protests
		.filter((p): p is Protest & { answeredByVersion: number; state: 'upheld' | 'rejected' } => p.answeredByVersion !== null && p.state !== 'open')
		.sort((a, b) => a.answeredByVersion - b.answeredByVersion)
		.map((p) => {
			const names = namesOf(p.answeredByVersion);
			return { version: p.answeredByVersion, entryNames: p.entryIds.map((id) => names.get(id) ?? store.getEntry(eventId, id)?.name ?? id), decision: p.state };
		});
	return { underProtest, answered };
}
