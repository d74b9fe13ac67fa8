import { error } from '@sveltejs/kit';
import { SetupWriteSchema, type SetupCounts, type SetupResponse } from '$lib/contract';
import { describeIssues, toIssues } from '$lib/validation';
import { advancesToColumn, type Store } from './store';
import { deviceCompetitionIds, listMerges } from './competition-merges';
import { competitionStartedAt } from './competition-started';
import { doubleSeats } from '$lib/seating/double-seats';

/**
 * Saves the organizer's set-up for `eventId` in one transaction: new items are added, items
 * whose ID exists in this event are replaced (a registration changed), a ruleset version is never
 * changed (CZ-GEN-CHANGES: a change is a new version). IDs are the event's own: one that another
 * event uses too is simply this event's (no conflict, nothing said of the other event). Everything
 * must belong to this event; any problem refuses the whole request (400/409) and nothing is written.
 */
export function saveOrganizerSetup(store: Store, eventId: string, body: unknown): SetupCounts {
	const parsed = SetupWriteSchema.safeParse(body);
	if (!parsed.success) error(400, describeIssues(toIssues(parsed.error)));
	const { rulesets, competitions, heats, entries } = parsed.data;
	const db = store.db;
	return store.transaction(() => {
		// IDs are the event's own (store.ts, migration 19): the same ID in another event is another item, never a conflict.
		const inThisEvent = (table: 'competitions' | 'heats' | 'entries', id: string) => db.prepare(`SELECT 1 FROM ${table} WHERE event_id = ? AND id = ?`).get(eventId, id) !== undefined;
		const heatCompetition = db.prepare('SELECT competition_id FROM heats WHERE event_id = ? AND id = ?').pluck();
		for (const r of rulesets) {
			const stored = store.getRuleset(r.id, r.version);
			if (stored && JSON.stringify(stored) !== JSON.stringify(r))
				error(409, `ruleset ${r.id} version ${r.version} is already stored with other content: give it a new version`);
		}
		store.insertSetup({ rulesets });
		const ownCompetitions = new Set(competitions.map((c) => c.id));
		for (const c of competitions) {
			if (c.eventId !== eventId) error(400, `competition ${c.id}: eventId must be "${eventId}"`);
			if (!store.getRuleset(c.ruleset.id, c.ruleset.version)) error(400, `competition ${c.id}: ruleset ${c.ruleset.id} version ${c.ruleset.version} is not on the server: send it too`);
			const stored = store.getCompetition(eventId, c.id);
			if (stored === undefined) store.insertSetup({ competitions: [c] });
			else {
				const was = stored.ruleset;
				if ((was.id !== c.ruleset.id || was.version !== c.ruleset.version) && competitionStartedAt(store, eventId, c.id) !== null)
					error(409, `competition ${c.id} has started: its ruleset version ${was.id}@${was.version} is frozen and cannot change (CZ-GEN-CHANGES)`);
				db.prepare('UPDATE competitions SET name = ?, ruleset_id = ?, ruleset_version = ?, advances_to = ? WHERE event_id = ? AND id = ?').run(
					c.name, c.ruleset.id, c.ruleset.version, advancesToColumn(c), eventId, c.id
				);
			}
		}
		const inEvent = (competitionId: string) => ownCompetitions.has(competitionId) || inThisEvent('competitions', competitionId);
		for (const c of competitions) {
			const final = c.advancesTo?.competitionId;
			if (final === undefined) continue;
			if (final === c.id) error(400, `competition ${c.id}: its final must be another competition`);
			if (!inEvent(final)) error(400, `competition ${c.id}: final ${final} is not part of this event`);
		}
		for (const h of heats) {
			if (!inEvent(h.competitionId)) error(400, `heat ${h.id}: competition ${h.competitionId} is not part of this event`);
			const was = heatCompetition.get(eventId, h.id) as string | undefined;
			if (was !== undefined && was !== h.competitionId) error(409, `heat ${h.id} belongs to competition ${was}`);
			if (was === undefined) store.insertSetup({ eventId, heats: [h] });
			else db.prepare('UPDATE heats SET name = ? WHERE event_id = ? AND id = ?').run(h.name, eventId, h.id);
		}
		for (const e of entries) {
			if (!inEvent(e.competitionId)) error(400, `entry ${e.id}: competition ${e.competitionId} is not part of this event`);
			if (heatCompetition.get(eventId, e.heatId) !== e.competitionId) error(400, `entry ${e.id}: heat ${e.heatId} is not a heat of competition ${e.competitionId}`);
			if (!inThisEvent('entries', e.id)) store.insertSetup({ eventId, entries: [e] });
			else
				db.prepare('UPDATE entries SET competition_id = ?, heat_id = ?, name = ?, members = ?, table_label = ?, seat = ? WHERE event_id = ? AND id = ?').run(
					e.competitionId, e.heatId, e.name, JSON.stringify(e.members), e.table ?? null, e.seat ?? null, eventId, e.id
				);
		}
		refuseDoubleSeats(store, eventId, entries);
		return { rulesets: rulesets.length, competitions: competitions.length, heats: heats.length, entries: entries.length };
	});
}

/**
 * A seat never holds two entries (issue 15, Seating): after the write, the heats it touched
 * must have each table and seat once; otherwise 409 naming the seat and who holds it, and the
 * transaction writes nothing. Two organizer devices seating from stale copies are caught here.
 */
function refuseDoubleSeats(store: Store, eventId: string, written: readonly { competitionId: string; heatId: string }[]): void {
	const heats = new Set(written.map((e) => e.heatId));
	for (const competitionId of new Set(written.map((e) => e.competitionId))) {
		const stored = store.listEntries(eventId, competitionId);
		const clash = doubleSeats(stored).find((d) => heats.has(d.heatId));
		if (clash) {
			const names = clash.entryIds.map((id) => stored.find((e) => e.id === id)?.name ?? id).join(', ');
			error(409, `table ${clash.table} seat ${clash.seat} of heat ${clash.heatId} would hold two entries (${names}): a seat holds one entry`);
		}
	}
}

/**
 * Everything a device needs to judge the event: the event, its competitions with their rulesets,
 * heats and entries, the competitions merged by the organizer, and which competitions were set
 * up on tablets (the ones that may be folded into another).
 */
export function eventSetup(store: Store, eventId: string): SetupResponse | undefined {
	const event = store.getEvent(eventId);
	if (!event) return undefined;
	const summaries = store.listCompetitions(eventId);
	const rulesets = new Map(summaries.map((s) => [`${s.ruleset.id}@${s.ruleset.version}`, s.ruleset]));
	return {
		event,
		rulesets: [...rulesets.values()],
		competitions: summaries.map((s) => s.competition),
		heats: summaries.flatMap((s) => store.listHeats(eventId, s.competition.id)),
		entries: summaries.flatMap((s) => store.listEntries(eventId, s.competition.id)),
		merges: listMerges(store, eventId),
		deviceCompetitionIds: deviceCompetitionIds(store, eventId)
	};
}
