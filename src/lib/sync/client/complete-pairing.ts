import type { StationDb } from '$lib/db/station-db';
import { saveSetup } from '$lib/db/setup-store';
import type { Device, SetupResponse } from '$lib/contract';
import type { CardScope, Pairing } from '$lib/sync/pairing';
import type { PairLink } from '$lib/contract/pair-link';
import type { CardLink } from '$lib/contract/card-link';
import { codeProblem, normalizeServer } from '$lib/sync/pair-code';
import { deviceIdOf } from '$lib/db/event-log';
import { SyncApi } from './api';
import { setupBundleOf } from './pull';
import { isApiError } from './errors';
import type { FetchLike, Timers } from './environment';
import { clearPairing, savePairing } from './pairing';
import type { PairingChange } from './pairing-changed';

/**
 * Finishing a pairing on the tablet, from a pairing link (the QR code, or the link opened by
 * the camera app) or from a short code typed on /pair:
 *   1. a code is exchanged for the device's token (POST /api/pair, with the tablet's device ID);
 *   2. the token is checked (POST /api/device with the tablet's device ID, which binds a judge's
 *      token to this tablet): it must be valid, of the link's event, and not another tablet's;
 *   3. the event's set-up is fetched and stored (GET setup → saveSetup), so the tablet can
 *      judge offline right away;
 *   4. the pairing is stored (savePairing) and announced (`notify`).
 * Once the token is known good the pairing is stored even when the set-up could not be fetched
 * (a used code cannot be typed again; the sync engine fetches the set-up later): the result then
 * says `setupSaved: false`.
 */

export type PairingProblem =
	/** The scanned or opened text is not a pairing link. */
	| { kind: 'bad-link' }
	/** The typed server address is not an http(s) address. */
	| { kind: 'bad-server' }
	/** The typed code is not 8 characters of the code alphabet. */
	| { kind: 'bad-code' }
	/** The browser says it is offline, and the server did not answer. */
	| { kind: 'offline'; server: string }
	/** The server did not answer (down, wrong address, no route, timeout). */
	| { kind: 'unreachable'; server: string; detail: string }
	/** The server refused the code (unknown, used or expired): its own message. */
	| { kind: 'code-refused'; detail: string }
	/** Too many wrong codes were typed (429): wait `seconds`, then type it again. */
	| { kind: 'code-throttled'; seconds: number }
	/** Too many wrong table cards (or codes: they count together) were tried (429): wait `seconds`, then scan the card again. */
	| { kind: 'card-throttled'; seconds: number }
	/** The server refused the table card (unknown, revoked or expired: 404, 410): its message. */
	| { kind: 'card-refused'; detail: string }
	/** The server refused the link's token (revoked, of another server, …): its message. */
	| { kind: 'token-refused'; detail: string }
	/** The token belongs to another event than the link says. */
	| { kind: 'wrong-event'; expected: string; actual: string }
	/** The server answered something else (an error, a proxy's page, another version). */
	| { kind: 'server-error'; detail: string }
	/** The tablet could not store the pairing or the set-up. */
	| { kind: 'storage'; detail: string };

export interface PairingDone {
	ok: true;
	pairing: Pairing;
	/** The event's name from its set-up (its ID when the set-up could not be fetched). */
	eventName: string;
	/** The set-up is on the tablet; false when it could not be fetched (the problem says why). */
	setupSaved: boolean;
	setupProblem: PairingProblem | null;
	/** Paired by a table card: the table it opens (the station goes there at once). */
	table?: { competitionId: string; heatId: string; table: string };
}

export type PairingResult = PairingDone | { ok: false; problem: PairingProblem };

export interface PairingDeps extends Timers {
	db: StationDb;
	fetch: FetchLike;
	/** navigator.onLine (true when unknown): only words an unreachable server as "offline". */
	online?: () => boolean;
	/** Told after the pairing was stored (the page announces it to the sync engine). */
	notify?: (change: PairingChange) => void;
	timeoutMs?: number;
}

function api(deps: PairingDeps, server: string, token: string | null): SyncApi {
	return new SyncApi({ server, token, fetch: deps.fetch, setTimeout: deps.setTimeout, clearTimeout: deps.clearTimeout, timeoutMs: deps.timeoutMs ?? 15_000 });
}

/** An API failure as a pairing problem; `refused` words what a 4xx means at this step. */
function problemOf(e: unknown, server: string, deps: PairingDeps, refused: 'code-refused' | 'token-refused' | 'card-refused'): PairingProblem {
	if (isApiError(e)) {
		if (!e.reachedServer) return deps.online && !deps.online() ? { kind: 'offline', server } : { kind: 'unreachable', server, detail: e.message };
		if (e.status === 429) return { kind: refused === 'card-refused' ? 'card-throttled' : 'code-throttled', seconds: e.retryAfterS ?? 60 };
		// 409: the link's token is another tablet's already (a judge's pairing is for one tablet).
		if (e.kind === 'auth' || (e.kind === 'client' && (e.status === 404 || e.status === 409 || e.status === 410))) return { kind: refused, detail: e.message };
		return { kind: 'server-error', detail: e.message };
	}
	return { kind: 'server-error', detail: e instanceof Error ? e.message : String(e) };
}

