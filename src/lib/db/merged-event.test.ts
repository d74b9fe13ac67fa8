import { describe, expect, it } from 'vitest';
import { standingsOfFiles } from '$lib/files/merge';
import { renderStandings } from '$lib/files/format';
import { MIN, T0, tablet } from '$lib/scoring/testkit';
import { exportEventFile, saveSetup } from '$lib/db/setup-store';
import { parseEventFile, serializeEventFile } from '$lib/files/event-file';
import { EVENT, twoQuickSetups } from '$lib/files/two-quick-setups.testkit';
import { setupBundleOf } from '$lib/sync/client/pull';
import { organizerStandings, readMergedEvent } from './merged-event';
import { dbWithSetup, eventFile, memoryDb } from './testkit';

describe('the organizer’s merged standings', () => {
	it('equal the CLI’s (standingsOfFiles) for the same set-up and events, whatever device they came from', async () => {
		const { db, bundle } = await dbWithSetup();
		const a = tablet('tablet-a');
		const b = tablet('tablet-b');
		a.start(T0, ['ana', 'bob', 'cyril']);
		a.confirm(a.hand('ana', T0 + 40 * MIN), T0 + 41 * MIN, 1);
		b.finish('bob', T0 + 38 * MIN);
		b.hand('ana', T0 + 41 * MIN); // a conflict: two finishes of Ana
		await db.events.bulkAdd([...a.events, ...b.events]);

		const now = T0 + 95 * MIN;
		const got = await organizerStandings(db, 'day', now);
		const cli = standingsOfFiles(
			[
				{ fileName: 'a.json', file: eventFile(bundle, a.events, 'tablet-a') },
				{ fileName: 'b.json', file: eventFile(bundle, b.events, 'tablet-b') }
			],
			now
		);
		expect(cli.ok).toBe(true);
		if (!cli.ok) return;
		expect(renderStandings(got.standings, 'json')).toBe(renderStandings(cli.value, 'json'));
		expect(got.standings[0]!.standings.rows.map((r) => [r.name, r.place])).toEqual([
			['Bob', 1],
			['Ana', 2],
			['Cyril', null]
		]);
		expect(got.standings[0]!.standings.conflicts.map((c) => c.kind)).toEqual(['double-finish']);
		expect(got.eventCount).toBe(a.events.length + b.events.length);
		expect(got.deviceIds).toEqual(['tablet-a', 'tablet-b']);
	});

	it('keeps to the event: other events’ competitions and their events are left out; unknown competitions are counted', async () => {
		const { db, bundle } = await dbWithSetup();
		await saveSetup(db, {
			...bundle,
			days: [{ id: 'other-day', name: 'Another day', date: '2026-05-17' }],
			competitions: [{ ...bundle.competitions[0]!, id: 'other', eventId: 'other-day' }],
			heats: [],
			entries: []
		});
		const t = tablet('tablet-a');
		t.start(T0, ['ana']);
		const elsewhere = tablet('tablet-x');
		(elsewhere.opts as { competitionId: string }).competitionId = 'other';
		elsewhere.start(T0, ['ana']);
		const ghost = tablet('tablet-g');
		(ghost.opts as { competitionId: string }).competitionId = 'ghost-competition';
		ghost.start(T0, ['ana']);
		await db.events.bulkAdd([...t.events, ...elsewhere.events, ...ghost.events]);
		const got = await readMergedEvent(db, 'day');
		expect(got.merged.setup.competitions.map((c) => c.id)).toEqual(['comp']);
		expect(got.merged.log.map((e) => e.deviceId)).toEqual(['tablet-a']);
		expect(got.unknownCompetitionEvents).toBe(1);
	});

	it('leaves out a competition whose ruleset version is not on the device, and says so', async () => {
		const { db, bundle } = await dbWithSetup();
		await saveSetup(db, { ...bundle, rulesets: [], heats: [], entries: [], competitions: [{ ...bundle.competitions[0]!, id: 'comp-2', ruleset: { id: 'nowhere', version: 3 } }] });
		const got = await organizerStandings(db, 'day', T0);
		expect(got.missingRuleset).toEqual(['comp-2']);
		expect(got.standings.map((s) => s.competition.id)).toEqual(['comp']);
	});
});

describe('merged competitions on the organizer’s device (and the display, which reads the same)', () => {
	it('a merge pulled with the set-up makes the two quick set-ups one competition; a tablet’s export carries it and the CLI agrees', async () => {
		const t = twoQuickSetups();
		const db = memoryDb();
		const response = { event: t.setup.events[0]!, rulesets: t.setup.rulesets, competitions: t.setup.competitions, heats: t.setup.heats, entries: t.setup.entries, merges: [], deviceCompetitionIds: [] };
		await saveSetup(db, setupBundleOf(response));
		await db.events.bulkAdd([...t.logA.events, ...t.logB.events]);
		const now = T0 + 120 * MIN;
		const before = await organizerStandings(db, EVENT, now);
		expect(before.standings.map((s) => s.competition.id)).toEqual([t.a.competitionId, t.b.competitionId]);

		await saveSetup(db, setupBundleOf({ ...response, merges: [t.merge] }));
		expect(await db.merges.toArray()).toEqual([t.merge]);
		const got = await organizerStandings(db, EVENT, now);
		expect(got.standings.map((s) => s.competition.id)).toEqual([t.a.competitionId]);
		expect(got.standings[0]!.standings.rows.map((r) => r.name)).toEqual(['Ana', 'Bob', 'Dora', 'Cyril']);
		expect(got.standings[0]!.standings.conflicts.map((c) => c.kind)).toContain('double-finish');
		// The merged view itself is mapped: the display scores merged.log by competition.
		expect(new Set(got.merged.log.map((e) => e.competitionId))).toEqual(new Set([t.a.competitionId]));
		expect(got.eventCount).toBe(t.logA.events.length + t.logB.events.length);

		const exported = await exportEventFile(db, 'tab-a', now);
		expect(exported.setup.merges).toEqual([t.merge]);
		const parsed = parseEventFile(serializeEventFile(exported), 'tab-a.json');
		if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
		const cli = standingsOfFiles([parsed.value], now);
		expect(cli.ok && renderStandings(cli.value, 'json')).toBe(renderStandings(got.standings, 'json'));
	});
});
