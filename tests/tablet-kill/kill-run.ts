import { cpSync } from 'node:fs';
import type { LaunchOptions, Page } from '@playwright/test';
import { between, pick, seededRandom, type Rng } from '../chaos/random';
import { fillQuickSetup, storedEvents } from '../station-helpers';
import { closeTablet, killTablet, launchTablet, removeProfile, type Tablet } from './chromium-process';
import { clickTap, heatComplete, openStation, readHeat, settle, typeTally, waitShownChange, type HeatScreen, type SeatAction } from './station-screen';
import { checkTaps, TAP_KINDS, type LedgerCheck, type Tap, type TapKind } from './tap-ledger';

/**
 * The tablet kill test's run: Chromium on one profile directory is killed (SIGKILL, the browser
 * and its children at once) at random moments while a judge taps through heats, and opened
 * again, KILLS times. After every reopening the station is shown, and every tap so far is
 * checked against IndexedDB (tap-ledger.ts): each tap the judge saw done must be there with the
 * time of its click, and no tap may be there twice.
 *
 * The page's clock is held still (Playwright's setFixedTime) and moved forward by the test
 * before each tap, so a tap's time is known exactly without reading it back from the tablet:
 * Date.now() in the click handler is the time the test set. The clock never goes back, not
 * across kills either, so every tap has a time of its own.
 */

/** How a cycle ends in a kill. */
export type KillMode =
	/** Some taps, then one more and the kill a few milliseconds after its click: while it is written. */
	| 'mid-write'
	/** Some taps, the kill the moment the last one shows done. */
	| 'after-done'
	/** Some taps, then a pause, then the kill. */
	| 'idle'
	/** A timer kills at a random moment while the judge taps on (or sets up a heat, or types a tally). */
	| 'timer';

const MODES: [KillMode, number][] = [
	['mid-write', 0.35],
	['after-done', 0.25],
	['idle', 0.15],
	['timer', 0.25]
];

const PRESETS = ['czjpa-individual', 'es-adult-individual'];
const NAMES = ['Ana', 'Bohdan', 'Cecílie', 'David', 'Eliška', 'František', 'Lucía', 'Marta', 'Nuria', 'Olga', 'Pilar', 'Quido'];
const JUDGE = 'Eva';
const SEC = 1000;
const MIN = 60 * SEC;

/** How likely each action is, among those a seat offers. */
const WEIGHT: Record<SeatAction, number> = { hand: 3, pause: 2, resume: 4, confirm: 3, reject: 1, tally: 4, agree: 2 };
/** How likely a long stretch of time (15–45 minutes) is before a tap. */
const LONG_STRETCH = 0.05;
/** Past the time limit of both rulesets, the preview and pauses included. */
const PAST_THE_LIMIT = 150 * MIN;

export interface KillRunOptions {
	seed: number;
	kills: number;
	profileDir: string;
	baseURL: string;
	launchOptions: LaunchOptions;
	/** Progress lines (every so many kills). */
	log?: (line: string) => void;
}

export interface KillRunSummary {
	seed: number;
	kills: number;
	modes: Record<KillMode, number>;
	taps: number;
	shownDone: number;
	doneByKind: Record<TapKind, number>;
	heats: number;
	eventsStored: number;
	check: LedgerCheck;
	durationMs: number;
	/** The longest a killed Chromium took to be wholly gone. */
	slowestKillMs: number;
	/** Where the time went, over all cycles: starting Chromium, reopening and checking, tapping up to the kill. */
	phasesMs: Record<Phase, number>;
}

type Phase = 'launch' | 'reopen' | 'taps';

