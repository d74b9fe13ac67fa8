import { describe, expect, it } from 'vitest';
import { EventLog } from '$lib/db/event-log';
import { MIN, T0, tablet } from '$lib/scoring/testkit';
import { importEventFiles } from './import-files';
import { eventFile, memoryDb, orgSetup } from './testkit';

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
