import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { expect, test } from 'vitest';
import { DeviceLog } from '../../src/lib/events/builder';
import type { JudgeEvent } from '../../src/lib/events/schema';
import { quickSetup } from '../../src/lib/station/quick-setup';
import { SyncApi } from '../../src/lib/sync/client/api';
import { freshDb } from '../../src/lib/sync/client/fake-server.testkit';
import { pullEvents, readPosition } from '../../src/lib/sync/client/pull';
import { addDevice, backupOf, BASE, call, createEvent, DAY, eventFile, expectStatus, judgeLog, pullAll, restore, revokeDevice, RULESET, RUN, setupOf, snapshot, startSecondServer, T0, writeSetup } from '../sync-kit';

/**
 * The sync protocol against the real production server: repeated, reordered, partial and
 * cut pushes, paging while others push, quick set-up, backup and restore into a second
 * server, and import of a tablet's file. Each test has an event of its own.
 */

let n = 0;
async function freshEvent(label: string) {
	const e = await createEvent(`Integration ${label} ${RUN}`);
	const s = setupOf(e.eventId, `in-${RUN}-${n++}`, 6);
	await writeSetup(e.eventId, e.token, s.body);
	const judge = await addDevice(e.eventId, e.token, 'judge', `Judge ${label}`);
	return { e, s, judge };
}

const push = async (eventId: string, token: string, body: unknown, signal?: AbortSignal) =>
	expectStatus(await call('POST', `/api/events/${eventId}/judge-events`, { token, json: body, signal }), 200, 'push').body as {
		stored: { id: string; serverSeq: number }[];
		duplicates: string[];
		conflicts: string[];
		refused: { index: number; id: string | null; reason: string }[];
		setupAdded?: string[];
		setupRefused?: unknown[];
	};
const ids = (events: { id: string }[]) => events.map((e) => e.id);
const sorted = (xs: string[]) => [...xs].sort();

test('duplicates: the same batch pushed 3 times is stored once', async () => {
	const { e, s, judge } = await freshEvent('dup');
	const batch = judgeLog(`in-${RUN}-dup`, s.competitionId, s.heatId, s.entryIds, 40);
	const first = await push(e.eventId, judge.token, { events: batch });
	expect(ids(first.stored)).toEqual(ids(batch));
	for (let i = 0; i < 2; i++) {
		const again = await push(e.eventId, judge.token, { events: batch });
		expect(again).toEqual({ stored: [], duplicates: ids(batch), conflicts: [], refused: [] });
	}
	const pulled = await pullAll(e.eventId, judge.token);
	expect(pulled.events).toEqual(batch);
});

test('reordering: batches pushed in reverse and shuffled order give the same set', async () => {
	const { e, s, judge } = await freshEvent('order');
	const logs = [0, 1, 2].map((d) => judgeLog(`in-${RUN}-order-${d}`, s.competitionId, s.heatId, s.entryIds, 30));
	// Three tablets, each pushing its own log with its own token (a judge's token pushes its device's events only).
	const judges = [judge, ...(await Promise.all([1, 2].map((d) => addDevice(e.eventId, e.token, 'judge', `Order ${d}`))))];
	const batches = logs.flatMap((log, d) => [log.slice(0, 10), log.slice(10, 20), log.slice(20)].map((events) => ({ events, token: judges[d]!.token })));
	for (const b of [...batches].reverse()) await push(e.eventId, b.token, { events: [...b.events].reverse() });
	// Pushed again, shuffled (fixed order): all already there.
	const shuffled = [4, 0, 8, 2, 6, 1, 7, 3, 5].map((i) => batches[i]!);
	for (const b of shuffled) expect((await push(e.eventId, b.token, { events: b.events })).duplicates).toEqual(ids(b.events));
	const pulled = await pullAll(e.eventId, judge.token, { limit: 7 });
	expect(sorted(ids(pulled.events))).toEqual(sorted(ids(logs.flat())));
	const byId = new Map(logs.flat().map((x) => [x.id, x]));
	for (const p of pulled.events) expect(p).toEqual(byId.get(p.id));
});

