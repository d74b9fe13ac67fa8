import { describe, expect, it } from 'vitest';
import { EventLog } from '$lib/db/event-log';
import { MIN, T0, tablet } from '$lib/scoring/testkit';
import { DeviceLog } from '$lib/events/builder';
import type { EventFile } from '$lib/files/event-file';
import type { StationDb } from '$lib/db/station-db';
import { quickSetup } from '$lib/station/quick-setup';
import { addsAnything, importEventFiles, importPreviewed, previewEventFiles, type FilePreview } from './import-files';
import { dbWithSetup, eventFile, memoryDb, orgSetup } from '$lib/db/testkit';

describe('importing tablet files on the organizer’s device', () => {
	it('stores and queues new events, counts those already held, lists a bad file’s errors and stores nothing of it', async () => {
		const db = memoryDb();
		const log = await EventLog.open(db);
		const { bundle } = orgSetup();
		const a = tablet('tablet-a');
		a.start(T0, ['ana', 'bob']);
		a.hand('ana', T0 + 40 * MIN);
		const good = JSON.stringify(eventFile(bundle, a.events, 'tablet-a'));
		const bad = JSON.stringify({ ...eventFile(bundle, [{ ...a.events[1]!, entryId: 'nobody' }]) });
		const results = await importEventFiles(db, log, [
			{ name: 'a.json', text: good },
			{ name: 'bad.json', text: bad },
			{ name: 'broken.json', text: '{"format": ' },
			{ name: 'again.json', text: good }
		]);
		expect(results[0]).toEqual({ file: 'a.json', ok: true, added: 2, alreadyHeld: 0, setupAdded: 1 + 1 + 1 + 1 + 3 });
		expect(results[1]).toMatchObject({ file: 'bad.json', ok: false, errors: [expect.stringMatching(/^bad\.json: log\[0\].*nobody/)] });
		expect(results[2]).toMatchObject({ file: 'broken.json', ok: false, errors: [expect.stringMatching(/line 1/)] });
		expect(results[3]).toEqual({ file: 'again.json', ok: true, added: 0, alreadyHeld: 2, setupAdded: 0 });
		expect((await db.outbox.toArray()).map((r) => r.id)).toEqual(a.events.map((e) => e.id));
		expect(await db.events.count()).toBe(2);
	});

	it('never replaces set-up the device holds (the server’s copy) with a tablet’s', async () => {
		const db = memoryDb();
		const log = await EventLog.open(db);
		const { bundle } = orgSetup();
		const first = JSON.stringify(eventFile(bundle, []));
		await importEventFiles(db, log, [{ name: 'first.json', text: first }]);
		const renamed = { ...bundle, entries: bundle.entries.map((e) => ({ ...e, name: `${e.name} (tablet)` })) };
		const r = await importEventFiles(db, log, [{ name: 'second.json', text: JSON.stringify(eventFile(renamed, [])) }]);
		expect(r[0]).toMatchObject({ ok: true, setupAdded: 0 });
		expect((await db.entries.get('ana'))!.name).toBe('Ana');
	});
});