/** Pairs with a pairing link (parsePairLink's result; null when the text was not one). */
export async function pairWithLink(link: PairLink | null, deps: PairingDeps): Promise<PairingResult> {
	if (!link) return { ok: false, problem: { kind: 'bad-link' } };
	return finish(link.server, link.token, link.event, deps);
}

/** Pairs with a short code typed for the server at `serverTyped`. */
export async function pairWithCode(serverTyped: string, codeTyped: string, deps: PairingDeps): Promise<PairingResult> {
	const server = normalizeServer(serverTyped);
	if (!server) return { ok: false, problem: { kind: 'bad-server' } };
	if (codeProblem(codeTyped) !== null) return { ok: false, problem: { kind: 'bad-code' } };
	let token: string;
	let eventId: string;
	const deviceId = await tabletId(deps);
	if (typeof deviceId !== 'string') return { ok: false, problem: deviceId };
	try {
		const paired = await api(deps, server, null).pair(codeTyped, deviceId);
		token = paired.token;
		eventId = paired.eventId;
	} catch (e) {
		return { ok: false, problem: problemOf(e, server, deps, 'code-refused') };
	}
	return finish(server, token, eventId, deps, deviceId);
}

/** Pairs with a table card's link: a judge token of this tablet's own, and the card's table to open. */
export async function pairWithCard(link: CardLink, deps: PairingDeps): Promise<PairingResult> {
	const deviceId = await tabletId(deps);
	if (typeof deviceId !== 'string') return { ok: false, problem: deviceId };
	let paired;
	try {
		paired = await api(deps, link.server, null).pairCard(link.card, deviceId);
	} catch (e) {
		return { ok: false, problem: problemOf(e, link.server, deps, 'card-refused') };
	}
	if (paired.eventId !== link.event) return { ok: false, problem: { kind: 'wrong-event', expected: link.event, actual: paired.eventId } };
	const card: CardScope = { competitionId: paired.competitionId, heatId: paired.heatId, heatName: paired.heatName ?? paired.heatId, table: paired.table, ...(paired.tablet ? { tablet: paired.tablet } : {}) };
	const done = await finish(link.server, paired.token, paired.eventId, deps, deviceId, card);
	return done.ok ? { ...done, table: { competitionId: paired.competitionId, heatId: paired.heatId, table: paired.table } } : done;
}

/** This tablet's device ID (made on first use), or the storage problem that prevented it. */
async function tabletId(deps: PairingDeps): Promise<string | PairingProblem> {
	try {
		return await deviceIdOf(deps.db);
	} catch (e) {
		return { kind: 'storage', detail: e instanceof Error ? e.message : String(e) };
	}
}

async function finish(server: string, token: string, eventId: string, deps: PairingDeps, knownDeviceId?: string, card?: CardScope): Promise<PairingResult> {
	const client = api(deps, server, token);
	const deviceId = knownDeviceId ?? (await tabletId(deps));
	if (typeof deviceId !== 'string') return { ok: false, problem: deviceId };
	let device: Device;
	try {
		// The tablet says which device it is: a judge's token is bound to it (its events only).
		device = await client.device(deviceId);
	} catch (e) {
		return { ok: false, problem: problemOf(e, server, deps, 'token-refused') };
	}
	if (device.eventId !== eventId) return { ok: false, problem: { kind: 'wrong-event', expected: eventId, actual: device.eventId } };

	let setup: SetupResponse | null = null;
	let setupProblem: PairingProblem | null = null;
	try {
		setup = await client.getSetup(device.eventId);
	} catch (e) {
		setupProblem = problemOf(e, server, deps, 'token-refused');
		// A token that the device check took but the set-up refuses is not a usable pairing.
		if (setupProblem.kind === 'token-refused') return { ok: false, problem: setupProblem };
	}

	// A card's heat is named as the set-up names it (the server's answer has it too, older servers' not).
	const scope = card && { ...card, heatName: setup?.heats.find((h) => h.id === card.heatId)?.name ?? card.heatName };
	const pairing: Pairing = { server, eventId: device.eventId, role: device.role, deviceLabel: device.label, token, ...(scope ? { card: scope } : {}) };
	try {
		if (setup) {
			await saveSetup(deps.db, setupBundleOf(setup));
		}
	} catch (e) {
		setupProblem = { kind: 'storage', detail: e instanceof Error ? e.message : String(e) };
		setup = null;
	}
	let saved: Pairing;
	try {
		saved = await savePairing(deps.db, pairing);
	} catch (e) {
		return { ok: false, problem: { kind: 'storage', detail: e instanceof Error ? e.message : String(e) } };
	}
	deps.notify?.({ paired: true, eventId: saved.eventId });
	return { ok: true, pairing: saved, eventName: setup?.event.name ?? saved.eventId, setupSaved: setup !== null, setupProblem };
}

/** Forgets the pairing (the tablet works alone again: its events stay, and stay queued) and announces it. */
export async function unpair(db: StationDb, notify?: (change: PairingChange) => void): Promise<void> {
	await clearPairing(db);
	notify?.({ paired: false, eventId: null });
}
