import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { twoQuickSetups, EVENT, MIN, T0 } from '$lib/files/two-quick-setups.testkit';
import { CompetitionMergeSchema, type CompetitionMergeRequest } from '$lib/setup/schema';
import { backupLinesOf, restoreAnswer, restoreText, textOf, withItems } from './backup.testkit';
import { listMerges, recordMerge } from './competition-merges';
import { answerOf } from './http-error.testkit';
import { eventSetup, saveOrganizerSetup } from './organizer-setup';
import { computeSnapshot, finalize, publish } from './publications';
import { MIGRATIONS } from './migrations';
import { Store } from './store';
import { pushEvents } from './sync-push';
import { issueToken } from './tokens';
import { openTwoEventStore, openTwoEvents } from './two-events.testkit';
import { presetById } from '$lib/rules/presets';
import { storePerTest } from './store-per-test.testkit';

let store: Store;
const others: { dir: string; store: Store }[] = [];

/** Event `ev` (and `spring`, `autumn`) with two tablets that each pushed their quick set-up of "Quick CZ" and its events. */
function twoTablets(s: Store) {
	s.insertSetup({ events: [{ id: EVENT, name: 'Puzzle day', date: '2026-05-16' }] });
	const t = twoQuickSetups();
	const org = issueToken(s, { eventId: EVENT, role: 'organizer', label: 'Desk', now: T0 });
	const tabletA = issueToken(s, { eventId: EVENT, role: 'judge', label: 'Table A', now: T0 });
	const tabletB = issueToken(s, { eventId: EVENT, role: 'judge', label: 'Table B', now: T0 });
	// As the tablets push them: the quick set-up still under the tablet's own day.
	const onTablet = (q: typeof t.a) => ({ rulesets: q.rulesets, competitions: q.competitions.map((c) => ({ ...c, eventId: 'day-2026-05-16' })), heats: q.heats, entries: q.entries });
	expect(pushEvents(s, tabletA, { events: t.logA.events, setup: onTablet(t.a) }, T0 + MIN).setupAdded).toEqual([t.a.competitionId]);
	expect(pushEvents(s, tabletB, { events: t.logB.events, setup: onTablet(t.b) }, T0 + MIN).setupAdded).toEqual([t.b.competitionId]);
	const { eventId: _e, recordedBy: _b, recordedAt: _a, ...request } = t.merge;
	return { t, org, request: request as CompetitionMergeRequest };
}

storePerTest(openTwoEvents, (s) => (store = s));
afterEach(() => {
	for (const o of others.splice(0)) {
		o.store.close();
		rmSync(o.dir, { recursive: true, force: true });
	}
});