test('partial batches: the valid events stored, the others refused with reasons, then the corrected ones stored', async () => {
	const { e, s, judge } = await freshEvent('partial');
	const other = await freshEvent('partial-other');
	const log = judgeLog(`in-${RUN}-partial`, s.competitionId, s.heatId, s.entryIds, 6);
	const broken: unknown[] = [
		log[0],
		{ ...log[1], seq: 0 },
		log[2],
		{ ...log[3], competitionId: other.s.competitionId, heatId: other.s.heatId },
		{ ...log[4], type: 'hand.waved' },
		log[5]
	];
	const r = await push(e.eventId, judge.token, { events: broken });
	// Issue 29 #10: an event naming another event's competition ID is no longer refused ("belongs to another event", an oracle):
	// competition IDs are each event's own, so it is stored in this event, as an event of a competition this event does not hold.
	expect(ids(r.stored)).toEqual([log[0]!.id, log[2]!.id, log[3]!.id, log[5]!.id]);
	expect(r.refused.map((x) => [x.index, x.id])).toEqual([
		[1, log[1]!.id],
		[4, log[4]!.id]
	]);
	expect(r.refused[0]!.reason).toMatch(/seq/);
	expect(r.refused[1]!.reason).toMatch(/type|discriminator/i);
	// The same ID with other content later: a conflict, not stored.
	const changed = { ...log[0]!, at: log[0]!.at + 1 };
	const corrected = await push(e.eventId, judge.token, { events: [changed, log[1], log[4]] });
	expect(corrected.conflicts).toEqual([log[0]!.id]);
	expect(ids(corrected.stored)).toEqual([log[1]!.id, log[4]!.id]);
	expect(corrected.refused).toEqual([]);
	expect(sorted(ids((await pullAll(e.eventId, judge.token)).events))).toEqual(sorted(ids(log)));
	expect((await pullAll(other.e.eventId, other.e.token)).events).toEqual([]);
});

/** Sends the first `fraction` of a push's body, then cuts the connection. */
function cutPush(eventId: string, token: string, body: string, fraction: number): Promise<void> {
	return new Promise((resolve) => {
		const req = httpRequest(`${BASE}/api/events/${eventId}/judge-events`, {
			method: 'POST',
			agent: false,
			headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }
		});
		req.on('error', () => resolve());
		req.on('response', () => resolve());
		req.write(body.slice(0, Math.floor(body.length * fraction)), () => setTimeout(() => req.destroy(), 50));
		req.on('close', () => resolve());
	});
}

