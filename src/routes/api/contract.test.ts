import { isHttpError, type RequestEvent } from '@sveltejs/kit';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { DeviceLog } from '$lib/events/builder';
import { JudgeEventSchema } from '$lib/events/schema';
import { EVENT_FILE_FORMAT, EVENT_FILE_VERSION, type EventFile } from '$lib/files/event-file';
import { apiHandle } from '$lib/server/api-handle';
import { backupText } from '$lib/server/backup';
import { BackupEndSchema, BackupHeaderSchema, ITEM_SCHEMAS, type ItemKind } from '$lib/server/backup-format';
import { busyEvent, EVENT as BUSY, MIN, T0 } from '$lib/server/backup.testkit';
import { closeStore, getStore, openStore } from '$lib/server/db';
import { presetById } from '$lib/rules/presets';
import { quickSetup } from '$lib/station/quick-setup';
import { API, ErrorBodySchema, pathOf, type Endpoint } from '$lib/contract';
import { describeIssues, toIssues } from '$lib/validation';
import { jpegBytes, pngBytes, sha256Hex } from '$lib/server/photo.testkit';

/**
 * The contract (src/lib/contract) held against the server: every endpoint of /api is called
 * through the route handlers of src/routes/api and the server's /api hook (api-handle.ts) on a
 * real SQLite store, and every answer, success or error, must be exactly what its schema says:
 * it parses, and parsing neither drops a field (one the schema does not know) nor fills one in
 * (a default the server left to the client). The bodies and queries sent must be what the
 * request schemas take. A route without an endpoint, or an endpoint never answered both ways,
 * fails too.
 */

type Handler = (event: RequestEvent) => Response | Promise<Response>;
const ROUTES = import.meta.glob<Record<string, Handler>>('./**/+server.ts', { eager: true });
const routeOf = (file: string) => `/api${file.slice(1).replace(/\/\+server\.ts$/, '')}`;
const HANDLERS = new Map(Object.entries(ROUTES).map(([file, module]) => [routeOf(file), module]));

const ENDPOINTS = Object.entries(API) as [keyof typeof API, Endpoint][];
/** Endpoints with no error to provoke through the API (the store failing, the clock). */
const NO_ERROR_ANSWER = new Set<keyof typeof API>(['health', 'time']);
const ADMIN_KEY = 'contract-admin-key-0123456789';

const answered = { ok: new Set<string>(), error: new Set<string>() };
let dir: string;
let sourceDir: string;

interface Call {
	params?: Record<string, string>;
	query?: Record<string, string>;
	/** A JSON body (checked against the endpoint's request schema when the call succeeds). */
	body?: unknown;
	/** A body that is not JSON of a schema (a file, a photo's bytes), with its type. */
	raw?: { text: string | Uint8Array; type: string };
	token?: string | null;
	address?: string;
	/** More request headers (the display mode a tablet says). */
	headers?: Record<string, string>;
	/** A stream that stays open (text/event-stream): its first message is read, then the device goes. */
	stream?: boolean;
}

/** What SvelteKit makes of a route's thrown error(): its body as JSON, with its status. */
async function resolveRoute(event: RequestEvent, handler: Handler): Promise<Response> {
	try {
		return await handler(event);
	} catch (e) {
		if (isHttpError(e)) return new Response(JSON.stringify(e.body), { status: e.status, headers: { 'content-type': 'application/json' } });
		throw e;
	}
}

