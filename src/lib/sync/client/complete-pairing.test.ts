import { describe, expect, it } from 'vitest';
import { pairUrl } from '$lib/contract/pair-link';
import { presetById } from '$lib/rules/presets';
import { listSetup } from '$lib/db/setup-store';
import { EventLog } from '$lib/db/event-log';
import { parsePairLink } from '$lib/contract/pair-link';
import { cardUrl, parseCardLink } from '$lib/contract/card-link';
import { m } from '$lib/i18n';
import { describePairingProblem } from '$lib/sync/ui/pairing-messages';
import type { SetupResponse } from '$lib/contract';
import { pairWithCard, pairWithCode, pairWithLink, unpair, type PairingDeps } from './complete-pairing';
import { loadPairing, savePairing } from './pairing';
import type { PairingChange } from './pairing-changed';
import { freshDb } from './fake-server.testkit';
import type { FetchLike } from './environment';

const SERVER = 'http://judge.test:3000';
const TOKEN = 'tok_0123456789abcdefghijklmn';
const CODE_TOKEN = 'fresh_0123456789abcdefghijk';
const CARD = 'card_0123456789abcdefghijklmn';
const ruleset = presetById('czjpa-individual')!;

const SETUP: SetupResponse = {
	event: { id: 'spring-cup', name: 'Spring cup', date: '2026-04-11' },
	rulesets: [ruleset],
	competitions: [{ id: 'ind', eventId: 'spring-cup', name: 'Individuals', ruleset: { id: ruleset.id, version: ruleset.version } }],
	heats: [{ id: 'h1', competitionId: 'ind', name: 'Heat 1' }],
	entries: [{ id: 'h1-s1', competitionId: 'ind', heatId: 'h1', name: 'Adéla', members: [], seat: '1' }],
	merges: [],
	deviceCompetitionIds: []
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A server that knows TOKEN (a judge of spring-cup) and the code K7P2-QX9M (once). The judge's
 * token is bound to the first tablet that says which device it is (`boundTo` to start bound).
 */
function fakeServer(opts: { down?: boolean; setupFails?: number; tokenEvent?: string; boundTo?: string; throttled?: number } = {}) {
	const requests: { method: string; url: string; auth: string | null; body: unknown }[] = [];
	let codeUsed = false;
	let bound = opts.boundTo ?? null;
	const fetch: FetchLike = async (url, init = {}) => {
		const auth = (init.headers as Record<string, string> | undefined)?.authorization ?? null;
		const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
		requests.push({ method: init.method ?? 'GET', url, auth, body });
		if (opts.down) throw new TypeError('fetch failed');
		const path = new URL(url).pathname;
		const known = auth === `Bearer ${TOKEN}` || auth === `Bearer ${CODE_TOKEN}`;
		if (path === '/api/pair') {
			if (opts.throttled) return new Response(JSON.stringify({ message: 'too many wrong pairing codes' }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': String(opts.throttled) } });
			const { code, deviceId } = body as { code: string; deviceId?: string };
			if (code.toUpperCase().replace('-', '') !== 'K7P2QX9M' || codeUsed) return json(404, { message: 'this code is unknown, used or expired: ask the organizer for a new one' });
			codeUsed = true;
			bound = deviceId ?? null; // a redeemed code binds its token to the tablet anew
			return json(200, { eventId: 'spring-cup', device: { id: 'd1', role: 'judge', label: 'Table 3' }, token: CODE_TOKEN });
		}
		if (path === '/api/pair/card') {
			// The server's words (src/routes/api/pair/card/+server.ts): wrong cards count with wrong codes.
			if (opts.throttled) return new Response(JSON.stringify({ message: `too many wrong table cards: wait ${opts.throttled} s, then scan the card again` }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': String(opts.throttled) } });
			return json(404, { message: 'this table card is unknown' });
		}
		if (!known) return json(401, { message: 'a valid device token is required' });
		if (path === '/api/device') {
			if (init.method === 'POST') {
				const { deviceId } = body as { deviceId: string };
				if (bound !== null && bound !== deviceId) return json(409, { message: 'this pairing is already used by another tablet' });
				bound = deviceId;
			}
			return json(200, { device: { id: 'd1', eventId: opts.tokenEvent ?? 'spring-cup', role: 'judge', label: 'Table 3' } });
		}
		if (path === '/api/events/spring-cup/setup') {
			if (opts.setupFails) return json(opts.setupFails, { message: `failed with ${opts.setupFails}` });
			return json(200, SETUP);
		}
		return json(404, { message: 'not found' });
	};
	return { fetch, requests };
}

function depsFor(fetch: FetchLike, extra: Partial<PairingDeps> = {}) {
	const changes: PairingChange[] = [];
	const deps: PairingDeps = {
		db: freshDb(),
		fetch,
		setTimeout: (cb, ms) => globalThis.setTimeout(cb, ms),
		clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
		notify: (c) => changes.push(c),
		...extra
	};
	return { deps, changes };
}

const link = () => parsePairLink(pairUrl(SERVER, 'spring-cup', TOKEN));

describe('pairing with a link', () => {
	it('checks the token, stores the set-up and the pairing, and announces it', async () => {
		const server = fakeServer();
		const { deps, changes } = depsFor(server.fetch);
		const result = await pairWithLink(link(), deps);
		expect(result).toMatchObject({ ok: true, eventName: 'Spring cup', setupSaved: true, setupProblem: null });
		expect(await loadPairing(deps.db)).toEqual({ server: SERVER, eventId: 'spring-cup', role: 'judge', deviceLabel: 'Table 3', token: TOKEN });
		const setup = await listSetup(deps.db);
		expect(setup.days.map((d) => d.name)).toEqual(['Spring cup']);
		expect(setup.competitions.map((c) => c.id)).toEqual(['ind']);
		expect(setup.entries.map((e) => e.name)).toEqual(['Adéla']);
		expect(changes).toEqual([{ paired: true, eventId: 'spring-cup' }]);
		expect(server.requests.map((r) => `${r.method} ${new URL(r.url).pathname} ${r.auth}`)).toEqual([
			`POST /api/device Bearer ${TOKEN}`,
			`GET /api/events/spring-cup/setup Bearer ${TOKEN}`
		]);
		// The tablet said which device it is: the one its event log records events as.
		const log = await EventLog.open(deps.db);
		expect(server.requests[0]!.body).toEqual({ deviceId: log.deviceId });
		log.close();
	});

	it("refuses a judge's link that another tablet holds already (409), storing nothing; that tablet pairs again", async () => {
		const server = fakeServer({ boundTo: 'tab-other' });
		const { deps, changes } = depsFor(server.fetch);
		expect(await pairWithLink(link(), deps)).toEqual({ ok: false, problem: { kind: 'token-refused', detail: 'this pairing is already used by another tablet' } });
		expect(await loadPairing(deps.db)).toBeNull();
		expect(changes).toEqual([]);
		const log = await EventLog.open(deps.db);
		const same = fakeServer({ boundTo: log.deviceId });
		log.close();
		expect(await pairWithLink(link(), { ...deps, fetch: same.fetch })).toMatchObject({ ok: true });
	});

	it('refuses a text that is not a pairing link, without asking anyone', async () => {
		const server = fakeServer();
		const { deps, changes } = depsFor(server.fetch);
		expect(await pairWithLink(parsePairLink('https://example.org/hello'), deps)).toEqual({ ok: false, problem: { kind: 'bad-link' } });
		expect(server.requests).toEqual([]);
		expect(await loadPairing(deps.db)).toBeNull();
		expect(changes).toEqual([]);
	});

	it('refuses a token the server does not know (401), storing nothing', async () => {
		const server = fakeServer();
		const { deps, changes } = depsFor(server.fetch);
		const result = await pairWithLink(parsePairLink(pairUrl(SERVER, 'spring-cup', 'revoked_0123456789abcdefghij')), deps);
		expect(result).toEqual({ ok: false, problem: { kind: 'token-refused', detail: 'a valid device token is required' } });
		expect(await loadPairing(deps.db)).toBeNull();
		expect((await listSetup(deps.db)).days).toEqual([]);
		expect(changes).toEqual([]);
	});

	it('refuses a token of another event than the link says', async () => {
		const { deps } = depsFor(fakeServer({ tokenEvent: 'other' }).fetch);
		expect(await pairWithLink(link(), deps)).toEqual({ ok: false, problem: { kind: 'wrong-event', expected: 'spring-cup', actual: 'other' } });
		expect(await loadPairing(deps.db)).toBeNull();
	});

	it('says the server is unreachable, or that the tablet is offline, storing nothing', async () => {
		const down = fakeServer({ down: true });
		const a = depsFor(down.fetch, { online: () => true });
		const unreachable = await pairWithLink(link(), a.deps);
		expect(unreachable).toMatchObject({ ok: false, problem: { kind: 'unreachable', server: SERVER } });
		expect(await loadPairing(a.deps.db)).toBeNull();
		const b = depsFor(down.fetch, { online: () => false });
		expect(await pairWithLink(link(), b.deps)).toEqual({ ok: false, problem: { kind: 'offline', server: SERVER } });
		expect(a.changes).toEqual([]);
	});

	it('keeps a verified pairing when only the set-up failed, and says so', async () => {
		const { deps } = depsFor(fakeServer({ setupFails: 500 }).fetch);
		const result = await pairWithLink(link(), deps);
		expect(result).toMatchObject({ ok: true, eventName: 'spring-cup', setupSaved: false, setupProblem: { kind: 'server-error', detail: 'failed with 500' } });
		expect((await loadPairing(deps.db))?.token).toBe(TOKEN);
	});

	it('refuses when the set-up refuses the token', async () => {
		const { deps } = depsFor(fakeServer({ setupFails: 403 }).fetch);
		expect(await pairWithLink(link(), deps)).toEqual({ ok: false, problem: { kind: 'token-refused', detail: 'failed with 403' } });
		expect(await loadPairing(deps.db)).toBeNull();
	});
});

describe('pairing with a code', () => {
	it('exchanges the code for a token, then finishes like a link; the same code again is refused', async () => {
		const server = fakeServer();
		const { deps, changes } = depsFor(server.fetch);
		const result = await pairWithCode(`${SERVER}/pair`, 'k7p2-qx9m', deps);
		expect(result).toMatchObject({ ok: true, eventName: 'Spring cup', pairing: { server: SERVER, token: CODE_TOKEN, role: 'judge', deviceLabel: 'Table 3' } });
		const log = await EventLog.open(deps.db);
		expect(server.requests[0]).toMatchObject({ method: 'POST', url: `${SERVER}/api/pair`, auth: null, body: { code: 'k7p2-qx9m', deviceId: log.deviceId } });
		log.close();
		expect(changes).toHaveLength(1);

		const again = depsFor(server.fetch);
		expect(await pairWithCode(SERVER, 'K7P2QX9M', again.deps)).toEqual({
			ok: false,
			problem: { kind: 'code-refused', detail: 'this code is unknown, used or expired: ask the organizer for a new one' }
		});
		expect(await loadPairing(again.deps.db)).toBeNull();
	});

	it('checks the address and the code before asking the server', async () => {
		const server = fakeServer();
		const { deps } = depsFor(server.fetch);
		expect(await pairWithCode('ftp://judge.test', 'K7P2-QX9M', deps)).toEqual({ ok: false, problem: { kind: 'bad-server' } });
		expect(await pairWithCode('', 'K7P2-QX9M', deps)).toEqual({ ok: false, problem: { kind: 'bad-server' } });
		expect(await pairWithCode(SERVER, 'K7P2-QX9', deps)).toEqual({ ok: false, problem: { kind: 'bad-code' } });
		expect(await pairWithCode(SERVER, 'K7P2-QX90', deps)).toEqual({ ok: false, problem: { kind: 'bad-code' } });
		expect(server.requests).toEqual([]);
	});

	it('says how long to wait when too many wrong codes were typed (429, Retry-After)', async () => {
		const { deps } = depsFor(fakeServer({ throttled: 12 }).fetch);
		expect(await pairWithCode(SERVER, 'K7P2-QX9M', deps)).toEqual({ ok: false, problem: { kind: 'code-throttled', seconds: 12 } });
		expect(await loadPairing(deps.db)).toBeNull();
	});

	it('says when the server cannot be reached', async () => {
		const { deps } = depsFor(fakeServer({ down: true }).fetch);
		expect(await pairWithCode(SERVER, 'K7P2-QX9M', deps)).toMatchObject({ ok: false, problem: { kind: 'unreachable' } });
	});
});

describe('pairing with a table card', () => {
	const cardLink = () => parseCardLink(cardUrl(SERVER, 'spring-cup', CARD))!;

	it('issue 29: too many wrong table cards (429, Retry-After) is said as a card to scan again after the wait, not as a code to type', async () => {
		const server = fakeServer({ throttled: 30 });
		const { deps, changes } = depsFor(server.fetch);
		const result = await pairWithCard(cardLink(), deps);
		expect(result).toEqual({ ok: false, problem: { kind: 'card-throttled', seconds: 30 } });
		expect(server.requests.map((r) => r.url)).toEqual([`${SERVER}/api/pair/card`]);
		expect(await loadPairing(deps.db)).toBeNull();
		expect(changes).toEqual([]);
		if (result.ok) return;
		expect(describePairingProblem(result.problem)).toBe('Too many wrong table cards were scanned. Wait 30 s, then scan the card again.');
		for (const locale of ['cs', 'es'] as const) {
			const words = m.pair_problem_card_throttled({ seconds: 30 }, { locale });
			expect(words).toContain('30');
			expect(words).not.toBe(m.pair_problem_code_throttled({ seconds: 30 }, { locale }));
		}
	});

	it('a card the server does not know is refused with its reason', async () => {
		const { deps } = depsFor(fakeServer().fetch);
		expect(await pairWithCard(cardLink(), deps)).toEqual({ ok: false, problem: { kind: 'card-refused', detail: 'this table card is unknown' } });
	});
});

describe('unpairing', () => {
	it('forgets the pairing and announces it; the set-up stays', async () => {
		const { deps, changes } = depsFor(fakeServer().fetch);
		await pairWithLink(link(), deps);
		await unpair(deps.db, deps.notify);
		expect(await loadPairing(deps.db)).toBeNull();
		expect((await listSetup(deps.db)).days).toHaveLength(1);
		expect(changes.at(-1)).toEqual({ paired: false, eventId: null });
		// A stored pairing is replaced by a new one.
		await savePairing(deps.db, { server: SERVER, eventId: 'x', role: 'display', deviceLabel: 'Hall', token: TOKEN });
		await pairWithLink(link(), deps);
		expect((await loadPairing(deps.db))?.eventId).toBe('spring-cup');
	});
});