test('resume after a cut: 1,500 events, a push cut mid-body and one aborted, then everything again: each stored once', { timeout: 120_000 }, async () => {
	const { e, s, judge } = await freshEvent('cut');
	const log = judgeLog(`in-${RUN}-cut`, s.competitionId, s.heatId, s.entryIds, 1500);
	const batches = Array.from({ length: 6 }, (_, i) => log.slice(i * 250, (i + 1) * 250));
	const acknowledged: { id: string; serverSeq: number }[] = [];
	for (const b of batches.slice(0, 2)) acknowledged.push(...(await push(e.eventId, judge.token, { events: b })).stored);
	// The third batch: the connection drops half-way through the body. Nothing of it is stored.
	await cutPush(e.eventId, judge.token, JSON.stringify({ events: batches[2] }), 0.5);
	await new Promise((r) => setTimeout(r, 200));
	expect((await pullAll(e.eventId, judge.token)).events.length).toBe(500);
	expect((await call('GET', '/api/health')).status).toBe(200);
	// The fourth: the whole body goes, the answer is lost (the device aborts). Stored or not, never half.
	const abort = new AbortController();
	const lost = call('POST', `/api/events/${e.eventId}/judge-events`, { token: judge.token, json: { events: batches[3] }, signal: abort.signal });
	setTimeout(() => abort.abort(), 5);
	await lost.then(
		() => undefined,
		() => undefined
	);
	await new Promise((r) => setTimeout(r, 200));
	const afterAbort = (await pullAll(e.eventId, judge.token)).events.length;
	expect([500, 750]).toContain(afterAbort);
	// Resume: the device pushes its whole outbox again, in batches.
	let duplicates = 0;
	for (const b of batches) {
		const r = await push(e.eventId, judge.token, { events: b });
		acknowledged.push(...r.stored);
		duplicates += r.duplicates.length;
		expect(r.conflicts).toEqual([]);
	}
	expect(duplicates).toBe(afterAbort);
	const pulled = await pullAll(e.eventId, judge.token, { limit: 97 });
	expect(pulled.events.length).toBe(1500);
	expect(sorted(ids(pulled.events))).toEqual(sorted(ids(log)));
	expect(new Set(ids(pulled.events)).size).toBe(1500);
	// Pages are contiguous: cursors strictly increase and the pages add up to the whole set.
	expect(pulled.cursors.length).toBe(Math.ceil(1500 / 97));
	for (let i = 1; i < pulled.cursors.length; i++) expect(pulled.cursors[i]!).toBeGreaterThan(pulled.cursors[i - 1]!);
	// Server sequence numbers of what this device was told were stored: strictly increasing in the order stored.
	const seqs = acknowledged.map((a) => a.serverSeq);
	for (let i = 1; i < seqs.length; i++) expect(seqs[i]!).toBeGreaterThan(seqs[i - 1]!);
	// The pull's order is the server's arrival order: the acknowledged IDs, in serverSeq order, are a subsequence.
	const order = new Map(ids(pulled.events).map((id, i) => [id, i]));
	const positions = acknowledged.map((a) => order.get(a.id)!);
	for (let i = 1; i < positions.length; i++) expect(positions[i]!).toBeGreaterThan(positions[i - 1]!);
});

test('pull paging while others push: the cursor never skips an event', { timeout: 90_000 }, async () => {
	const { e, s, judge } = await freshEvent('paging');
	const judges = await Promise.all([1, 2, 3].map((k) => addDevice(e.eventId, e.token, 'judge', `Pusher ${k}`)));
	const logs = judges.map((_, k) => judgeLog(`in-${RUN}-paging-${k}`, s.competitionId, s.heatId, s.entryIds, 300));
	let pushing = true;
	const pushers = Promise.all(
		judges.map(async (j, k) => {
			for (let i = 0; i < 300; i += 20) await push(e.eventId, j.token, { events: logs[k]!.slice(i, i + 20) });
		})
	).finally(() => (pushing = false));
	const seen: string[] = [];
	let cursor = 0;
	for (;;) {
		const done = !pushing;
		const page = expectStatus(await call('GET', `/api/events/${e.eventId}/judge-events?after=${cursor}&limit=13`, { token: judge.token }), 200, 'pull').body as { events: JudgeEvent[]; cursor: number; more: boolean };
		seen.push(...ids(page.events));
		expect(page.cursor).toBeGreaterThanOrEqual(cursor);
		cursor = page.cursor;
		if (done && !page.more) break;
	}
	await pushers;
	expect(seen.length).toBe(900);
	expect(new Set(seen).size).toBe(900);
	expect(sorted(seen)).toEqual(sorted(ids(logs.flat())));
	expect(seen).toEqual(ids((await pullAll(e.eventId, judge.token)).events));
});

