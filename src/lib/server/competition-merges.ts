import { error } from '@sveltejs/kit';
import '$lib/zod-locale';
import { CompetitionMergeRequestSchema, CompetitionMergeSchema, type CompetitionMerge } from '$lib/setup/schema';
import { mergeProblems, type MergeProblem } from '$lib/setup/merge-problems';
import { canonicalJson } from '$lib/events/order';
import { describeIssues, toIssues } from '$lib/validation';
import type { Store } from './store';
import type { Device } from '$lib/contract';

/**
 * Competitions merged by the organizer (docs/sync.md, Merging competitions), table
 * `competition_merges` (migration 8). A merge is set-up data: recorded once, never changed,
 * delivered to devices with the set-up and applied wherever merged data is scored
 * (src/lib/files/apply-merges.ts); no judge event is rewritten. Rows are validated with
 * CompetitionMergeSchema on the way in and on the way out.
 */

/** The event's merges in the order they were recorded. */
export function listMerges(store: Store, eventId: string): CompetitionMerge[] {
	const rows = store.db.prepare('SELECT json FROM competition_merges WHERE event_id = ? ORDER BY recorded_at, rowid').pluck().all(eventId) as string[];
	return rows.map((json) => CompetitionMergeSchema.parse(JSON.parse(json)));
}

/** The competition the given one was folded into, if it was. */
export function foldedInto(store: Store, eventId: string, competitionId: string): string | undefined {
	return store.db.prepare('SELECT kept_competition_id FROM competition_merges WHERE event_id = ? AND folded_competition_id = ?').pluck().get(eventId, competitionId) as
		| string
		| undefined;
}

/** IDs of the event's competitions that a judge set up on a tablet (quick set-up): the ones that may be folded into another. */
export function deviceCompetitionIds(store: Store, eventId: string): string[] {
	return store.db.prepare("SELECT id FROM competitions WHERE event_id = ? AND origin = 'device' ORDER BY position, rowid").pluck().all(eventId) as string[];
}

/** Stores a merge (validated again); the caller has checked it against the set-up. */
export function insertMerge(store: Store, merge: CompetitionMerge): void {
	const m = CompetitionMergeSchema.parse(merge);
	store.db
		.prepare('INSERT INTO competition_merges (id, event_id, kept_competition_id, folded_competition_id, json, recorded_at) VALUES (?, ?, ?, ?, ?, ?)')
		.run(m.id, m.eventId, m.keptCompetitionId, m.foldedCompetitionId, JSON.stringify(m), m.recordedAt);
}

/** A merge's problems against what the server holds of its event (mergeProblems), the merge itself left out of the merges. */
export function problemsOnServer(store: Store, merge: CompetitionMerge, complete: boolean): MergeProblem[] {
	const summaries = store.listCompetitions(merge.eventId);
	const named = summaries.filter((s) => s.competition.id === merge.keptCompetitionId || s.competition.id === merge.foldedCompetitionId);
	return mergeProblems(
		merge,
		{
			competitions: summaries.map((s) => s.competition),
			heats: named.flatMap((s) => store.listHeats(merge.eventId, s.competition.id)),
			entries: named.flatMap((s) => store.listEntries(merge.eventId, s.competition.id)),
			merges: listMerges(store, merge.eventId).filter((m) => m.id !== merge.id)
		},
		{ complete }
	);
}

/**
 * Records a merge of two competitions of the device's (organizer's) event, in one transaction.
 * Every item named must belong to that event: a competition it does not hold answers 404 (IDs
 * are the event's own; what another event holds is neither used nor shown); a heat or entry not
 * of the named competition 400. 400 also when the request is not valid or a heat or entry of the
 * folded-in competition is not linked, or the folded-in competition was set up by the organizer
 * (only a tablet's quick set-up is folded into another); 409 when it would make a chain (a merge
 * can't be merged into a third), the folded-in competition has published results, the kept one's
 * are final, or the ID is taken by another merge of the event. The same request again answers
 * the merge recorded (created: false).
 */
export function recordMerge(store: Store, device: Device, body: unknown, now: number): { merge: CompetitionMerge; created: boolean } {
	const parsed = CompetitionMergeRequestSchema.safeParse(body);
	if (!parsed.success) error(400, describeIssues(toIssues(parsed.error)));
	const request = parsed.data;
	const eventId = device.eventId;
	return store.transaction(() => {
		for (const id of [request.keptCompetitionId, request.foldedCompetitionId]) {
			if (!store.getCompetition(eventId, id)) error(404, `no competition "${id}" in this event`);
		}
		// Merge IDs are the event's own (migration 19): one recorded in another event is not seen here.
		const stored = store.db.prepare('SELECT json FROM competition_merges WHERE event_id = ? AND id = ?').pluck().get(eventId, request.id) as string | undefined;
		if (stored !== undefined) {
			const merge = CompetitionMergeSchema.parse(JSON.parse(stored));
			const { eventId: _event, recordedBy: _by, recordedAt: _at, ...asked } = merge;
			if (canonicalJson(asked) === canonicalJson(request)) return { merge, created: false };
			error(409, `a merge "${request.id}" is already recorded with other content`);
		}
		const origin = store.db.prepare('SELECT origin FROM competitions WHERE event_id = ? AND id = ?').pluck().get(eventId, request.foldedCompetitionId) as string;
		if (origin !== 'device')
			error(400, `competition "${request.foldedCompetitionId}" was set up by the organizer: only a competition set up on a tablet (quick set-up) can be folded into another`);
		const merge: CompetitionMerge = { ...request, eventId, recordedBy: { tokenId: device.id, label: device.label }, recordedAt: now };
		const problems = problemsOnServer(store, merge, true);
		if (problems.length > 0)
			error(problems.some((p) => p.kind === 'chain') ? 409 : 400, `the merge was not recorded: ${problems.map((p) => `${p.path.join('.')}: ${p.message}`).join('; ')}`);
		const latest = (id: string) =>
			store.db.prepare('SELECT state FROM publications WHERE event_id = ? AND competition_id = ? ORDER BY version DESC LIMIT 1').pluck().get(eventId, id) as string | undefined;
		if (latest(request.foldedCompetitionId) !== undefined)
			error(409, `competition "${request.foldedCompetitionId}" has published results: a published competition cannot be folded into another`);
		if (latest(request.keptCompetitionId) === 'final') error(409, `competition "${request.keptCompetitionId}" is final: its results are locked`);
		insertMerge(store, merge);
		return { merge, created: true };
	});
}
