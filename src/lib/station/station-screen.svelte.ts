import { listSetup, saveSetup } from '$lib/db/setup-store';
import type { JudgeEvent } from '$lib/events/schema';
import type { Component, ComponentProps } from 'svelte';
import type { DeviceSession } from '$lib/session/device-session.svelte';
import type { CardScope } from '$lib/sync/pairing';
import type { HeatSession } from './heat-session.svelte';
import { loadHeatScreen, type HeatScreen } from './heat-screen';
import type { JudgeQuestion } from './heat-opening';
import { parseHeatParams } from './heat-params';
import type { QuickSetupInput } from './quick-setup';
import type { QuickSetupProblem } from './quick-setup-problems';
import { saveChoice, type KeyValueStore } from './remembered-choice';
import { rememberHoldsHeats } from './quick-setup-fold';
import type { StationJudge } from './judge.svelte';
import type { TabletMerges } from './tablet-merges';
import type JudgeAsk from './ui/JudgeAsk.svelte';

/**
 * The judge station's screen (/station): the URL says what it shows (the home: the chooser and
 * the quick set-up; a heat; the question for the judge's name before a heat), read from the
 * device session. The home's set-up and event counts are a live read while the home shows.
 */
export class StationScreen {
	/** The open heat. */
	heat = $state<HeatSession | null>(null);
	/** The heat's view, loaded with the heat's code (./heat-screen.ts) when a heat first opens. */
	heatView = $state.raw<HeatScreen['HeatView'] | null>(null);
	asking = $state<JudgeQuestion | null>(null);
	/** The question's view, loaded when a heat first waits for a judge's name (a new tablet's home does not load it). */
	askView = $state.raw<Component<ComponentProps<typeof JudgeAsk>> | null>(null);
	/** What was wrong with the last quick set-up. */
	problems = $state<QuickSetupProblem[]>([]);
	/** The URL names a heat this tablet does not have (shown above the chooser). */
	heatMissing = $state(false);
	/** The URL names a heat that this card-paired tablet does not record (issue 30 #2): not opened, said above the chooser. */
	outsideCard = $state(false);
	/** Why the heat screen's code did not load (shown above the chooser; a reload tries again). */
	heatLoadError = $state<string | null>(null);
	/**
	 * The home is what shows (its live read `home` runs). Set before the device's storage is open,
	 * so the home's frame (the quick set-up, the judge's name) paints at once and its heats fill in.
	 */
	showingHome = $state(false);
	/**
	 * A quick set-up's heat is opening: the home shows until it does, but loads nothing more for
	 * it (its re-read holds the new heat, and the chooser's code would load with the heat's).
	 */
	leaving = $state(false);
	/** How a problem is said (its words load with the set-up's code, when a judge sets up). */
	#describe = $state.raw<((p: QuickSetupProblem) => string) | null>(null);
	/** The quick set-up's problems in the current language. */
	readonly errors = $derived(this.#describe ? this.problems.map(this.#describe) : []);
	/** The home's set-up and how many events each heat holds. */
	readonly home;

	readonly #device: DeviceSession;
	readonly #judge: StationJudge;
	readonly #storage: KeyValueStore;
	readonly #navigate: (query: string, replace?: boolean) => void;
	#url: URL | null = null;
	#routing = 0;
	#homeStop: (() => void) | null = null;
	readonly #unwatchMerges: () => void;
	/** The merges the open heat was read with, and how many merges the tablet held then. */
	#merges: { merges: TabletMerges | null; count: number } | null = null;

	readonly #loadHeat: () => Promise<HeatScreen>;

	constructor(
		device: DeviceSession,
		options: { judge: StationJudge; storage: KeyValueStore; navigate: (query: string, replace?: boolean) => void; loadHeat?: () => Promise<HeatScreen> }
	) {
		this.#device = device;
		this.#loadHeat = options.loadHeat ?? loadHeatScreen;
		this.#judge = options.judge;
		this.#storage = options.storage;
		this.#navigate = options.navigate;
		this.#unwatchMerges = device.onChange(() => void this.#mergesArrived());
		this.home = device.live(async ({ db, log }) => {
			const [directory, eventCounts] = await Promise.all([listSetup(db), log.eventCountsByHeat()]);
			return { directory, eventCounts };
		});
	}

	/** The table card this judge tablet was paired by (null: not paired by a card): it records at that heat only. */
	get card(): CardScope | null {
		const pairing = this.#device.pairing;
		return pairing?.role === 'judge' ? (pairing.card ?? null) : null;
	}

	/** Shows what `url` says (on every navigation: a heat opened, back to the list, the browser's back button). */
	async route(url: URL): Promise<void> {
		this.#url = url;
		const run = ++this.#routing;
		// Which heat to open: the URL's query, validated.
		const params = parseHeatParams(url.searchParams);
		// An address without a heat is the home: shown now, not after the storage opened (its read waits for that).
		if (!params) {
			this.#closeHeat();
			this.#showHome(true);
			return;
		}
		// A heat's code loads while the database opens (not after it), and so do the reads that open it.
		const heatScreen = this.#loadHeat();
		heatScreen.catch(() => {}); // awaited below, where a failure is said
		const openingCode = import('./heat-opening');
		openingCode.catch(() => {}); // awaited below, where a failure is said
		const { db, log } = await this.#device.opened();
		let opening: typeof import('./heat-opening');
		try {
			opening = await openingCode;
		} catch (e) {
			if (run !== this.#routing) return;
			this.#heatNotLoaded(e);
			return;
		}
		const { competition, heat: heatId, table = null } = params;
		// A card's tablet opens its card's heat only: the server would refuse every tap of another (issue 30 #2).
		const card = this.card;
		if (card && !opening.cardOpens(card, competition, heatId)) {
			if (run !== this.#routing) return;
			this.outsideCard = true;
			this.#closeHeat();
			this.#showHome(true);
			return;
		}
		this.outsideCard = false;
		const judge = this.#judge.name;
		const read = await opening.readHeat(db, log, { competitionId: competition, heatId }, judge !== null);
		if (read.kind === 'merged') {
			if (run !== this.#routing) return;
			this.#navigate(`?${new URLSearchParams({ competition: read.at.competitionId, heat: read.at.heatId, ...(table ? { table } : {}) })}`, true);
			return;
		}
		if (read.kind === 'heat') {
			const { setup, heatName, events, merges } = read;
			// The other tablet of a shared heat, the organizer's corrections: this competition's events come from now on (and those of the competitions merged into it).
			for (const c of read.competitions) void this.#device.followCompetition(c).catch(() => {});
			// Nothing is recorded under a made-up name: without a judge's name the heat waits for one, asked by a view loaded now.
			if (!judge && !this.askView) {
				try {
					this.askView = (await import('./ui/JudgeAsk.svelte')).default;
				} catch (e) {
					if (run !== this.#routing) return;
					this.#heatNotLoaded(e);
					return;
				}
			}
			if (run !== this.#routing) return;
			this.#showHome(false);
			this.heat?.close();
			this.heat = null;
			this.asking = judge ? null : opening.judgeQuestion(setup, heatName ?? heatId, table, this.#device.pairing);
			if (!judge) return;
			let code: HeatScreen;
			try {
				code = await heatScreen;
			} catch (e) {
				if (run !== this.#routing) return;
				this.#heatNotLoaded(e);
				return;
			}
			if (run !== this.#routing) return;
			const { HeatSession, HeatView } = code;
			this.heatLoadError = null;
			this.heatView = HeatView;
			this.heat = new HeatSession({ setup, heatId, heatName, table, log, judge, events, ...(merges ? { read: (e: JudgeEvent) => merges.read(e) } : {}) });
			this.#merges = { merges, count: merges === null ? 0 : await db.merges.count() };
			// The home lands here next time (however the heat was opened: chosen, set up, linked).
			saveChoice(this.#storage, { competition, heat: heatId, table });
			return;
		}
		this.problems = [];
		this.heatMissing = true;
		if (run !== this.#routing) return;
		this.#closeHeat();
		this.#showHome(true);
	}

	/** The heat's code did not load: said above the home (a reload tries again). */
	#heatNotLoaded(e: unknown): void {
		this.heatLoadError = e instanceof Error ? e.message : String(e);
		this.#showHome(true);
	}

	/**
	 * A merge pulled while a heat is open (the organizer merged it meanwhile): the heat opens
	 * again, merged. Checked after each change of the device's data (a count: cheap).
	 */
	async #mergesArrived(): Promise<void> {
		const open = this.#merges;
		const db = this.#device.db;
		if (!open || !db || !this.heat || !this.#url) return;
		if ((await db.merges.count()) !== open.count) void this.route(this.#url);
	}

	/** The page is gone: nothing is followed any more. */
	close(): void {
		this.#unwatchMerges();
		this.#routing++;
		this.#closeHeat();
		this.#showHome(false);
	}

	#closeHeat(): void {
		this.#merges = null;
		this.heat?.close();
		this.heat = null;
		this.asking = null;
	}

	#showHome(shown: boolean): void {
		this.showingHome = shown;
		this.leaving = false;
		if (shown && !this.#homeStop) this.#homeStop = this.home.connect();
		else if (!shown && this.#homeStop) {
			this.#homeStop();
			this.#homeStop = null;
		}
	}

	/** Opens a heat (the URL changes; `route` follows). */
	open(competitionId: string, heatId: string, table: string | null): void {
		const q = new URLSearchParams({ competition: competitionId, heat: heatId, ...(table ? { table } : {}) });
		this.problems = [];
		this.heatMissing = false;
		this.outsideCard = false;
		this.#navigate(`?${q}`);
	}

	/** Back to the list. */
	leave(): void {
		this.#navigate('?');
	}

	/** The quick set-up: stored and its heat opened, or its problems shown. */
	async quick(input: Omit<QuickSetupInput, 'day' | 'suffix'>): Promise<void> {
		// The set-up's schema (and zod) load when a judge sets up, not with the home; its problems and their words only when it has some.
		const [{ db }, { quickSetup }, { quickSetupNames }] = await Promise.all([this.#device.opened(), import('./quick-setup'), import('./quick-setup-names')]);
		const now = new Date();
		const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
		// What the judge left blank is named in the judge's language ("Rozběh 1", the preset's name).
		const made = quickSetup({ ...input, day, suffix: crypto.randomUUID().replace(/-/g, '').slice(0, 8) }, quickSetupNames(input.presetId));
		if (!made.ok) {
			const [{ quickSetupProblems }, { describeQuickSetupProblem }] = await Promise.all([import('./quick-setup-problems'), import('./quick-setup-messages')]);
			this.#describe = (p) => describeQuickSetupProblem(p);
			this.problems = quickSetupProblems(input, made.issues);
			this.heatMissing = false;
			return;
		}
		this.leaving = true;
		try {
			await saveSetup(db, made.value.bundle);
		} catch (e) {
			this.leaving = false;
			throw e;
		}
		// The tablet holds a heat now: the next home starts with the quick set-up folded.
		rememberHoldsHeats(this.#storage, true);
		this.#device.changed();
		this.open(made.value.competitionId, made.value.heatId, made.value.table);
	}

	/** The name asked before the heat: remembered, then the heat opens under it. */
	judgeGiven(name: string): void {
		this.#judge.set(name);
		if (this.#url) void this.route(this.#url);
	}

	/** A judge who takes over (the heat's header, another tab) records under their own name from the next tap on. */
	followJudge(): void {
		const name = this.#judge.name;
		if (this.heat && name) this.heat.judge = name;
	}

	/**
	 * Another tab's taps arrive by message; a tab that was asleep or frozen may have missed some,
	 * so coming back into view it reads the heat's events again (known ones are ignored).
	 */
	async catchUp(): Promise<void> {
		const heat = this.heat;
		const log = this.#device.log;
		if (!heat || !log) return;
		const { openHeatEvents } = await import('./heat-opening');
		heat.merge(await openHeatEvents(log, this.#merges?.merges ?? null, { competitionId: heat.setup.competition.id, heatId: heat.heatId }));
	}

	/**
	 * While a paired tablet's heat waits for its start, the organizer may start it for every
	 * station; returns the way to stop. The watch (the sync API's code) loads only then, after
	 * the seat grid: an unpaired tablet's heat never loads it.
	 */
	followOrganizerStart(): (() => void) | undefined {
		const heat = this.heat;
		const pairing = this.#device.pairing;
		if (!heat || heat.timing.started || !pairing) return;
		let stop: (() => void) | null = null;
		let stopped = false;
		import('./organizer-start').then(
			({ watchOrganizerStart }) => {
				if (!stopped) stop = watchOrganizerStart(pairing, heat, () => this.#device.sync.current.offsetMs);
			},
			(e: unknown) => console.warn('the organizer’s start is not watched', e)
		);
		return () => {
			stopped = true;
			stop?.();
		};
	}

	/** The tablet's set-up and events as an event file, downloaded. */
	async exportEvents(): Promise<void> {
		const [{ db, log }, { downloadEventFile }] = await Promise.all([this.#device.opened(), import('./event-file-download')]);
		await downloadEventFile(db, log.deviceId);
	}
}