test('quick set-up push: a competition the server does not know is added; pushing again changes nothing', async () => {
	const { e, judge } = await freshEvent('quick');
	const q = quickSetup({ presetId: 'czjpa-individual', seatNames: ['Ana', '', 'Cyril'], table: '7', day: DAY, suffix: `${RUN}`.slice(0, 16).toLowerCase() });
	expect(q.ok).toBe(true);
	if (!q.ok) return;
	const { bundle, competitionId, heatId } = q.value;
	const entryIds = bundle.entries.map((x) => x.id);
	const log = new DeviceLog({ deviceId: `in-${RUN}-quick`, judge: 'Eva', competitionId, heatId });
	log.start(T0, entryIds);
	log.finish(entryIds[0]!, T0 + 1_800_000);
	const body = { events: log.events, setup: { rulesets: bundle.rulesets, competitions: bundle.competitions, heats: bundle.heats, entries: bundle.entries } };
	const before = await snapshot(e.eventId, e.token);
	expect(before.setup.competitions.map((c: { id: string }) => c.id)).not.toContain(competitionId);
	const first = await push(e.eventId, judge.token, body);
	expect(first.setupAdded).toEqual([competitionId]);
	expect(first.setupRefused).toEqual([]);
	expect(first.stored.length).toBe(log.events.length);
	const after = await snapshot(e.eventId, e.token);
	expect(after.setup.competitions).toContainEqual({ ...bundle.competitions[0], eventId: e.eventId });
	expect(after.setup.heats).toContainEqual(bundle.heats[0]);
	for (const entry of bundle.entries) expect(after.setup.entries).toContainEqual(entry);
	const again = await push(e.eventId, judge.token, body);
	expect(again).toEqual({ stored: [], duplicates: ids(log.events), conflicts: [], refused: [], setupAdded: [], setupRefused: [] });
	const afterAgain = await snapshot(e.eventId, e.token);
	expect(afterAgain.setup).toEqual(after.setup);
	expect(afterAgain.events).toEqual(after.events);
});