/** Calls `name` and checks its answer: `status` the one expected (the endpoint's success status by default). */
async function call(name: keyof typeof API, expected: number, c: Call = {}): Promise<{ status: number; body: unknown; text: string }> {
	const endpoint: Endpoint = API[name];
	const handler = HANDLERS.get(endpoint.route)?.[endpoint.method];
	if (!handler) throw new Error(`no ${endpoint.method} handler in src/routes${endpoint.route}/+server.ts`);
	const url = new URL(`http://contract.test${pathOf(endpoint, c.params)}${c.query ? `?${new URLSearchParams(c.query)}` : ''}`);
	const headers: Record<string, string> = { accept: 'application/json', ...c.headers };
	if (c.token) headers.authorization = `Bearer ${c.token}`;
	let body: string | Uint8Array | undefined;
	if (c.raw) [body, headers['content-type']] = [c.raw.text, c.raw.type];
	else if (c.body !== undefined) [body, headers['content-type']] = [JSON.stringify(c.body), 'application/json'];
	const leave = new AbortController();
	const request = new Request(url, { method: endpoint.method, headers, body: body as BodyInit | undefined, signal: leave.signal });
	const event = { request, url, params: c.params ?? {}, route: { id: endpoint.route }, getClientAddress: () => c.address ?? '127.0.0.1' } as unknown as RequestEvent;
	const response = await apiHandle({ event, resolve: (e) => resolveRoute(e, handler) });
	const text = c.stream && response.ok ? await firstMessage(response, leave) : await response.text();
	expect(response.status, `${name}: ${text.slice(0, 300)}`).toBe(expected);
	const success = expected < 400;
	answered[success ? 'ok' : 'error'].add(name);
	if (success) expect(response.headers.get('cache-control'), name).toBe(endpoint.cache);
	if (success && c.body !== undefined && endpoint.body) expectExactly(endpoint.body, c.body, `${name}'s request`, { defaults: true });
	if (success && c.query && endpoint.query) expect(endpoint.query.safeParse(c.query).success, `${name}'s query`).toBe(true);
	// A file (the backup) is checked by its caller.
	if (success && endpoint.answer === null) return { status: response.status, body: undefined, text };
	const json: unknown = JSON.parse(text);
	expectExactly(success ? endpoint.answer! : ErrorBodySchema, json, `${name} ${expected}`);
	return { status: response.status, body: json, text };
}

/** A stream's text up to its first message (a blank line); then the device goes. */
async function firstMessage(response: Response, leave: AbortController): Promise<string> {
	const reader = response.body!.getReader();
	const decoder = new TextDecoder();
	let text = '';
	while (!text.includes('\n\n')) {
		const { value, done } = await reader.read();
		if (done) break;
		text += decoder.decode(value, { stream: true });
	}
	leave.abort();
	return text;
}

/**
 * `value` as `schema` takes it: it parses, and the parsed value is the value itself (nothing
 * dropped; nothing filled in, unless `defaults`: a request may leave a field to its default).
 */
function expectExactly(schema: z.ZodMiniType, value: unknown, what: string, options: { defaults?: boolean } = {}): void {
	const parsed = schema.safeParse(value);
	if (!parsed.success) expect.fail(`${what}: does not parse with its schema: ${describeIssues(toIssues(parsed.error)).slice(0, 1000)}`);
	const differs = difference(parsed.data, value, '', options.defaults ?? false);
	if (differs) expect.fail(`${what}: ${differs}`);
}

/** Where the parsed value differs from what was sent: a field dropped, filled in or changed; null when none. */
function difference(parsed: unknown, sent: unknown, path: string, defaults: boolean): string | null {
	const where = path || '(root)';
	if (typeof parsed !== 'object' || parsed === null || typeof sent !== 'object' || sent === null)
		return Object.is(parsed, sent) ? null : `${where}: ${JSON.stringify(sent)} parses as ${JSON.stringify(parsed)}`;
	const got = parsed as Record<string, unknown>;
	const had = sent as Record<string, unknown>;
	for (const key of new Set([...Object.keys(got), ...Object.keys(had)])) {
		const at = Array.isArray(sent) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
		if (!(key in got)) return `${at}: a field the schema does not know`;
		if (!(key in had)) {
			if (defaults) continue;
			return `${at}: the schema fills it in (the server left it out)`;
		}
		const inner = difference(got[key], had[key], at, defaults);
		if (inner) return inner;
	}
	return null;
}

