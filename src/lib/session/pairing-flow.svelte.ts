import { m } from '$lib/i18n';
import { parsePairLink, type PairLink } from '$lib/contract/pair-link';
import { parseCardLink, type CardLink } from '$lib/contract/card-link';
import { codeProblem, formatCodeInput, normalizeServer } from '$lib/sync/pair-code';
import { pairWithCard, pairWithCode, pairWithLink, unpair, type PairingDeps, type PairingDone, type PairingProblem, type PairingResult } from '$lib/sync/client/complete-pairing';
import { realEnvironment } from '$lib/sync/client/environment';
import { destinationOf, tableDestination } from '$lib/sync/ui/pairing-messages';
import type { Pairing } from '$lib/sync/pairing';
import type { DeviceSession } from './device-session.svelte';

export type PairingWay = 'link' | 'scan' | 'code';

/** The page's address: where a pairing link's fragment arrives (the camera app opened the QR code). */
export interface PairingAddress {
	location: Pick<Location, 'href' | 'hash' | 'pathname' | 'search' | 'origin'>;
	history: Pick<History, 'state' | 'replaceState'>;
	addEventListener(type: 'hashchange', listener: () => void): void;
	removeEventListener(type: 'hashchange', listener: () => void): void;
}

/** The three ways the pairing is done or undone (complete-pairing.ts; tests give their own). */
export interface PairingSteps {
	withLink(link: PairLink | null, deps: PairingDeps): Promise<PairingResult>;
	withCode(server: string, code: string, deps: PairingDeps): Promise<PairingResult>;
	/** A table card's link: a judge token of the tablet's own, and the table it opens. */
	withCard(link: CardLink, deps: PairingDeps): Promise<PairingResult>;
	unpair(db: PairingDeps['db'], notify: PairingDeps['notify']): Promise<void>;
}

const REAL_STEPS: PairingSteps = { withLink: pairWithLink, withCode: pairWithCode, withCard: pairWithCard, unpair };

/**
 * The pairing page's state: pairing by a link (opened or scanned) or by a short code, its
 * busy / done / problem answer, and unpairing (asked, then confirmed). The stored pairing and
 * its event's name come from the device session, read again whenever the pairing changes.
 * `settled` is called after each answer (the page moves the focus to it).
 */
export class PairingFlow {
	busy = $state<PairingWay | null>(null);
	done = $state.raw<PairingDone | null>(null);
	problem = $state.raw<PairingProblem | null>(null);
	/** What was wrong with the last scanned QR code (worded). */
	scanNotice = $state<string | null>(null);
	confirmUnpair = $state(false);
	unpaired = $state(false);
	server = $state('');
	code = $state('');
	/** The code form was sent once: its fields say what is wrong from now on. */
	triedCode = $state(false);

	readonly serverInvalid = $derived(this.triedCode && normalizeServer(this.server) === null);
	readonly codeIssue = $derived(this.triedCode ? codeProblem(this.code) : null);
	/** Where the paired device goes: a table card's table at once, otherwise its role's screen. */
	readonly destination = $derived(this.done ? (this.done.table ? tableDestination(this.done.table) : destinationOf(this.done.pairing.role)) : null);

	readonly #device: DeviceSession;
	readonly #steps: PairingSteps;
	readonly #env: Omit<PairingDeps, 'db' | 'notify'>;
	readonly #settled: () => void;
	readonly #current;
	#opened = $state(false);

	constructor(device: DeviceSession, options: { steps?: PairingSteps; env?: Omit<PairingDeps, 'db' | 'notify'>; settled?: () => void } = {}) {
		this.#device = device;
		this.#steps = options.steps ?? REAL_STEPS;
		this.#env = options.env ?? { ...realEnvironment(), online: () => navigator.onLine !== false };
		this.#settled = options.settled ?? (() => {});
		this.#current = device.live(async ({ db, pairing }) => (pairing ? { pairing, eventName: (await db.days.get(pairing.eventId))?.name ?? null } : null));
	}

	/** The stored pairing and its event's name (when the set-up is on the device). */
	get current(): { pairing: Pairing; eventName: string | null } | null {
		return this.#current.current ?? null;
	}

	/** The device is open and its pairing read: the page shows its forms. */
	get ready(): boolean {
		return this.#opened && this.#current.loaded;
	}

