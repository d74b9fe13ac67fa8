import { describe, expect, it, vi } from 'vitest';
import { clearPairing, savePairing } from '$lib/sync/client/pairing';
import type { PairingDeps, PairingResult } from '$lib/sync/client/complete-pairing';
import type { PairLink } from '$lib/contract/pair-link';
import { pairUrl } from '$lib/contract/pair-link';
import type { Pairing } from '$lib/sync/pairing';
import { device, PAIRING, until, disconnectAfterEach } from './device.testkit';
import { PairingFlow, type PairingAddress, type PairingSteps } from './pairing-flow.svelte';

const SERVER = 'http://judge.test';
const LINK = pairUrl(SERVER, 'ev1', PAIRING.token);

/** The page's address: `/pair` with `hash`; what replaceState made of it, and its hashchange listeners. */
function address(hash = '') {
	const url = new URL(`${SERVER}/pair${hash}`);
	const listeners = new Set<() => void>();
	const a: PairingAddress & { url: URL; open(hash: string): void; listeners: Set<() => void> } = {
		url,
		listeners,
		get location() {
			return { href: url.href, hash: url.hash, pathname: url.pathname, search: url.search, origin: url.origin };
		},
		history: { state: { sveltekit: 1 }, replaceState: vi.fn((_state: unknown, _unused: string, to?: string | URL | null) => void (url.href = new URL(String(to), url).href)) },
		addEventListener: (_type, l) => void listeners.add(l),
		removeEventListener: (_type, l) => void listeners.delete(l),
		open(hash: string) {
			url.hash = hash;
			for (const l of listeners) l();
		}
	};
	return a;
}

/**
 * The pairing steps, held by the test: each waits until `finish()`; a successful one stores the
 * pairing (and the event's name) and announces it, as complete-pairing.ts does.
 */
function heldSteps() {
	const calls: { way: 'link' | 'code'; link?: PairLink | null; server?: string; code?: string }[] = [];
	let release: () => void = () => {};
	let outcome: 'ok' | 'refused' | 'throws' = 'ok';
	const finish = async (deps: PairingDeps): Promise<PairingResult> => {
		await new Promise<void>((r) => (release = r));
		if (outcome === 'throws') throw new Error('QuotaExceededError');
		if (outcome === 'refused') return { ok: false, problem: { kind: 'token-refused', detail: 'revoked' } };
		const pairing: Pairing = { ...PAIRING, role: 'display', deviceLabel: 'Hall' };
		await deps.db.days.put({ id: pairing.eventId, name: 'Spring cup', date: '2026-04-11' });
		await savePairing(deps.db, pairing);
		deps.notify?.({ paired: true, eventId: pairing.eventId });
		return { ok: true, pairing, eventName: 'Spring cup', setupSaved: true, setupProblem: null };
	};
	const steps: PairingSteps = {
		withLink: (link, deps) => (calls.push({ way: 'link', link }), finish(deps)),
		withCode: (server, code, deps) => (calls.push({ way: 'code', server, code }), finish(deps)),
		withCard: (_card, deps) => (calls.push({ way: 'link' }), finish(deps)),
		unpair: async (db, notify) => {
			await clearPairing(db);
			notify?.({ paired: false, eventId: null });
		}
	};
	return { steps, calls, finish: () => release(), set: (o: typeof outcome) => (outcome = o) };
}

const env = { fetch: vi.fn(), setTimeout: () => 0, clearTimeout: () => {}, online: () => true };

function flowOn(hash = '') {
	const d = device();
	const held = heldSteps();
	const settled = vi.fn();
	const flow = new PairingFlow(d.session, { steps: held.steps, env, settled });
	const a = address(hash);
	return { d, held, settled, flow, a };
}

const keep = disconnectAfterEach();

