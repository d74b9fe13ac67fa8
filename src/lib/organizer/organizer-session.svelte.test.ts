import { describe, expect, it, vi } from 'vitest';
import { saveSetup } from '$lib/db/setup-store';
import { eventFile, orgSetup } from '$lib/db/testkit';
import { MIN, T0, tablet } from '$lib/scoring/testkit';
import { savePairing } from '$lib/sync/client/pairing';
import { realEnvironment } from '$lib/sync/client/environment';
import type { Pairing } from '$lib/sync/pairing';
import { device, PAIRING, until, disconnectAfterEach } from '$lib/session/device.testkit';
import type { Publication } from '$lib/results/publication';
import { deviceListings } from './device-listing.testkit';
import { OrganizerSession } from './organizer-session.svelte';
import { DEVICE_SOURCES, type OrganizerViewSources } from './organizer-view';

const keep = disconnectAfterEach();

const DESK: Pairing = { ...PAIRING, eventId: 'day', role: 'organizer', deviceLabel: 'Desk' };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A publication of the day's competition as the server stores it (the contract's shape). */
function publication(competitionId: string, version: number): Publication {
	return {
		eventId: 'day',
		competitionId,
		version,
		state: 'published',
		publishedAt: T0,
		protestUntil: null,
		finalizedAt: null,
		note: null,
		snapshot: {
			event: { id: 'day', name: 'Day', date: '2026-05-16', venue: null },
			competition: { id: competitionId, name: 'Competition' },
			ruleset: { id: 'czjpa-individual', version: 1, name: 'CZJPA', timeResolution: 'ms' },
			computedAt: T0,
			rows: [],
			tieForFirst: [],
			conflicts: 0
		}
	};
}

/** The server as the organizer's screens ask it: the devices, the publications; every request recorded. */
function fakeServer() {
	const requests: string[] = [];
	const published: Publication[] = [];
	const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
		const path = new URL(url).pathname;
		requests.push(`${init.method ?? 'GET'} ${path}`);
		if (path === '/api/events/day/devices') return json({ devices: deviceListings({ id: 'd1', role: 'judge', label: 'Table A', eventId: 'day', deviceIds: ['tablet-a'] }), pairingFailures: null });
		if (path === '/api/public/events/day/results')
			return json({
				event: { id: 'day', name: 'Day', date: '2026-05-16', venue: null },
				competitions: published.map((p) => ({ latest: p, versions: [] }))
			});
		if (path === '/api/events/day/publications' && init.method === 'POST') {
			const { competitionId } = JSON.parse(String(init.body)) as { competitionId: string };
			const p = publication(competitionId, published.filter((x) => x.competitionId === competitionId).length + 1);
			published.push(p);
			return json({ publication: p }, 201);
		}
		return json({ message: 'not found' }, 404);
	});
	return { fetch, requests };
}

/** An organizer's device holding the scoring testkit's competition ("comp" of event "day"). */
async function signedIn(pairing: Pairing | null = DESK, options: { now?: () => number; sources?: OrganizerViewSources } = {}) {
	const d = device();
	const server = fakeServer();
	const now = options.now ?? (() => T0 + 95 * MIN);
	const organizer = new OrganizerSession(d.session, { env: realEnvironment({ fetch: server.fetch, now }), now, sources: options.sources });
	keep(d.session.connect());
	const { db, log } = await d.session.opened();
	await saveSetup(db, orgSetup().bundle);
	if (pairing) await savePairing(db, pairing);
	await d.session.refreshPairing();
	keep(organizer.connect());
	return { d, db, log, organizer, server };
}