describe('the import preview: what a file will add, before anything is stored', () => {
	async function standalone() {
		const { db } = await dbWithSetup();
		const log = await EventLog.open(db);
		const q = quickSetup({ presetId: 'es-adult-individual', competitionName: 'Quick ES', seatNames: ['Lola', 'Pepe'], day: '2026-12-03', suffix: 'solo1' });
		if (!q.ok) throw new Error('quick set-up');
		const t = new DeviceLog({ deviceId: 'tab-solo', judge: 'Rosa', competitionId: q.value.competitionId, heatId: q.value.heatId });
		t.start(T0, q.value.bundle.entries.map((e) => e.id));
		t.hand(q.value.bundle.entries[0]!.id, T0 + 30 * MIN);
		const b = q.value.bundle;
		const file: EventFile = { format: 'puzzle-judge-events', version: 1, exportedAt: T0, deviceId: 'tab-solo', setup: { events: b.days, rulesets: b.rulesets, competitions: b.competitions, heats: b.heats, entries: b.entries }, log: t.events };
		return { db, log, q: q.value, t, text: JSON.stringify(file) };
	}
	const counts = async (db: StationDb) => ({
		days: await db.days.count(),
		competitions: await db.competitions.count(),
		heats: await db.heats.count(),
		entries: await db.entries.count(),
		events: await db.events.count(),
		outbox: await db.outbox.count()
	});

	it('a standalone tablet’s file: shows its new competition (name, ruleset, heats, entries) and new events; refusing stores nothing; importing adds what was shown', async () => {
		const { db, log, q, t, text } = await standalone();
		const before = await counts(db);
		const [p] = await previewEventFiles(db, [{ name: 'solo.json', text }]);
		expect(p).toMatchObject({
			file: 'solo.json',
			ok: true,
			newCompetitions: [{ id: q.competitionId, name: 'Quick ES', ruleset: { id: 'es-adult-individual', version: 1 }, heats: ['Heat 1'], entries: ['Lola', 'Pepe'] }],
			newHeats: [],
			newEntries: [],
			events: { added: 2, held: 0 },
			unchanged: { competitions: 0, heats: 0, entries: 0 },
			differing: []
		});
		expect(addsAnything(p as FilePreview)).toBe(true);
		// Seeing the preview (and refusing it) stored nothing.
		expect(await counts(db)).toEqual(before);
		const [r] = await importPreviewed(db, log, [p!]);
		expect(r).toEqual({ file: 'solo.json', ok: true, added: 2, alreadyHeld: 0, setupAdded: 1 + 1 + 1 + 1 + 2 });
		expect((await db.competitions.get(q.competitionId))!.name).toBe('Quick ES');
		expect((await db.entries.where('competitionId').equals(q.competitionId).toArray()).map((e) => e.name)).toEqual(['Lola', 'Pepe']);
		expect((await db.outbox.toArray()).map((o) => o.id)).toEqual(t.events.map((e) => e.id));
		// Again: nothing new, all left as it is.
		const [again] = await previewEventFiles(db, [{ name: 'again.json', text }]);
		expect(again).toMatchObject({ ok: true, newCompetitions: [], events: { added: 0, held: 2 }, unchanged: { competitions: 1, heats: 1, entries: 2 } });
		expect(addsAnything(again as FilePreview)).toBe(false);
	});

	it('counts files in order, lists what is new in held competitions and what differs (kept as held), and keeps the per-file errors', async () => {
		const { db, bundle } = await dbWithSetup();
		const a = tablet('tablet-a');
		a.start(T0, ['ana', 'bob']);
		const extra = { ...bundle, entries: [...bundle.entries.map((e) => (e.id === 'bob' ? { ...e, name: 'Bobby' } : e)), { ...bundle.entries[0]!, id: 'dana', name: 'Dana' }], heats: [...bundle.heats, { id: 'heat-2', competitionId: 'comp', name: 'Heat 2' }] };
		const file = JSON.stringify(eventFile(extra, a.events, 'tablet-a'));
		const previews = await previewEventFiles(db, [
			{ name: 'a.json', text: file },
			{ name: 'broken.json', text: '{"format": ' },
			{ name: 'a-again.json', text: file }
		]);
		expect(previews[0]).toMatchObject({
			ok: true,
			newCompetitions: [],
			newHeats: [{ competitionId: 'comp', names: ['Heat 2'] }],
			newEntries: [{ competitionId: 'comp', names: ['Dana'] }],
			events: { added: 1, held: 0 },
			unchanged: { competitions: 1, heats: 1, entries: 3 },
			differing: ['entry bob']
		});
		expect(previews[1]).toMatchObject({ file: 'broken.json', ok: false, errors: [expect.stringMatching(/line 1/)] });
		expect(previews[2]).toMatchObject({ ok: true, newHeats: [], newEntries: [], events: { added: 0, held: 1 } });
		expect(await db.events.count()).toBe(0);
	});
});