describe('merging competitions on the server', () => {
	it('records the merge as set-up (who, when, reason, the links), delivered with the set-up; migration 8 made its table', () => {
		const { t, org, request } = twoTablets(store);
		expect(store.userVersion).toBe(MIGRATIONS.length);
		expect(MIGRATIONS.length).toBeGreaterThanOrEqual(8);
		const { merge, created } = recordMerge(store, org, request, T0 + 2 * MIN);
		expect(created).toBe(true);
		expect(merge).toEqual({ ...t.merge, recordedBy: { tokenId: org.id, label: 'Desk' }, recordedAt: T0 + 2 * MIN });
		expect(listMerges(store, EVENT)).toEqual([merge]);
		const setup = eventSetup(store, EVENT)!;
		expect(setup.merges).toEqual([merge]);
		expect(setup.deviceCompetitionIds).toEqual([t.a.competitionId, t.b.competitionId]);
		// Both competitions stay in the set-up: devices that judge either keep working, nothing is rewritten.
		expect(setup.competitions.map((c) => c.id)).toEqual([t.a.competitionId, t.b.competitionId]);
		expect(store.judgeEventsOfEvent(EVENT, 0, 100).events.filter((e) => e.competitionId === t.b.competitionId)).toHaveLength(t.logB.events.length);
		// Stored as validated JSON; the same request again answers the same merge.
		const row = store.db.prepare('SELECT json FROM competition_merges').pluck().get() as string;
		expect(CompetitionMergeSchema.parse(JSON.parse(row))).toEqual(merge);
		expect(recordMerge(store, org, { ...request, reason: `  ${request.reason} ` }, T0 + 9 * MIN)).toEqual({ merge, created: false });
		expect(answerOf(() => recordMerge(store, org, { ...request, reason: 'another reason' }, T0))).toEqual({ status: 409, message: expect.stringMatching(/already recorded with other content/) });
	});

	it('publishes the kept competition with the folded one’s entries and events; the folded one cannot be published', () => {
		const { t, org, request } = twoTablets(store);
		recordMerge(store, org, request, T0 + 2 * MIN);
		const snapshot = computeSnapshot(store, EVENT, t.a.competitionId, T0 + 2 * 60 * MIN);
		expect(snapshot.rows.map((r) => [r.name, r.place, r.finalTimeMs])).toEqual([
			['Ana', 1, 40 * MIN],
			['Bob', 2, 45 * MIN],
			['Dora', 3, 50 * MIN - 2000],
			['Cyril', null, null]
		]);
		// Ana's two finishes (both tablets) and the two starts of Ana and Bob: for the organizer to resolve.
		expect(snapshot.conflicts).toBe(3);
		expect(answerOf(() => publish(store, EVENT, t.b.competitionId, { now: T0 }))).toEqual({ status: 409, message: expect.stringMatching(/was merged into "q-aaaa"/) });
	});

	it('every item must be of the organizer’s event; links must be complete and valid; only a tablet’s competition is folded', () => {
		const { t, org, request } = twoTablets(store);
		const ruleset = presetById('czjpa-individual')!;
		saveOrganizerSetup(store, 'spring', {
			rulesets: [ruleset],
			competitions: [{ id: 'spring-c', eventId: 'spring', name: 'Spring', ruleset: { id: ruleset.id, version: ruleset.version } }],
			heats: [{ id: 'spring-h', competitionId: 'spring-c', name: 'Heat 1' }],
			entries: [{ id: 'spring-e', competitionId: 'spring-c', heatId: 'spring-h', name: 'Ana' }]
		});
		saveOrganizerSetup(store, EVENT, {
			competitions: [{ id: 'org-c', eventId: EVENT, name: 'Individual', ruleset: { id: ruleset.id, version: ruleset.version } }],
			heats: [{ id: 'org-h', competitionId: 'org-c', name: 'Heat 1' }]
		});
		const springOrg = issueToken(store, { eventId: 'spring', role: 'organizer', label: 'Spring desk', now: T0 });
		const status = (body: unknown, device = org) => answerOf(() => recordMerge(store, device, body, T0 + 3 * MIN));
		// Another event's competition, as kept or folded, or asked by another event's organizer: not found.
		expect(status({ ...request, keptCompetitionId: 'spring-c' })).toEqual({ status: 404, message: 'no competition "spring-c" in this event' });
		expect(status({ ...request, foldedCompetitionId: 'spring-c' }).status).toBe(404);
		expect(status(request, springOrg).status).toBe(404);
		// Another event's heat or entry in a link.
		expect(status({ ...request, heats: [{ from: t.b.heatId, to: 'spring-h' }] })).toEqual({ status: 400, message: expect.stringMatching(/heats\.0\.to: heat "spring-h" is not a heat of competition "q-aaaa"/) });
		expect(status({ ...request, entries: [...request.entries.slice(1), { from: 'spring-e', to: null }] }).status).toBe(400);
		expect(status({ ...request, entries: [...request.entries.slice(0, 2), { from: t.seat(t.b, 3), to: 'spring-e' }] }).status).toBe(400);
		// Incomplete, invalid, of the organizer's own competition, into itself.
		expect(status({ ...request, entries: request.entries.slice(1) })).toEqual({ status: 400, message: expect.stringMatching(/entry "q-bbbb-s1" of competition "q-bbbb" is not linked/) });
		expect(status({ ...request, reason: '' }).status).toBe(400);
		expect(status({ ...request, id: 'bad id' }).status).toBe(400);
		expect(status({ ...request, keptCompetitionId: t.b.competitionId, foldedCompetitionId: 'org-c', heats: [{ from: 'org-h', to: null }], entries: [] })).toEqual({ status: 400, message: expect.stringMatching(/set up by the organizer/) });
		expect(status({ ...request, keptCompetitionId: t.b.competitionId }).status).toBe(400);
		expect(listMerges(store, EVENT)).toEqual([]);
		// Into the organizer's competition: allowed (its heat takes the tablet's, every entry as new).
		expect(status({ ...request, id: 'into-org', keptCompetitionId: 'org-c', heats: [{ from: t.b.heatId, to: 'org-h' }], entries: request.entries.map((l) => ({ ...l, to: null })) }).status).toBe(200);
	});

	it('no chains, nothing published folded in, nothing into final results', () => {
		const { t, org, request } = twoTablets(store);
		publish(store, EVENT, t.b.competitionId, { now: T0 + MIN });
		expect(answerOf(() => recordMerge(store, org, request, T0 + 2 * MIN))).toEqual({ status: 409, message: expect.stringMatching(/has published results/) });
		// The other way round, into B while B's results are final: locked.
		finalize(store, EVENT, t.b.competitionId, T0 + 2 * MIN);
		const back = { ...request, id: 'back', keptCompetitionId: t.b.competitionId, foldedCompetitionId: t.a.competitionId, heats: [{ from: t.a.heatId, to: t.b.heatId }], entries: request.entries.map((l) => ({ from: l.to ?? t.seat(t.a, 3), to: l.to === null ? null : l.from })) };
		expect(answerOf(() => recordMerge(store, org, back, T0 + 3 * MIN))).toEqual({ status: 409, message: expect.stringMatching(/is final/) });
		expect(listMerges(store, EVENT)).toEqual([]);
	});

	it('a merge cannot be merged into a third (409)', () => {
		const { t, org, request } = twoTablets(store);
		recordMerge(store, org, request, T0 + 2 * MIN);
		const c = twoQuickSetups();
		// A third tablet's quick set-up "q-cccc": B (folded) cannot take it in, nor A be folded into it.
		const third = { ...c.a, competitions: c.a.competitions.map((x) => ({ ...x, id: 'q-cccc' })), heats: [{ ...c.a.heats[0]!, id: 'q-cccc-h1', competitionId: 'q-cccc' }], entries: [] };
		const tabletC = issueToken(store, { eventId: EVENT, role: 'judge', label: 'Table C', now: T0 });
		pushEvents(store, tabletC, { events: [], setup: { rulesets: third.rulesets, competitions: third.competitions, heats: third.heats, entries: [] } }, T0);
		const intoFolded = { id: 'm2', keptCompetitionId: t.b.competitionId, foldedCompetitionId: 'q-cccc', heats: [{ from: 'q-cccc-h1', to: null }], entries: [], reason: 'x' };
		expect(answerOf(() => recordMerge(store, org, intoFolded, T0))).toEqual({ status: 409, message: expect.stringMatching(/merge into that one instead/) });
		const keptAway = { id: 'm3', keptCompetitionId: 'q-cccc', foldedCompetitionId: t.a.competitionId, heats: [{ from: t.a.heatId, to: null }], entries: [1, 2, 3].map((n) => ({ from: t.seat(t.a, n), to: null })), reason: 'x' };
		expect(answerOf(() => recordMerge(store, org, keptAway, T0))).toEqual({ status: 409, message: expect.stringMatching(/cannot be merged into a third/) });
		// The kept one may take in more.
		expect(answerOf(() => recordMerge(store, org, { ...intoFolded, id: 'm4', keptCompetitionId: t.a.competitionId }, T0)).status).toBe(200);
	});

	it('a backup carries the merges and a restore brings them back; a restored merge is checked', async () => {
		const { org, request } = twoTablets(store);
		const { merge } = recordMerge(store, org, request, T0 + 2 * MIN);
		const backup = backupLinesOf(store, EVENT, T0 + 3 * MIN);
		expect(backup.filter((l) => l.kind === 'merge').map((l) => l.merge)).toEqual([merge]);
		const target = openTwoEventStore('puzzle-judge-merges-restore-');
		others.push(target);
		const withMerge = (m: unknown) => textOf(withItems(backup, 'merge', (l) => ({ ...l, merge: m })));
		expect(await restoreAnswer(target.store, withMerge({ ...merge, entries: [{ from: 'nobody', to: null }] }))).toEqual({ status: 400, message: expect.stringMatching(/merge merge-1: entries\.0\.from/) });
		expect((await restoreAnswer(target.store, withMerge({ ...merge, reason: '' }))).status).toBe(400);
		expect(target.store.getEvent(EVENT)).toBeUndefined();
		expect((await restoreText(target.store, textOf(backup))).counts.merges).toBe(1);
		expect(listMerges(target.store, EVENT)).toEqual([merge]);
		expect(backupLinesOf(target.store, EVENT, T0 + 3 * MIN).slice(1)).toEqual(backup.slice(1));
		// A backup made before merges existed restores with none.
		const again = openTwoEventStore('puzzle-judge-merges-old-');
		others.push(again);
		const old = withItems(backup, 'merge', () => null).map((l) => (l.kind === 'end' ? { ...l, counts: { ...(l.counts as object), merge: 0 } } : l));
		expect((await restoreText(again.store, textOf(old))).counts.merges).toBe(0);
	});
});