describe('PairingFlow: pairing this device on /pair', () => {
	it('takes a link out of the address at once, before the device opens, then pairs with it once it is open', async () => {
		const { d, held, settled, flow, a } = flowOn(`#${LINK.split('#')[1]}`);
		keep(flow.connect(a));
		// At once: the token is no longer in the address, history's state kept; nothing tried yet.
		expect(a.history.replaceState).toHaveBeenCalledWith({ sveltekit: 1 }, '', '/pair');
		expect(a.url.hash).toBe('');
		expect(flow.server).toBe(SERVER);
		expect(flow.ready).toBe(false);
		expect(held.calls).toEqual([]);

		keep(d.session.connect());
		await until(() => flow.busy === 'link');
		expect(flow.ready).toBe(true);
		expect(held.calls).toEqual([{ way: 'link', link: { server: SERVER, event: 'ev1', token: PAIRING.token } }]);
		held.finish();
		await until(() => settled.mock.calls.length === 1);
		expect(flow.busy).toBeNull();
		expect(flow.done).toMatchObject({ eventName: 'Spring cup', pairing: { role: 'display' } });
		expect(flow.destination?.href).toBe('/display');
		// The device follows the new pairing, and the page reads it with its event's name.
		expect(d.session.pairing?.deviceLabel).toBe('Hall');
		expect(flow.current).toEqual({ pairing: expect.objectContaining({ deviceLabel: 'Hall' }), eventName: 'Spring cup' });
	});

	it('says a refused pairing, and a failure of the device’s storage, as problems', async () => {
		const { d, held, flow, a } = flowOn();
		keep(flow.connect(a));
		keep(d.session.connect());
		await until(() => flow.ready);
		expect(flow.current).toBeNull();
		held.set('refused');
		expect(flow.scan(LINK)).toBe(true);
		await until(() => flow.busy === 'scan');
		held.finish();
		await until(() => flow.busy === null);
		expect([flow.done, flow.problem]).toEqual([null, { kind: 'token-refused', detail: 'revoked' }]);

		held.set('throws');
		a.open(`#${LINK.split('#')[1]}`);
		await until(() => flow.busy === 'link');
		expect(a.url.hash).toBe('');
		held.finish();
		await until(() => flow.busy === null);
		expect(flow.problem).toEqual({ kind: 'storage', detail: 'QuotaExceededError' });
	});

	it('a scanned text that is not a pairing link is said so and not tried; nothing is tried while busy', async () => {
		const { d, held, flow, a } = flowOn();
		keep(flow.connect(a));
		keep(d.session.connect());
		await until(() => flow.ready);
		expect(flow.scan('https://example.com/menu')).toBe(false);
		expect(flow.scanNotice).toBe('This QR code is not a Puzzle judge pairing code. Still scanning…');
		expect(flow.scan(LINK)).toBe(true);
		expect(flow.scanNotice).toBeNull();
		await until(() => flow.busy === 'scan');
		expect(flow.scan(LINK)).toBe(false);
		a.open(`#${LINK.split('#')[1]}`);
		expect(held.calls).toHaveLength(1);
		held.finish();
		await until(() => flow.done !== null);
	});

	it('the code form names the field to correct, the server first; a good code pairs and the form empties', async () => {
		const { d, held, flow, a } = flowOn();
		keep(flow.connect(a));
		keep(d.session.connect());
		await until(() => flow.ready);
		expect(flow.codeIssue).toBeNull(); // nothing said before the first try
		flow.server = 'not a server';
		expect(flow.typeCode('k7p2q')).toBe('K7P2-Q');
		expect(await flow.submitCode()).toBe('server');
		expect(flow.serverInvalid).toBe(true);
		flow.server = SERVER;
		expect(await flow.submitCode()).toBe('code');
		expect(flow.codeIssue).toBe('short');
		flow.typeCode('K7P2QX9M');
		const sent = flow.submitCode();
		await until(() => flow.busy === 'code');
		held.finish();
		expect(await sent).toBeNull();
		expect(held.calls).toEqual([{ way: 'code', server: SERVER, code: 'K7P2-QX9M' }]);
		expect([flow.code, flow.triedCode, flow.codeIssue]).toEqual(['', false, null]);
		expect(flow.done?.eventName).toBe('Spring cup');
	});

	it('unpairing is asked first, can be cancelled, and once confirmed forgets the pairing everywhere', async () => {
		const { d, flow, a, settled } = flowOn();
		keep(d.session.connect());
		const { db } = await d.session.opened();
		await savePairing(db, PAIRING);
		await d.session.refreshPairing();
		keep(flow.connect(a));
		await until(() => flow.current?.pairing.eventId === 'ev1');
		flow.askUnpair();
		expect(flow.confirmUnpair).toBe(true);
		flow.askUnpair(false);
		expect(flow.confirmUnpair).toBe(false);
		flow.askUnpair();
		await flow.unpair();
		expect([flow.confirmUnpair, flow.unpaired, flow.current, d.session.pairing]).toEqual([false, true, null, null]);
		expect(settled).toHaveBeenCalledTimes(1);
	});
});