	/**
	 * Starts on the page's address: a pairing link in its fragment leaves the address bar (and
	 * this history entry) at once, before anything else, and is then tried; so is one opened
	 * while the page is open. Returns the way to stop.
	 */
	connect(address: PairingAddress): () => void {
		this.server = address.location.origin;
		const link = takeLinkFromAddress(address);
		const onHash = () => {
			const again = takeLinkFromAddress(address);
			if (again !== undefined && this.#opened && !this.busy) void this.#run('link', (deps) => this.#withAnyLink(again, deps));
		};
		address.addEventListener('hashchange', onHash);
		const unfollow = this.#current.connect();
		void (async () => {
			await this.#device.opened();
			await this.#current.refresh();
			this.#opened = true;
			if (link !== undefined) await this.#run('link', (deps) => this.#withAnyLink(link, deps));
		})().catch(() => {}); // the device says itself that it could not open
		return () => {
			address.removeEventListener('hashchange', onHash);
			unfollow();
		};
	}

	/** A scanned QR code's text: true when it is a pairing link (the scanner stops). */
	scan(text: string): boolean {
		if (this.busy) return false;
		const link = parsePairLink(text) ?? parseCardLink(text);
		if (!link) {
			this.scanNotice = m.pair_scan_not_link();
			return false;
		}
		this.scanNotice = null;
		void this.#run('scan', (deps) => this.#withAnyLink(link, deps));
		return true;
	}

	/** The code as typed, with its dash where it belongs (what the field then shows). */
	typeCode(typed: string): string {
		this.code = formatCodeInput(typed);
		return this.code;
	}

	/** Sends the code form; returns the field to correct first, or null when it was sent. */
	async submitCode(): Promise<'server' | 'code' | null> {
		this.triedCode = true;
		if (normalizeServer(this.server) === null) return 'server';
		if (codeProblem(this.code) !== null) return 'code';
		await this.#run('code', (deps) => this.#steps.withCode(this.server, this.code, deps));
		return null;
	}

	/** Unpairing is asked first (`confirmUnpair`), then done with `unpair`. */
	askUnpair(ask = true): void {
		this.confirmUnpair = ask;
	}

	async unpair(): Promise<void> {
		const { db } = await this.#device.opened();
		await this.#steps.unpair(db, this.#notify);
		this.confirmUnpair = false;
		this.done = null;
		this.problem = null;
		this.unpaired = true;
		await this.#reread();
		this.#settled();
	}

	#withAnyLink(link: PairLink | CardLink | null, deps: PairingDeps): Promise<PairingResult> {
		return link && 'card' in link ? this.#steps.withCard(link, deps) : this.#steps.withLink(link, deps);
	}

	readonly #notify = (change: Parameters<NonNullable<PairingDeps['notify']>>[0]) => void this.#device.pairingChanged(change);

	async #run(kind: PairingWay, attempt: (deps: PairingDeps) => Promise<PairingResult>): Promise<void> {
		this.busy = kind;
		this.problem = null;
		this.done = null;
		this.unpaired = false;
		this.confirmUnpair = false;
		try {
			const { db } = await this.#device.opened();
			const result = await attempt({ ...this.#env, db, notify: this.#notify });
			if (result.ok) {
				this.done = result;
				this.code = '';
				this.triedCode = false;
			} else this.problem = result.problem;
		} catch (e) {
			this.problem = { kind: 'storage', detail: e instanceof Error ? e.message : String(e) };
		} finally {
			this.busy = null;
		}
		await this.#reread();
		this.#settled();
	}

	async #reread(): Promise<void> {
		await this.#device.refreshPairing();
		await this.#current.refresh();
	}
}

/**
 * The pairing link in the address's fragment (`/pair#server=…&event=…&token=…`, or a table card's `…&card=…`), taken out of
 * the address bar and this history entry at once; SvelteKit's own state in history.state is
 * kept. Null when the fragment is not a pairing link, undefined when there is no fragment.
 */
export function takeLinkFromAddress(address: Pick<PairingAddress, 'location' | 'history'>): PairLink | CardLink | null | undefined {
	const { location, history } = address;
	if (!location.hash || location.hash === '#') return undefined;
	const link = parsePairLink(location.href) ?? parseCardLink(location.href);
	history.replaceState(history.state, '', location.pathname + location.search);
	return link;
}