describe('OrganizerSession: the organizer’s screens on this device', () => {
	it('is signed in with an organizer’s pairing only; another role’s pairing is said, and nothing is read for it', async () => {
		const judge = await signedIn({ ...DESK, role: 'judge' });
		expect([judge.organizer.pairing, judge.organizer.api, judge.organizer.otherPairing?.role]).toEqual([null, null, 'judge']);
		expect(judge.organizer.connect()).toBeUndefined();
		expect(judge.server.requests).toEqual([]);

		const { organizer } = await signedIn();
		expect([organizer.pairing?.deviceLabel, organizer.otherPairing, organizer.api?.server]).toEqual(['Desk', null, 'http://judge.test']);
	});

	it('shows the merged standings of what the device holds, and resolving a conflict records the correction and updates them', async () => {
		const { organizer, db, d } = await signedIn();
		const a = tablet('tablet-a');
		const b = tablet('tablet-b');
		a.start(T0, ['ana', 'bob', 'cyril']);
		a.confirm(a.hand('ana', T0 + 40 * MIN), T0 + 41 * MIN, 0);
		b.hand('ana', T0 + 42 * MIN); // a second finish of Ana, from another tablet
		await db.events.bulkAdd([...a.events, ...b.events]);
		d.session.changed(); // as a pull would tell it
		await until(() => organizer.view?.eventCount === a.events.length + b.events.length);
		const view = organizer.view!;
		expect([view.eventName, view.at, view.deviceIds, view.heats.map((h) => h.heatName)]).toEqual(['Puzzle day', T0 + 95 * MIN, ['tablet-a', 'tablet-b'], ['Heat 1']]);
		const conflict = view.standings[0]!.standings.conflicts[0]!;
		expect(conflict.kind).toBe('double-finish');

		const syncs = vi.spyOn(d.session.sync, 'syncNow');
		await organizer.resolve({ kind: 'void', voids: [b.events[0]!.id] }, 'Table B tapped the wrong seat');
		// Read again before resolve() ends: the conflict is gone, the correction is this device's, under its label.
		expect(organizer.view!.standings[0]!.standings.conflicts).toEqual([]);
		const correction = (await db.events.toArray()).find((e) => e.type === 'correction')!;
		expect(correction).toMatchObject({ judge: 'Desk', payload: { supersedes: b.events[0]!.id, reason: 'Table B tapped the wrong seat' } });
		expect(syncs).toHaveBeenCalled();
	});

	it('imports a tablet’s file: previewed first, then the standings hold its events', async () => {
		const { organizer } = await signedIn();
		await until(() => organizer.view !== null);
		const t = tablet('tablet-file');
		t.start(T0, ['ana']);
		t.finish('ana', T0 + 30 * MIN);
		const files = [{ name: 'tablet.json', text: JSON.stringify(eventFile(orgSetup().bundle, t.events, 'tablet-file')) }];
		const previews = await organizer.previewFiles(files);
		expect(organizer.view!.eventCount).toBe(0); // a preview stores nothing
		const results = await organizer.importFiles(previews);
		expect(results).toEqual([expect.objectContaining({ file: 'tablet.json', ok: true })]);
		expect(organizer.view!.eventCount).toBe(t.events.length);
		expect(organizer.view!.deviceIds).toEqual(['tablet-file']);
	});

	it('lists the event’s devices and publications on connect, publishes after a sync, and reads the publications again after each sync', async () => {
		const { organizer, server, d } = await signedIn();
		await until(() => organizer.devices.devices.length === 1);
		expect(organizer.devices.devices[0]!.label).toBe('Table A');
		expect(server.requests).toContain('GET /api/public/events/day/results');
		// Everything this device recorded goes to the server before it publishes what it holds.
		const posts = () => server.requests.filter((r) => r === 'POST /api/events/day/publications').length;
		const postsAtSync: number[] = [];
		vi.spyOn(d.session.sync, 'syncNow').mockImplementation(async () => void postsAtSync.push(posts()));
		await organizer.publish({ competitionId: 'comp' });
		expect([postsAtSync, posts()]).toEqual([[0], 1]);
		expect(organizer.publications.get('comp')).toMatchObject({ version: 1, state: 'published' });
		const reads = () => server.requests.filter((r) => r === 'GET /api/public/events/day/results').length;
		const before = reads();
		d.sync.report({ state: 'online', lastSuccessAt: T0 + 96 * MIN });
		await until(() => reads() === before + 1);
	});

	it('after a sync, reads what it brought (issue 32 #2): nothing when it brought nothing; its events without reading the device again; the publications at most every 30 s', async () => {
		let clock = T0 + 95 * MIN;
		const count = { reads: 0, scorers: 0 };
		const sources: OrganizerViewSources = {
			...DEVICE_SOURCES,
			read: (db, eventId) => (count.reads++, DEVICE_SOURCES.read(db, eventId)),
			scorer: (setup) => (count.scorers++, DEVICE_SOURCES.scorer(setup))
		};
		const { organizer, server, d, db } = await signedIn(DESK, { now: () => clock, sources });
		await until(() => organizer.view?.eventCount === 0);
		await new Promise((r) => setTimeout(r, 20));
		expect([count.reads, count.scorers]).toEqual([1, 1]);
		const publications = () => server.requests.filter((r) => r === 'GET /api/public/events/day/results').length;
		const [reads, scorers, asked, view] = [count.reads, count.scorers, publications(), organizer.view];

		const nothing = { events: [], competitions: [], setupChanged: false, rosterChanged: false };
		clock += 60_000;
		d.sync.report({ state: 'online', lastSuccessAt: clock }, nothing);
		await new Promise((r) => setTimeout(r, 30));
		expect([count.reads, count.scorers, publications()]).toEqual([reads, scorers, asked]);
		expect(organizer.view).toBe(view);

		const t = tablet('tablet-a');
		t.start(T0, ['ana', 'bob', 'cyril']);
		await db.events.bulkAdd(t.events);
		d.sync.report({ state: 'online', lastSuccessAt: clock + 1 }, { ...nothing, events: t.events, competitions: ['comp'] });
		await until(() => organizer.view?.eventCount === t.events.length);
		expect([count.reads, count.scorers]).toEqual([reads, scorers]);
		await until(() => publications() === asked + 1); // a minute since the last: asked again
		const held = t.events.length;
		t.finish('ana', T0 + 40 * MIN);
		const more = t.events.slice(held);
		await db.events.bulkAdd(more);
		d.sync.report({ state: 'online', lastSuccessAt: clock + 2 }, { ...nothing, events: more, competitions: ['comp'] });
		await until(() => organizer.view?.eventCount === t.events.length);
		await new Promise((r) => setTimeout(r, 30));
		expect([count.reads, count.scorers, publications()]).toEqual([reads, scorers, asked + 1]); // within 30 s: not asked
		expect(organizer.view!.standings[0]!.standings.rows.find((r) => r.entryId === 'ana')!.outcome.status).toBe('finished');
	});

	it('after a sync that brought nothing, scores again only where time alone changed the standings (a limit passed), reading nothing', async () => {
		let clock = T0 + 50 * MIN;
		const count = { reads: 0 };
		const sources: OrganizerViewSources = { ...DEVICE_SOURCES, read: (db, eventId) => (count.reads++, DEVICE_SOURCES.read(db, eventId)) };
		const { organizer, d, db } = await signedIn(DESK, { now: () => clock, sources });
		const t = tablet('tablet-a');
		t.start(T0, ['ana', 'bob', 'cyril']);
		await db.events.bulkAdd(t.events);
		const nothing = { events: [], competitions: [], setupChanged: false, rosterChanged: false };
		d.sync.report({ state: 'online', lastSuccessAt: clock }, { ...nothing, events: t.events, competitions: ['comp'] });
		const status = () => organizer.view?.standings[0]?.standings.rows.map((r) => r.outcome.status).join(',');
		await until(() => status() === 'running,running,running');
		const [reads, view] = [count.reads, organizer.view];

		clock = T0 + 80 * MIN;
		d.sync.report({ state: 'online', lastSuccessAt: clock }, nothing);
		await new Promise((r) => setTimeout(r, 30));
		expect(organizer.view).toBe(view);
		// Past the 90-minute limit: the same sync that brings nothing shows them unfinished.
		clock = T0 + 91 * MIN;
		d.sync.report({ state: 'online', lastSuccessAt: clock }, nothing);
		await until(() => status() === 'unfinished,unfinished,unfinished');
		expect(count.reads).toBe(reads);
	});

	it('the event’s name: as created on this device, else from its set-up; leaving forgets the pairing and the event', async () => {
		const { organizer, d } = await signedIn(null);
		expect(organizer.pairing).toBeNull();
		const { db } = await d.session.opened();
		await savePairing(db, DESK);
		await organizer.paired(DESK, { eventName: 'Spring cup' });
		expect(organizer.pairing?.eventId).toBe('day');
		expect(organizer.eventName).toBe('Spring cup');
		organizer.created = null;
		keep(organizer.connect());
		await until(() => organizer.eventName === 'Puzzle day');

		organizer.detail = { competitionId: 'comp', entryId: 'ana' };
		await organizer.leave();
		expect([organizer.pairing, organizer.detail, d.session.pairing]).toEqual([null, null, null]);
		await until(() => organizer.view === null);
	});
});