test('backup and restore: refused over HTTP without an ADMIN_KEY (403); a second server with one restores it whole (heat starts too), with the same tokens (issue 12, points 1 and 5)', { timeout: 120_000 }, async () => {
	const { e, s, judge } = await freshEvent('backup');
	const display = await addDevice(e.eventId, e.token, 'display', 'Hall');
	const revoked = await addDevice(e.eventId, e.token, 'judge', 'Gone');
	const log = judgeLog(`in-${RUN}-backup`, s.competitionId, s.heatId, s.entryIds, 120);
	for (let i = 0; i < 120; i += 40) await push(e.eventId, i === 40 ? e.token : judge.token, { events: log.slice(i, i + 40), clock: { offsetMs: -12.5, roundTripMs: 8, measuredAt: T0 } });
	await revokeDevice(e.eventId, e.token, revoked.device.id);
	expectStatus(await call('POST', `/api/events/${e.eventId}/heat-starts`, { token: e.token, json: { id: `in-${RUN}-start`, competitionId: s.competitionId, heatId: s.heatId, organizerAt: T0, offsetMs: 0 } }), 201, 'heat start');
	const backup = await backupOf(e.eventId, e.token);
	expect(backup.lines[0]).toMatchObject({ format: 'puzzle-judge-backup', version: 2, event: { id: e.eventId } });
	expect(backup.lines.filter((l) => l.kind === 'judgeEvent').length).toBe(120);
	expect(backup.lines.filter((l) => l.kind === 'heatStart').length).toBe(1);
	expect(backup.lines.at(-1)!.kind).toBe('end');
	// This server has no ADMIN_KEY (a venue laptop): no restore over the network, whatever the file.
	const here = await restore(backup.text);
	expect(here.status).toBe(403);
	expect(here.body.message).toMatch(/needs the server's admin key: start the server with ADMIN_KEY set .* or restore on the server machine with "npm run restore -- FILE"/);

	const second = await startSecondServer();
	try {
		for (const adminKey of [null, 'wrong-admin-key-0123456789', e.token]) expect((await restore(backup.text, { base: second.base, adminKey })).status, String(adminKey)).toBe(401);
		const restored = await restore(backup.text, { base: second.base, adminKey: second.adminKey });
		expect(restored.status, restored.text).toBe(201);
		expect(restored.body).toEqual({
			eventId: e.eventId,
			version: 2,
			counts: { rulesets: 1, competitions: 1, heats: 1, entries: 6, devices: 4, judgeEvents: 120, heatStarts: 1, publications: 0, merges: 0, people: 0, registrations: 0, registrationChanges: 0, rulesetChanges: 0, draws: 0, tableCards: 0, protests: 0, photos: 0 },
			numbering: 'kept',
			replacedDemo: false
		});
		const base = second.base;
		const original = await snapshot(e.eventId, e.token);
		const copy = await snapshot(e.eventId, e.token, base);
		expect(copy.setup).toEqual(original.setup);
		expect(copy.events).toEqual(original.events);
		expect(copy.events.map((x) => x.id)).toEqual(ids(log));
		expect(copy.devices).toEqual(original.devices);
		const starts = (b: string) => call('GET', `/api/events/${e.eventId}/heat-starts?after=0`, { token: display.token, base: b });
		expect((await starts(base)).body).toEqual((await starts(BASE)).body);
		// The same numbers: a cursor of the first server counts the same events here …
		const page = (b: string) => call('GET', `/api/events/${e.eventId}/judge-events?after=0&limit=5000`, { token: e.token, base: b });
		const [one, two] = [(await page(BASE)).body, (await page(base)).body];
		expect(two.cursor).toBe(one.cursor);
		// … but in another store, which every pull says: tablets start over (below).
		expect(two.store).toMatch(/^[0-9a-f]{32}$/);
		expect(two.store).not.toBe(one.store);
		// The tablets keep working against the restored server with the tokens they hold.
		expect((await pullAll(e.eventId, display.token, { base })).events.length).toBe(120);
		// The judge's tablet goes on (its token stays bound to it: the restored server knows which device it is).
		const more = new DeviceLog({ deviceId: `in-${RUN}-backup`, judge: 'Eva', competitionId: s.competitionId, heatId: s.heatId, firstSeq: 121 });
		more.hand(s.entryIds[1]!, T0 + 5_000_000);
		const pushed = expectStatus(await call('POST', `/api/events/${e.eventId}/judge-events`, { token: judge.token, json: { events: more.events }, base }), 200, 'push to the restored server');
		expect(pushed.body.stored.length).toBe(1);
		expect(pushed.body.stored[0].serverSeq).toBeGreaterThan(one.cursor);
		expect((await pullAll(e.eventId, e.token, { base })).events.length).toBe(121);
		expect((await pullAll(e.eventId, e.token)).events.length).toBe(120);
		const gone = await call('GET', `/api/events/${e.eventId}/judge-events`, { token: revoked.token, base });
		expect(gone.status).toBe(401);
		// And a second restore there is refused, before the file is read.
		const again = await restore(backup.text, { base, adminKey: second.adminKey });
		expect(again.status).toBe(409);
		expect(again.body.message).toMatch(/already on this server.*nothing was restored/);
		// A version-1 file (as backups were until now) restores too, its demo replacing the second server's unused one.
		const v1 = await restore(readFileSync('tests/fixtures/backup-v1-demo.json', 'utf8'), { base, adminKey: second.adminKey });
		expect(v1.status, v1.text).toBe(201);
		expect(v1.body).toMatchObject({ eventId: 'demo', version: 1, replacedDemo: true, counts: { judgeEvents: 3, publications: 2 } });
	} finally {
		await second.stop();
	}
});

test("the issue's attack: a crafted backup of a new event pointing at demo's competition is refused, with the item named; demo is unchanged (issue 12, point 1)", async () => {
	const second = await startSecondServer();
	try {
		const key = second.demoKey();
		const before = await snapshot('demo', key, second.base);
		const R = { id: 'czjpa-individual', version: 1 };
		const crafted = (competitionEventId: string) =>
			[
				{ format: 'puzzle-judge-backup', version: 2, exportedAt: T0, event: { id: `attack-${RUN}`, name: 'Attack', date: DAY }, counts: { ruleset: 1, competition: 1, heat: 1, entry: 1, device: 0, judgeEvent: 0, heatStart: 0, publication: 0, merge: 0 } },
				{ kind: 'ruleset', ruleset: RULESET },
				{ kind: 'competition', competition: { id: `attack-${RUN}-c`, eventId: competitionEventId, name: 'X', ruleset: R }, origin: 'organizer' },
				{ kind: 'heat', heat: { id: `attack-${RUN}-h`, competitionId: 'demo-czjpa-individual', name: 'H' } },
				{ kind: 'entry', entry: { id: `attack-${RUN}-e`, competitionId: 'demo-czjpa-individual', heatId: 'demo-czjpa-individual-h1', name: 'INJECTED COMPETITOR', members: [] } },
				{ kind: 'end', counts: { ruleset: 1, competition: 1, heat: 1, entry: 1, device: 0, judgeEvent: 0, heatStart: 0, publication: 0, merge: 0 } }
			]
				.map((l) => JSON.stringify(l))
				.join('\n');
		const claimed = await restore(crafted('demo'), { base: second.base, adminKey: second.adminKey });
		expect(claimed.status).toBe(400);
		expect(claimed.body.message).toMatch(/^line 3: competition attack-\S+ belongs to the event "demo", not to "attack-\S+" of this backup; nothing was restored$/);
		const pointing = await restore(crafted(`attack-${RUN}`), { base: second.base, adminKey: second.adminKey });
		expect(pointing.status).toBe(400);
		expect(pointing.body.message).toMatch(/heat attack-\S+-h is in competition demo-czjpa-individual, which is not a competition of the event "attack-\S+" in this backup; nothing was restored/);
		expect(await snapshot('demo', key, second.base)).toEqual(before);
		expect(JSON.stringify(await snapshot('demo', key, second.base))).not.toContain('INJECTED');
		expect((await call('GET', `/api/events/attack-${RUN}/setup`, { token: key, base: second.base })).status).toBe(403);
		// And on a server without ADMIN_KEY the same file never gets that far.
		expect((await restore(crafted('demo'))).status).toBe(403);
	} finally {
		await second.stop();
	}
});

test('a tablet that pulled from a server, pointed at the server its backup was restored into, sees every event: its cursor counted in another store (issue 12, point 4)', { timeout: 120_000 }, async () => {
	const { e, s, judge } = await freshEvent('cursor');
	// Three judges' tablets, each with its own token (a judge's token pushes only its own tablet's events), all known to the backup.
	const [judgeB, judgeC] = [await addDevice(e.eventId, e.token, 'judge', 'Judge B'), await addDevice(e.eventId, e.token, 'judge', 'Judge C')];
	const tabletToken = (await addDevice(e.eventId, e.token, 'display', 'Hall tablet')).token;
	// The tablet knows the server by one address; the server behind it changes (a new laptop takes it over).
	const pairing = { server: 'http://judge.venue:3000', eventId: e.eventId, role: 'display' as const, deviceLabel: 'Hall tablet', token: tabletToken };
	const api = (base: string) => new SyncApi({ server: base, token: tabletToken, fetch: (input, init) => fetch(input, init), setTimeout, clearTimeout });
	const db = freshDb();
	const logs = (tag: string, n: number) => judgeLog(`in-${RUN}-cursor-${tag}`, s.competitionId, s.heatId, s.entryIds, n);
	expect((await push(e.eventId, judge.token, { events: logs('a', 40) })).stored).toHaveLength(40);
	await pullEvents(db, api(BASE), pairing);
	const backup = await backupOf(e.eventId, e.token);
	// The first server goes on a little after the backup; the tablet pulls that too; then the server is lost.
	expect((await push(e.eventId, judgeB.token, { events: logs('b', 15) })).stored).toHaveLength(15);
	await pullEvents(db, api(BASE), pairing);
	const lost = await readPosition(db, pairing);
	expect(await db.events.count()).toBe(55);

	const second = await startSecondServer();
	try {
		expect((await restore(backup.text, { base: second.base, adminKey: second.adminKey })).status).toBe(201);
		// Other tablets push to the restored server: numbered after its highest, below the tablet's cursor.
		const later = logs('c', 15);
		const pushed = expectStatus(await call('POST', `/api/events/${e.eventId}/judge-events`, { token: judgeC.token, json: { events: later }, base: second.base }), 200, 'push').body;
		expect(pushed.stored).toHaveLength(15);
		expect(pushed.stored.every((x: { serverSeq: number }) => x.serverSeq <= lost.cursor)).toBe(true);
		// Asked from its old cursor, the restored server would have nothing new for it:
		expect((await call('GET', `/api/events/${e.eventId}/judge-events?after=${lost.cursor}`, { token: tabletToken, base: second.base })).body.events).toEqual([]);
		// The tablet sees the store changed, starts over, and holds every event of the restored server.
		const outcome = await pullEvents(db, api(second.base), pairing);
		expect(outcome.restarted).toBe(true);
		expect(outcome.added.map((x) => x.id)).toEqual(ids(later));
		const held = new Set((await db.events.toArray()).map((x) => x.id));
		const onServer = (await pullAll(e.eventId, e.token, { base: second.base })).events;
		expect(onServer.length).toBe(55);
		for (const x of onServer) expect(held.has(x.id), x.id).toBe(true);
		const now = await readPosition(db, pairing);
		expect(now.store).not.toBe(lost.store);
		expect(now.cursor).toBe(Math.max(...pushed.stored.map((x: { serverSeq: number }) => x.serverSeq)));
	} finally {
		await second.stop();
	}
});

test("import of a tablet's exported file: stored, then all duplicates; a broken file refused with its problems, nothing stored", async () => {
	const { e } = await freshEvent('import');
	const q = quickSetup({ presetId: 'czjpa-individual', seatNames: ['Ana', 'Ben'], day: DAY, suffix: `imp${RUN}`.slice(0, 16).toLowerCase() });
	if (!q.ok) throw new Error('quick set-up');
	const { bundle, competitionId, heatId } = q.value;
	const deviceId = `in-${RUN}-tablet`;
	const log = new DeviceLog({ deviceId, judge: 'Eva', competitionId, heatId });
	log.start(T0, bundle.entries.map((x) => x.id));
	log.finish(bundle.entries[0]!.id, T0 + 1_700_000);
	log.finish(bundle.entries[1]!.id, T0 + 1_900_000);
	const file = eventFile(deviceId, { events: bundle.days, rulesets: bundle.rulesets, competitions: bundle.competitions, heats: bundle.heats, entries: bundle.entries }, log.events);
	const path = `/api/events/${e.eventId}/import?name=x.json`;
	const first = expectStatus(await call('POST', path, { token: e.token, json: file }), 200, 'import').body;
	expect(ids(first.stored)).toEqual(ids(log.events));
	expect(first.setupAdded).toEqual([competitionId]);
	const second = expectStatus(await call('POST', path, { token: e.token, json: file }), 200, 'import again').body;
	expect(second).toEqual({ stored: [], duplicates: ids(log.events), conflicts: [], refused: [], setupAdded: [], setupRefused: [] });
	const before = await snapshot(e.eventId, e.token);
	expect(before.events).toEqual(log.events);

	const brokenLog = new DeviceLog({ deviceId: `${deviceId}-b`, judge: 'Eva', competitionId, heatId });
	brokenLog.start(T0, ['nobody-1']);
	brokenLog.hand(bundle.entries[0]!.id, T0 + 1000);
	const broken = eventFile(`${deviceId}-b`, file.setup, [...brokenLog.events, { ...brokenLog.events[1]!, id: 'bad id!', seq: 9 }]);
	const refused = await call('POST', `/api/events/${e.eventId}/import?name=broken.json`, { token: e.token, json: broken });
	expect(refused.status).toBe(400);
	expect(refused.body.message).toMatch(/broken\.json/);
	expect(refused.body.message).toMatch(/nobody-1/);
	expect(refused.body.message).toMatch(/log\[2\]|id/);
	expect((refused.body.message as string).split(';').length).toBeGreaterThanOrEqual(2);
	const syntax = await call('POST', `/api/events/${e.eventId}/import?name=cut.json`, { token: e.token, body: JSON.stringify(file).slice(0, 500) });
	expect(syntax.status).toBe(400);
	expect(syntax.body.message).toMatch(/not valid JSON/);
	expect(await snapshot(e.eventId, e.token)).toEqual(before);
});