function tabletFile(): EventFile {
	const q = quickSetup({ presetId: 'czjpa-individual', seatNames: ['Ann', 'Bob'], day: '2026-05-16', suffix: 'file1' });
	if (!q.ok) throw new Error('quick set-up');
	const { bundle, competitionId, heatId } = q.value;
	const log = new DeviceLog({ deviceId: 'tab-f', judge: 'Eva', competitionId, heatId });
	log.start(T0, bundle.entries.map((e) => e.id));
	log.hand(bundle.entries[0]!.id, T0 + 30 * MIN);
	const setup = { events: bundle.days, rulesets: bundle.rulesets, competitions: bundle.competitions, heats: bundle.heats, entries: bundle.entries };
	return { format: EVENT_FILE_FORMAT, version: EVENT_FILE_VERSION, exportedAt: T0 + 60 * MIN, deviceId: 'tab-f', setup, log: log.events };
}

/** The busy event of the backup tests (something in every table), made on another server: its backup, its tokens, its merge. */
function busyBackup() {
	sourceDir = mkdtempSync(join(tmpdir(), 'puzzle-judge-contract-source-'));
	const source = openStore(sourceDir);
	try {
		const busy = busyEvent(source);
		return { ...busy, backup: backupText(source, BUSY, T0 + 90 * MIN) };
	} finally {
		source.close();
	}
}

beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-contract-'));
	process.env.DATA_DIR = dir;
	process.env.ADMIN_KEY = ADMIN_KEY;
	getStore();
});

afterAll(() => {
	closeStore();
	delete process.env.ADMIN_KEY;
	rmSync(dir, { recursive: true, force: true });
	if (sourceDir) rmSync(sourceDir, { recursive: true, force: true });
});