/** A tap and its click (under way unless the step waited). */
interface Tapped {
	tap: Tap;
	clicked: Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class KillRun {
	private readonly rng: Rng;
	/** The device time the page is held at. */
	private now = Date.parse('2026-05-16T08:00:00Z');
	/** The heat the judge works on (its address), null before the first. */
	private heatUrl: string | null = null;
	/**
	 * In a heat meant to run to its time limit (seats left to tally): how many steps after its
	 * start the limit passes. Null in the others, and once it passed.
	 */
	private tapsToLimit: number | null = null;
	private readonly taps: Tap[] = [];
	/** Kinds of taps shown done so far. */
	private readonly kindsDone = new Set<TapKind>();
	private heats = 0;
	private readonly modes: Record<KillMode, number> = { 'mid-write': 0, 'after-done': 0, idle: 0, timer: 0 };
	private slowestKillMs = 0;
	private current: Tablet | null = null;
	private lastCheck: LedgerCheck | null = null;
	private eventsStored = 0;
	private reported = { lost: 0, twice: 0, duplicates: 0 };
	private readonly phases: Record<Phase, number> = { launch: 0, reopen: 0, taps: 0 };

	private async timed<T>(phase: Phase, f: () => Promise<T>): Promise<T> {
		const t0 = Date.now();
		try {
			return await f();
		} finally {
			this.phases[phase] += Date.now() - t0;
		}
	}

	constructor(private readonly options: KillRunOptions) {
		this.rng = seededRandom(options.seed);
	}

	async run(): Promise<KillRunSummary> {
		const t0 = Date.now();
		for (let cycle = 1; cycle <= this.options.kills; cycle++) {
			const page = await this.timed('launch', () => this.launch());
			await this.timed('reopen', () => this.reopenAndCheck(page, cycle));
			await this.timed('taps', () => this.tapAndKill(page, cycle));
			if (cycle % 50 === 0) this.options.log?.(`${cycle} kills, ${this.taps.length} taps, ${((Date.now() - t0) / cycle / SEC).toFixed(2)} s a kill`);
		}
		// The last kill is checked too, then the browser closes the ordinary way.
		const page = await this.launch();
		await this.reopenAndCheck(page, this.options.kills + 1);
		await this.dispose({ keepProfile: true });
		const doneByKind = Object.fromEntries(TAP_KINDS.map((k) => [k, this.taps.filter((t) => t.done && t.kind === k).length])) as Record<TapKind, number>;
		return {
			seed: this.options.seed,
			kills: this.options.kills,
			modes: this.modes,
			taps: this.taps.length,
			shownDone: this.taps.filter((t) => t.done).length,
			doneByKind,
			heats: this.heats,
			eventsStored: this.eventsStored,
			check: this.lastCheck!,
			durationMs: Date.now() - t0,
			phasesMs: this.phases,
			slowestKillMs: this.slowestKillMs
		};
	}

	/** Closes the browser if one runs (killing it if need be) and removes the profile unless told to keep it. */
	async dispose({ keepProfile = false }: { keepProfile?: boolean } = {}): Promise<void> {
		if (this.current) await closeTablet(this.current);
		this.current = null;
		if (!keepProfile) removeProfile(this.options.profileDir);
	}

	private async launch(): Promise<Page> {
		const tablet = await launchTablet(this.options.profileDir, this.options.launchOptions, {
			baseURL: this.options.baseURL,
			locale: 'en-US',
			timezoneId: 'UTC',
			viewport: { width: 1280, height: 800 }
		});
		this.current = tablet;
		await tablet.context.clock.setFixedTime(this.now);
		return tablet.context.pages()[0] ?? (await tablet.context.newPage());
	}

	private async reopenAndCheck(page: Page, cycle: number): Promise<void> {
		await openStation(page, this.heatUrl ?? '/station', JUDGE);
		const events = await storedEvents(page);
		this.eventsStored = events.length;
		const check = checkTaps(this.taps, events);
		this.lastCheck = check;
		// Said once, when first seen (the log keeps everything: a loss stays a loss).
		if (check.lost.length > this.reported.lost) {
			// The profile as the loss left it, for Chromium's own logs (IndexedDB's LOG files): the run goes on in the original.
			const kept = `${this.options.profileDir}-lost-after-${cycle - 1}`;
			cpSync(this.options.profileDir, kept, { recursive: true });
			this.options.log?.(`after kill ${cycle - 1}: lost ${JSON.stringify(check.lost.slice(this.reported.lost))} (the profile copied to ${kept})`);
		}
		if (check.twice.length > this.reported.twice) this.options.log?.(`after kill ${cycle - 1}: recorded twice ${JSON.stringify(check.twice.slice(this.reported.twice))}`);
		if (check.duplicates.length > this.reported.duplicates) this.options.log?.(`after kill ${cycle - 1}: duplicate events ${JSON.stringify(check.duplicates.slice(this.reported.duplicates))}`);
		this.reported = { lost: check.lost.length, twice: check.twice.length, duplicates: check.duplicates.length };
	}

	private pickMode(): KillMode {
		let r = this.rng();
		for (const [mode, p] of MODES) {
			if (r < p) return mode;
			r -= p;
		}
		return 'timer';
	}

	/** One cycle's taps, ended by the kill. */
	private async tapAndKill(page: Page, cycle: number): Promise<void> {
		const tablet = this.current!;
		const mode = this.pickMode();
		this.modes[mode]++;
		let killing: Promise<number> | null = null;
		const kill = () => (killing ??= killTablet(tablet));
		const taps = async (n: number, wait: boolean) => {
			for (let done = 0; done < n; ) if (await this.step(page, cycle, wait)) done++;
		};
		switch (mode) {
			case 'mid-write': {
				await taps(between(this.rng, 0, 2), true);
				// The kill comes while the click is under way: before its handler ran, while the event
				// is written, or just after; the click's promise then fails.
				const delay = between(this.rng, 0, 120);
				for (let tapped: Tapped | null = null; !tapped; ) {
					tapped = await this.step(page, cycle, false);
					if (tapped) {
						tapped.clicked.catch(() => undefined);
						await sleep(delay);
						kill();
					}
				}
				break;
			}
			case 'after-done':
				await taps(between(this.rng, 1, 3), true);
				kill();
				break;
			case 'idle':
				await taps(between(this.rng, 0, 2), true);
				await sleep(between(this.rng, 20, 800));
				kill();
				break;
			case 'timer': {
				const timer = setTimeout(kill, between(this.rng, 0, 3000));
				try {
					for (;;) await this.step(page, cycle, true);
				} catch (e) {
					// What the kill cut short fails; anything before it is the test's or the app's fault.
					if (!killing) {
						clearTimeout(timer);
						throw e;
					}
				}
				break;
			}
		}
		this.slowestKillMs = Math.max(this.slowestKillMs, await killing!);
		this.current = null;
	}

	/**
	 * One thing the judge does: a tap (returned; `wait`: its click done and the tap shown done, else
	 * only begun), or setting up a heat, or waiting for a preview to end (null).
	 */
	private async step(page: Page, cycle: number, wait: boolean): Promise<Tapped | null> {
		let heat = await readHeat(page);
		if (!heat || heatComplete(heat)) {
			await this.newHeat(page);
			return null;
		}
		// Time passes before each tap: seconds, now and then a long stretch; in a heat meant to reach
		// its limit, the limit passes a few steps after the start, and the seats still running need a tally.
		// While a seat is paused the judge resumes it within its 5 minutes (ES-PAUSE): no long stretch
		// and no limit passing then, or a pause would end by itself before its resume was ever tapped.
		const paused = heat.seats.some((s) => s.state === 'paused');
		if (!heat.canStart && !paused && this.tapsToLimit !== null && --this.tapsToLimit <= 0) {
			this.tapsToLimit = null;
			this.now += PAST_THE_LIMIT;
		} else if (heat.seats.some((s) => s.state === 'preview')) {
			// The judge waits out the preview (ES-PREVIEW: 2 minutes).
			this.now += between(this.rng, 20 * SEC, 70 * SEC);
		} else {
			const long = !heat.canStart && !paused && this.rng() < LONG_STRETCH;
			this.now += long ? between(this.rng, 15 * MIN, 45 * MIN) : between(this.rng, 200, 20 * SEC);
		}
		await page.clock.setFixedTime(this.now);
		await settle(page);
		heat = (await readHeat(page))!;
		const choice = this.choose(heat);
		if (!choice) return null;
		return this.tap(page, heat, choice, cycle, wait);
	}

	private choose(heat: HeatScreen): { kind: TapKind; seatId: string | null } | null {
		if (heat.canStart) return { kind: 'start', seatId: null };
		const offered = heat.seats.flatMap((s) => s.actions.map((kind) => ({ kind, seatId: s.id, w: WEIGHT[kind] })));
		if (offered.length === 0) return null;
		// A kind not yet shown done in the run goes first when a seat offers it: every kind is
		// covered whatever the seed (a resume is offered only while a seat is paused, and rarely).
		const fresh = offered.filter((o) => !this.kindsDone.has(o.kind));
		const pool = fresh.length > 0 ? fresh : offered;
		let r = this.rng() * pool.reduce((a, o) => a + o.w, 0);
		for (const o of pool) {
			if (r < o.w) return o;
			r -= o.w;
		}
		return pool.at(-1)!;
	}

	private async tap(page: Page, heat: HeatScreen, choice: { kind: TapKind; seatId: string | null }, cycle: number, wait: boolean): Promise<Tapped> {
		const { kind, seatId } = choice;
		// The seat whose card shows the tap done (the start: the first seat's).
		const watched = seatId ?? heat.seats[0]!.id;
		const before = heat.seats.find((s) => s.id === watched)!.shown;
		const payload: Record<string, unknown> = {};
		if (kind === 'confirm') {
			const missing = this.rng() < 0.7 ? 0 : between(this.rng, 1, 3);
			payload.missingPieces = missing;
			await page.locator(`[data-testid="seat"][data-seat="${watched}"]`).getByTestId('missing').fill(String(missing));
		}
		if (kind === 'tally') {
			const groups = Array.from({ length: between(this.rng, 1, 3) }, () => between(this.rng, 1, 60));
			payload.groups = groups;
			await typeTally(page, watched, groups);
		}
		const tap: Tap = { n: this.taps.length + 1, kind, competitionId: heat.competitionId, heatId: heat.heatId, entryId: seatId, at: this.now, payload, done: false, cycle };
		// Written down before the click: a kill may come at any moment from here on.
		this.taps.push(tap);
		const clicked = clickTap(page, kind, seatId);
		if (wait) {
			await clicked;
			await waitShownChange(page, watched, before);
			tap.done = true;
			this.kindsDone.add(kind);
		}
		return { tap, clicked };
	}

	/** The judge sets up the next heat on the spot (a quick set-up, one of two rulesets). */
	private async newHeat(page: Page): Promise<void> {
		await page.goto('/station');
		const names = [...NAMES];
		for (let i = names.length - 1; i > 0; i--) {
			const j = between(this.rng, 0, i);
			[names[i], names[j]] = [names[j]!, names[i]!];
		}
		names.length = between(this.rng, 2, 4);
		await fillQuickSetup(page, pick(this.rng, PRESETS), names);
		this.heatUrl = page.url();
		this.tapsToLimit = this.rng() < 0.5 ? between(this.rng, 1, 4) : null;
		this.heats++;
	}
}