describe('the API answers as its contract says (src/lib/contract)', () => {
	it('every route is an endpoint of the contract, and every endpoint a route', () => {
		const routes = [...HANDLERS].flatMap(([route, module]) => Object.keys(module).map((method) => `${method} ${route}`));
		expect(routes.sort()).toEqual(ENDPOINTS.map(([, e]) => `${e.method} ${e.route}`).sort());
	});

	it('every endpoint, on success and on error, answers what its schema takes', async () => {
		await call('health', 200);
		await call('time', 200);

		// Creating an event (this server has an admin key), and restoring another server's event.
		await call('createEvent', 401, { body: { event: { name: 'Contract cup', date: '2026-06-01' } } });
		const created = (await call('createEvent', 201, { body: { event: { name: 'Contract cup', date: '2026-06-01', venue: 'Hall' }, label: 'Desk' }, token: ADMIN_KEY })).body as { eventId: string; token: string };
		const { org, judge, merge, competitions, backup } = busyBackup();
		await call('restore', 201, { raw: { text: backup, type: 'application/x-ndjson' }, token: ADMIN_KEY });
		await call('restore', 409, { raw: { text: backup, type: 'application/x-ndjson' }, token: ADMIN_KEY });
		const event = { eventId: BUSY };
		const asOrganizer = { params: event, token: org.token };

		await call('setup', 200, asOrganizer);
		await call('setup', 401, { params: event });
		await call('roster', 200, asOrganizer);
		await call('roster', 401, { params: event });
		await call('writeSetup', 200, { ...asOrganizer, body: { heats: [{ id: 'b-f-h2', competitionId: competitions.f, name: 'Final heat 2' }] } });
		await call('writeSetup', 400, { ...asOrganizer, body: { heats: [{ id: 'b-f-h3', competitionId: 'nowhere', name: 'X' }] } });

		// Devices: listed, added, paired with the code, checked, bound, revoked.
		await call('devices', 200, asOrganizer);
		await call('devices', 403, { params: event, token: judge.token });
		const added = (await call('addDevice', 201, { ...asOrganizer, body: { role: 'judge', label: 'Table 9' } })).body as { device: { id: string }; code: string };
		await call('addDevice', 400, { ...asOrganizer, body: { role: 'judge', label: ' ' } });
		const paired = (await call('pair', 200, { body: { code: added.code, deviceId: 'tab-9' } })).body as { token: string };
		await call('pair', 404, { body: { code: added.code } });
		await call('device', 200, { token: paired.token });
		await call('device', 401, { token: null });
		await call('claimDevice', 200, { body: { deviceId: 'tab-9' }, token: paired.token });
		await call('claimDevice', 409, { body: { deviceId: 'tab-10' }, token: paired.token });
		const spare = (await call('addDevice', 201, { ...asOrganizer, body: { role: 'display', label: 'Hall screen' } })).body as { device: { id: string } };
		await call('revokeDevice', 200, { ...asOrganizer, params: { ...event, deviceId: spare.device.id } });
		await call('revokeDevice', 404, { ...asOrganizer, params: { ...event, deviceId: 'dev-nobody' } });

		// Table cards: printed for a seated heat, listed, a tablet pairs with one, revoked.
		const printed = (await call('printCards', 201, { ...asOrganizer, body: { heatId: 'b-q-h1' } })).body as { cards: { id: string; link: string }[] };
		await call('printCards', 404, { ...asOrganizer, body: { heatId: 'nowhere' } });
		await call('tableCards', 200, asOrganizer);
		await call('tableCards', 403, { params: event, token: judge.token });
		const cardSecret = new URLSearchParams(new URL(printed.cards[0]!.link).hash.slice(1)).get('card')!;
		await call('pairCard', 200, { body: { card: cardSecret, deviceId: 'tab-c1' } });
		await call('pairCard', 400, { body: { card: 'x' } });
		await call('revokeCard', 200, { ...asOrganizer, params: { ...event, cardId: printed.cards[0]!.id } });
		await call('revokeCard', 404, { ...asOrganizer, params: { ...event, cardId: 'card-nobody' } });
		await call('pairCard', 410, { body: { card: cardSecret, deviceId: 'tab-c2' } });

		// Judge events: pushed (one refused) with a clock report, pulled page by page.
		const log = new DeviceLog({ deviceId: 'tab-9', judge: 'Ola', competitionId: competitions.q, heatId: 'b-q-h2' });
		const events = [log.start(T0 + 5 * MIN, ['b-q-e3', 'b-q-e4']), log.hand('b-q-e3', T0 + 50 * MIN)];
		const clock = { offsetMs: 7, roundTripMs: 12, measuredAt: T0 + 51 * MIN };
		const pushed = (await call('push', 200, { params: event, token: paired.token, body: { events: [...events, { id: 'broken' }], clock } })).body as { refused: unknown[] };
		expect(pushed.refused).toHaveLength(1);
		await call('push', 400, { params: event, token: paired.token, body: { events: 'all' } });
		const page = (await call('pull', 200, { params: event, token: paired.token, query: { after: '0', limit: '3' } })).body as { events: unknown[]; more: boolean };
		expect(page.more).toBe(true);
		for (const e of page.events) expectExactly(JudgeEventSchema, e, 'a pulled event');
		await call('pull', 400, { params: event, token: paired.token, query: { after: '-1' } });
		// The announcement stream opens with its "open" message (issue 32 #1); a device of another event is refused.
		expect((await call('announcements', 200, { params: event, token: paired.token, stream: true })).text).toBe('retry: 5000\nevent: open\ndata: {}\n\n');
		await call('announcements', 401, { params: event });
		// The display mode a tablet says with its pull: noted on its own row only, listed for the organizer.
		await call('pull', 200, { params: event, token: paired.token, query: { after: '0', limit: '1' }, headers: { 'x-display-mode': 'standalone' } });
		await call('pull', 400, { params: event, token: paired.token, query: { after: '0', limit: '1' }, headers: { 'x-display-mode': 'kiosk' } });
		const listed = (await call('devices', 200, asOrganizer)).body as { devices: { id: string; displayMode?: { mode: string } | null }[] };
		expect(listed.devices.filter((d) => d.displayMode).map((d) => [d.id, d.displayMode!.mode])).toEqual([[added.device.id, 'standalone']]);

		// Heats started on every tablet.
		await call('startHeat', 201, { ...asOrganizer, body: { id: 'start-2', competitionId: competitions.f, heatId: 'b-f-h1', organizerAt: T0 + 70 * MIN, offsetMs: null } });
		await call('startHeat', 404, { ...asOrganizer, body: { id: 'start-3', competitionId: competitions.f, heatId: 'nowhere', organizerAt: T0, offsetMs: 3 } });
		await call('heatStarts', 200, { params: event, token: paired.token, query: { after: '0' } });
		await call('heatStarts', 400, { params: event, token: paired.token, query: { after: 'soon' } });

		// Photos of evidence (issue 33): a judge's tablet sends one (the same again: 200, nothing stored), asks whether the
		// server holds it; the organizer lists them, sees one, sets the retention. The restored busy event brought one.
		const photo = jpegBytes(5000, 33);
		const photoAt = { ...event, hash: sha256Hex(photo) };
		const photoMeta = { competitionId: competitions.q, heatId: 'b-q-h2', entryId: 'b-q-e3', subject: 'tally', takenAt: String(T0 + 50 * MIN), width: '1600', height: '1200' };
		await call('uploadPhoto', 201, { params: photoAt, token: paired.token, query: photoMeta, raw: { text: photo, type: 'image/jpeg' } });
		await call('uploadPhoto', 200, { params: photoAt, token: paired.token, query: photoMeta, raw: { text: photo, type: 'image/jpeg' } });
		const png = pngBytes(5000);
		await call('uploadPhoto', 415, { params: { ...event, hash: sha256Hex(png) }, token: paired.token, query: photoMeta, raw: { text: png, type: 'image/jpeg' } });
		await call('hasPhoto', 200, { params: photoAt, token: paired.token });
		await call('hasPhoto', 404, { params: { ...event, hash: sha256Hex(png) }, token: paired.token });
		const photoBytes = await call('photo', 200, { ...asOrganizer, params: photoAt });
		expect(photoBytes.text.length).toBeGreaterThan(0);
		await call('photo', 403, { params: photoAt, token: paired.token });
		const listedPhotos = (await call('photos', 200, { ...asOrganizer, query: { entryId: 'b-q-e3' } })).body as { photos: { hash: string }[] };
		expect(listedPhotos.photos.map((p) => p.hash)).toEqual([photoAt.hash]);
		await call('photos', 403, { params: event, token: paired.token });
		await call('evidence', 200, asOrganizer);
		await call('evidence', 403, { params: event, token: paired.token });
		await call('setEvidence', 200, { ...asOrganizer, body: { retentionDays: 45 } });
		await call('setEvidence', 400, { ...asOrganizer, body: { retentionDays: -1 } });

		// An entry's audit trail; merges (the same request again: 200), imports, the backup.
		await call('entryAudit', 200, { ...asOrganizer, params: { ...event, entryId: 'b-q-e3' } });
		await call('entryAudit', 404, { ...asOrganizer, params: { ...event, entryId: 'nobody' } });
		const { eventId: _e, recordedBy: _by, recordedAt: _at, ...request } = merge;
		await call('merge', 200, { ...asOrganizer, body: request });
		await call('merge', 404, { ...asOrganizer, body: { ...request, id: 'merge-2', keptCompetitionId: 'nowhere' } });
		await call('importFile', 200, { ...asOrganizer, query: { name: 'tab-f.json' }, raw: { text: JSON.stringify(tabletFile()), type: 'application/json' } });
		await call('importFile', 400, { ...asOrganizer, raw: { text: '{"format": "something else"}', type: 'application/json' } });
		const lines = (await call('backup', 200, asOrganizer)).text.trimEnd().split('\n').map((l) => JSON.parse(l) as { kind?: ItemKind | 'end' });
		expectExactly(BackupHeaderSchema, lines[0], 'the backup header');
		for (const line of lines.slice(1, -1)) expectExactly(ITEM_SCHEMAS[line.kind as ItemKind], line, `a backup line of kind ${line.kind}`);
		expectExactly(BackupEndSchema, lines.at(-1), 'the backup end');
		await call('backup', 403, { params: event, token: paired.token });
		// The organizer erases the event's evidence now (its backup above held the photos).
		expect(lines.filter((l) => l.kind === 'photo')).toHaveLength(2);
		await call('eraseEvidence', 200, asOrganizer);
		await call('eraseEvidence', 403, { params: event, token: paired.token });

		// The register: people, registrations, a stale edit (409 with both records), an import, the history, an erasure.
		const person = { id: 'p-ann', name: 'Ann Example', birthDate: '1990-01-02', email: 'ann@example.org', phone: '+420 777 123 456' };
		await call('createPerson', 201, { ...asOrganizer, body: { person } });
		await call('createPerson', 400, { ...asOrganizer, body: { person: { ...person, id: 'p-bad', email: 'no address' } } });
		await call('people', 200, asOrganizer);
		await call('people', 403, { params: event, token: judge.token });
		await call('person', 200, { ...asOrganizer, params: { ...event, personId: 'p-ann' } });
		await call('person', 404, { ...asOrganizer, params: { ...event, personId: 'nobody' } });
		const { id: _id, ...annValues } = person;
		await call('changePerson', 200, { ...asOrganizer, params: { ...event, personId: 'p-ann' }, body: { person: { ...annValues, notes: 'left-handed' }, expectedVersion: 1 } });
		const stale = (await call('changePerson', 409, { ...asOrganizer, params: { ...event, personId: 'p-ann' }, body: { person: { ...annValues, club: 'Brno' }, expectedVersion: 1 } })).body as { conflict: { current: { version: number } } };
		expect(stale.conflict.current.version).toBe(2);
		await call('createRegistration', 201, { ...asOrganizer, body: { registration: { id: 'r-ann', competitionId: competitions.q, memberIds: ['p-ann'], registeredAt: T0 } } });
		await call('createRegistration', 409, { ...asOrganizer, body: { registration: { id: 'r-ann2', competitionId: competitions.q, memberIds: ['p-ann'] } } });
		await call('registrations', 200, asOrganizer);
		await call('registrations', 401, { params: event });
		await call('actOnRegistration', 200, { ...asOrganizer, params: { ...event, registrationId: 'r-ann' }, body: { action: 'pay', expectedVersion: 1, paid: { amount: 400, at: T0 + MIN } } });
		await call('actOnRegistration', 409, { ...asOrganizer, params: { ...event, registrationId: 'r-ann' }, body: { action: 'cancel', expectedVersion: 1 } });
		await call('importRegistrations', 200, { ...asOrganizer, body: { rows: [{ name: 'Bea Example', birthDate: '1991-02-03', competitionId: competitions.q, paid: true }] } });
		await call('importRegistrations', 400, { ...asOrganizer, body: { rows: [{ name: 'Cy', competitionId: 'nowhere' }] } });
		await call('register', 200, asOrganizer);
		await call('register', 403, { params: event, token: paired.token });
		await call('personHistory', 200, { ...asOrganizer, params: { ...event, personId: 'p-ann' } });
		await call('personHistory', 404, { ...asOrganizer, params: { ...event, personId: 'nobody' } });
		await call('erasePerson', 200, { ...asOrganizer, params: { ...event, personId: 'p-ann' } });
		await call('erasePerson', 404, { ...asOrganizer, params: { ...event, personId: 'nobody' } });

		// Protests (issue 33 #3): recorded in a protest window, listed, decided; the next version answers it.
		await call('publish', 201, { ...asOrganizer, body: { competitionId: competitions.qa, protestMinutes: 30 } });
		const qaEntry = getStore().listEntries(BUSY, competitions.qa)[0]!.id;
		await call('recordProtest', 201, { ...asOrganizer, body: { id: 'protest-1', competitionId: competitions.qa, entryIds: [qaEntry], raisedBy: 'Ana', claim: 'Bob was timed late' } });
		await call('recordProtest', 409, { ...asOrganizer, body: { id: 'protest-2', competitionId: competitions.q, entryIds: ['b-q-e1'], raisedBy: 'Ana', claim: 'Too late' } });
		await call('protests', 200, { ...asOrganizer, query: { competitionId: competitions.qa } });
		await call('protests', 403, { params: event, token: judge.token });
		await call('decideProtest', 200, { ...asOrganizer, params: { ...event, protestId: 'protest-1' }, body: { decision: 'rejected', reason: 'The record shows the time' } });
		await call('decideProtest', 409, { ...asOrganizer, params: { ...event, protestId: 'protest-1' }, body: { decision: 'rejected', reason: 'Again' } });

		// Publishing: a version, made final; the public reads them without a token.
		await call('publish', 201, { ...asOrganizer, body: { competitionId: competitions.qa, note: 'first results' } });
		await call('publish', 409, { ...asOrganizer, body: { competitionId: competitions.q } });
		await call('finalize', 200, { ...asOrganizer, params: { ...event, competitionId: competitions.qa } });
		await call('finalize', 409, { ...asOrganizer, params: { ...event, competitionId: competitions.qa } });
		await call('publicResults', 200, { params: event });
		await call('publicResults', 404, { params: { eventId: 'nowhere' } });
		await call('publicCompetition', 200, { params: { ...event, competitionId: competitions.q }, query: { version: '1' } });
		await call('publicCompetition', 400, { params: { ...event, competitionId: competitions.q }, query: { version: 'first' } });

		// Live results: the organizer shows a competition live; the public reads it and its stream without a token.
		await call('setLive', 200, { ...asOrganizer, params: { ...event, competitionId: competitions.qa }, body: { show: true } });
		await call('setLive', 400, { ...asOrganizer, params: { ...event, competitionId: competitions.qa }, body: { show: 'yes' } });
		await call('liveEvent', 200, { params: event });
		await call('liveEvent', 404, { params: { eventId: 'nowhere' } });
		await call('liveCompetition', 200, { params: { ...event, competitionId: competitions.qa }, query: { v: 'abc' } });
		await call('liveCompetition', 404, { params: { ...event, competitionId: competitions.f } });
		expect((await call('liveAnnouncements', 200, { params: event, stream: true })).text).toBe('retry: 5000\nevent: open\ndata: {}\n\n');
		await call('liveAnnouncements', 404, { params: { eventId: 'nowhere' } });

		// The event created at the start works as the restored one does.
		await call('setup', 200, { params: { eventId: created.eventId }, token: created.token });

		// Its preparation: details, a competition from a preset, a ruleset version, heats.
		const prep = { params: { eventId: created.eventId }, token: created.token };
		await call('eventDetails', 200, { ...prep, body: { name: 'Contract cup', date: '2026-06-01', venue: 'Hall', language: 'cs', currency: 'CZK' } });
		await call('eventDetails', 400, { ...prep, body: { name: '', date: '2026-06-01' } });
		const addedC = (await call('addCompetition', 201, { ...prep, body: { presetId: 'czjpa-individual', name: 'Individuals' } })).body as { competition: { id: string }; ruleset: { timeLimitMs: number } };
		await call('addCompetition', 400, { ...prep, body: { presetId: 'no-such-preset' } });
		const prepC = { params: { eventId: created.eventId, competitionId: addedC.competition.id }, token: created.token };
		await call('reviseRuleset', 201, { ...prepC, body: { baseVersion: 1, ruleset: { ...presetById('czjpa-individual')!, timeLimitMs: 100 * MIN }, reason: 'More time' } });
		await call('reviseRuleset', 409, { ...prepC, body: { baseVersion: 1, ruleset: { ...presetById('czjpa-individual')!, timeLimitMs: 80 * MIN }, reason: 'Stale' } });
		const heat = ((await call('addHeat', 201, { ...prepC, body: { name: 'Heat 1' } })).body as { heat: { id: string } }).heat;
		await call('addHeat', 404, { ...prepC, params: { eventId: created.eventId, competitionId: 'nowhere' }, body: { name: 'Heat 1' } });
		const prepH = { params: { eventId: created.eventId, heatId: heat.id }, token: created.token };
		await call('renameHeat', 200, { ...prepH, body: { name: 'Morning' } });
		await call('renameHeat', 400, { ...prepH, body: { name: '' } });
		await call('preparation', 200, prep);
		await call('preparation', 401, { params: { eventId: created.eventId } });
		await call('removeHeat', 200, prepH);
		await call('removeHeat', 404, prepH);

		// The relay's teams drawn from four people registered alone, a redraw refused without a reason, a team renamed.
		const relay = ((await call('addCompetition', 201, { ...prep, body: { presetId: 'czjpa-team-relay', name: 'Relay' } })).body as { competition: { id: string } }).competition;
		for (const i of [1, 2, 3, 4]) {
			await call('createPerson', 201, { ...prep, body: { person: { id: `p-relay-${i}`, name: `Relay ${i}`, birthDate: '1990-01-02' } } });
			await call('createRegistration', 201, { ...prep, body: { registration: { id: `r-relay-${i}`, competitionId: relay.id, memberIds: [`p-relay-${i}`] }, despiteProblems: true } });
		}
		const drawn = ((await call('drawTeams', 201, { ...prep, body: { competitionId: relay.id, seed: '4-2-6', leftoverChoice: 'waiting', teamName: 'Team' } })).body as { draw: { id: string; teams: { id: string }[] } }).draw;
		await call('drawTeams', 400, { ...prep, body: { competitionId: relay.id, seed: 'again', leftoverChoice: 'waiting' } });
		await call('renameTeam', 200, { ...prep, params: { eventId: created.eventId, drawId: drawn.id, teamId: drawn.teams[0]!.id }, body: { name: 'Fast fingers' } });
		await call('renameTeam', 404, { ...prep, params: { eventId: created.eventId, drawId: 'draw-none', teamId: 'x' }, body: { name: 'X' } });
		// Turns by lot (ES-SHIFT) among the relay's two heats, and a swap of two entries in different turns.
		await call('drawTurns', 400, { ...prep, body: { competitionId: relay.id, seed: 'turnos', capacities: {} } });
		const relayHeat2 = ((await call('addHeat', 201, { ...prep, params: { eventId: created.eventId, competitionId: relay.id }, body: { name: 'Afternoon' } })).body as { heat: { id: string } }).heat;
		const relayHeat1 = ((await call('setup', 200, prep)).body as { heats: { id: string; competitionId: string }[] }).heats.find((h) => h.competitionId === relay.id && h.id !== relayHeat2.id)!.id;
		const turns = ((await call('drawTurns', 201, { ...prep, body: { competitionId: relay.id, seed: 'turnos', capacities: { [relayHeat1]: 2, [relayHeat2.id]: 2 }, reason: 'first' } })).body as { draw: { id: string; assigned: Record<string, string> } }).draw;
		const [inA, inB] = [Object.keys(turns.assigned).find((id) => turns.assigned[id] === relayHeat2.id)!, Object.keys(turns.assigned).find((id) => turns.assigned[id] !== relayHeat2.id)!];
		await call('swapTurns', 201, { ...prep, params: { eventId: created.eventId, drawId: turns.id }, body: { a: inA, b: inB } });
		await call('swapTurns', 404, { ...prep, params: { eventId: created.eventId, drawId: 'draw-none' }, body: { a: inA, b: inB } });
		await call('draws', 200, prep);
		await call('draws', 403, { params: event, token: judge.token });

		// Wrong pairing codes, at last, until the address must wait: 429 is an error answer like any other.
		let status = 404;
		for (let i = 0; i < 10 && status === 404; i++) status = (await call('pair', i < 5 ? 404 : 429, { body: { code: 'ZZZZ-ZZZZ' }, address: '192.0.2.7' })).status;
		expect(status).toBe(429);

		for (const [name] of ENDPOINTS) {
			expect(answered.ok.has(name), `${name} answered a success`).toBe(true);
			if (!NO_ERROR_ANSWER.has(name)) expect(answered.error.has(name), `${name} answered an error`).toBe(true);
		}
	});
});
