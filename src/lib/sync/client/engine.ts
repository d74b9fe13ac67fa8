import type { JudgeEvent } from '$lib/events/schema';
import type { StationDb } from '$lib/db/station-db';
import type { Pairing } from '$lib/sync/pairing';
import type { DisplayMode } from '$lib/contract';
import type { Announcement } from '$lib/contract';
import { SyncApi } from './api';
import { AnnouncementFeed, type FeedState } from './announcement-feed';
import { announcementConcerns } from './announcement-scope';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffDelay } from './backoff';
import { ClockKeeper } from './clock';
import { realEnvironment, type SyncEnvironment, type TimerHandle } from './environment';
import { isApiError } from './errors';
import { loadPairing } from './pairing';
import { pullEvents, pullSetup, type PullScope } from './pull';
import { followCompetitions, pullScopes } from './pull-scope';
import { pushOutbox } from './push';
import { uploadPhotos } from './photo-upload';
import { photosRefusedCount, photosWaiting } from '$lib/db/photos';
import { pullRoster } from './roster';
import { UNPAIRED_STATUS, type SyncState, type SyncStatusSnapshot } from './sync-snapshot';

export { UNPAIRED_STATUS, type SyncState, type SyncStatusSnapshot } from './sync-snapshot';

export interface SyncEngineOptions {
	db: StationDb;
	/** fetch, clocks, timers and randomness (default: the real ones). */
	env?: Partial<SyncEnvironment>;
	/** A sync runs this often while all is well (default 30 s). */
	intervalMs?: number;
	/** After a recorded event, wait this long so that quick taps go in one push (default 300 ms). */
	nudgeDelayMs?: number;
	/** Measure the clock offset at most this often (default 5 min). */
	clockEveryMs?: number;
	/** Abandon a request after this long (default 20 s). */
	timeoutMs?: number;
	/** The backoff after failures: from this (default 1 s), doubling, up to the cap (default 60 s), with full jitter. */
	backoffBaseMs?: number;
	backoffCapMs?: number;
	/** Events per pull page (default 1,000). */
	pullPageSize?: number;
	/**
	 * Runs a sync under a lock shared by the tablet's tabs (navigator.locks in the browser), so
	 * two tabs do not push the same outbox at once. Default: no lock (pushing twice is harmless).
	 */
	exclusive?: <T>(run: () => Promise<T>) => Promise<T>;
	/** How this device runs the app (installed app or browser tab), told to the server with each sync request. */
	displayMode?: () => DisplayMode | null;
	/**
	 * Keep the server's announcement stream open and pull as soon as it tells of new events
	 * (issue 32 #1; the browser: yes). The periodic sync goes on as the fallback. Default: no.
	 */
	announcements?: boolean;
}

/**
 * What one successful sync brought into the device's database, so that what the screens show is
 * read again only as far as it changed (issue 32 #2). A sync that brought nothing has no events
 * and nothing changed.
 */
export interface SyncResult {
	/** The judge events it stored: new ones, and held ones replaced by their redaction (an erasure). */
	events: JudgeEvent[];
	/** The competitions of those events, sorted. */
	competitions: string[];
	/**
	 * The event's set-up (days, rulesets, competitions, heats, entries, merges) may have changed:
	 * the server's answer differs from the last one this engine fetched (the first sync of a
	 * pairing always), or a sync before this one failed after it had begun to store what it pulled.
	 */
	setupChanged: boolean;
	/** The roster (registrations) may have changed: a new one was stored, or, as above, a sync failed midway. */
	rosterChanged: boolean;
}

type Trigger = 'start' | 'timer' | 'nudge' | 'manual' | 'online' | 'visible' | 'announced';

/**
 * Pushes the tablet's outbox to its paired server and pulls what other devices sent. It never
 * throws into the UI: every failure ends in the status. One sync at a time; a request during a
 * sync runs one more afterwards. Failures back off exponentially with full jitter; an
 * authentication failure stops automatic syncs until `pairingChanged()`.
 */
export class SyncEngine {
	private readonly db: StationDb;
	private readonly env: SyncEnvironment;
	private readonly intervalMs: number;
	private readonly nudgeDelayMs: number;
	private readonly timeoutMs: number;
	private readonly pullPageSize: number;
	private readonly backoffBaseMs: number;
	private readonly backoffCapMs: number;
	private readonly exclusive: <T>(run: () => Promise<T>) => Promise<T>;
	private readonly clock: ClockKeeper;
	private readonly displayMode: (() => DisplayMode | null) | undefined;

	private pairing: Pairing | null = null;
	private api: SyncApi | null = null;
	private started = false;
	private stopped = false;
	private running: Promise<void> | null = null;
	/** Set before the first step of a run (the promise is assigned only after it). */
	private busy = false;
	private again = false;
	private failures = 0;
	private authFailed = false;
	private timer: TimerHandle | null = null;
	private timerDueAt = Infinity;

	private readonly announcements: boolean;
	private feed: AnnouncementFeed | null = null;
	/** The feed was listening before (opening it again after a gap pulls what was missed). */
	private feedListened = false;
	/** The newest cursor an announcement of concern told of, and the scopes the last sync pulled. */
	private announced = 0;
	/** What this device pulls, as its last sync found (pullScopes); none known before its first sync, which pulls anyway. */
	private scopes: PullScope[] = [];
	/**
	 * The next sync is a whole one (set-up and roster too). A sync that only an announcement
	 * asked for pushes and pulls events: what was announced is events.
	 */
	private wholeNext = true;
	/** The set-up answer of the last whole sync, as text: the next one is compared with it (null: none yet for this pairing). */
	private setupSeen: string | null = null;
	/** Changes stored by syncs that failed before telling of them: the next successful sync tells. */
	private untold = { setup: false, roster: false };

	private snapshot: SyncStatusSnapshot = UNPAIRED_STATUS;
	private readonly statusListeners = new Set<(status: SyncStatusSnapshot) => void>();
	private readonly pulledListeners = new Set<(events: JudgeEvent[]) => void>();
	private readonly syncedListeners = new Set<(result: SyncResult) => void>();

	constructor(options: SyncEngineOptions) {
		this.db = options.db;
		this.env = realEnvironment(options.env);
		this.intervalMs = options.intervalMs ?? 30_000;
		this.nudgeDelayMs = options.nudgeDelayMs ?? 300;
		this.timeoutMs = options.timeoutMs ?? 20_000;
		this.pullPageSize = options.pullPageSize ?? 1000;
		this.backoffBaseMs = options.backoffBaseMs ?? BACKOFF_BASE_MS;
		this.backoffCapMs = options.backoffCapMs ?? BACKOFF_CAP_MS;
		this.exclusive = options.exclusive ?? ((run) => run());
		this.clock = new ClockKeeper(this.db, this.env, options.clockEveryMs ?? 5 * 60_000);
		this.displayMode = options.displayMode;
		this.announcements = options.announcements ?? false;
	}

	/** The current status. */
	get status(): SyncStatusSnapshot {
		return this.snapshot;
	}

	/** Calls `listener` now and on every change of the status; returns the unsubscribe. */
	subscribe(listener: (status: SyncStatusSnapshot) => void): () => void {
		this.statusListeners.add(listener);
		listener(this.snapshot);
		return () => this.statusListeners.delete(listener);
	}

	/** Calls `listener` with the events each pull added (other devices' events). */
	onPulled(listener: (events: JudgeEvent[]) => void): () => void {
		this.pulledListeners.add(listener);
		return () => this.pulledListeners.delete(listener);
	}

	/**
	 * Calls `listener` after every successful sync, with what it brought (SyncResult): told by
	 * each sync itself, not by a change of `lastSuccessAt`, which two syncs within one
	 * millisecond (or on a stopped clock) share.
	 */
	onSynced(listener: (result: SyncResult) => void): () => void {
		this.syncedListeners.add(listener);
		return () => this.syncedListeners.delete(listener);
	}

	/** Reads the pairing and starts syncing (nothing but the status when unpaired). */
	async start(): Promise<void> {
		if (this.started) return;
		this.started = true;
		this.stopped = false;
		await this.guard(async () => {
			await this.clock.load();
			await this.loadPairing();
			await this.refreshCounts();
		});
		this.trigger('start');
	}

	/** Stops scheduling syncs (one under way finishes). */
	stop(): void {
		this.stopped = true;
		this.started = false;
		this.clearTimer();
		this.feed?.stop();
		this.feed = null;
	}

	/**
	 * Syncs now (also after an authentication failure: the user asked) and resolves when done,
	 * with the sync that includes this request. Never rejects.
	 */
	syncNow(): Promise<void> {
		this.wholeNext = true;
		return this.run();
	}

	/** Resolves when no sync is under way (tests, and a caller that wants the latest status). */
	async whenIdle(): Promise<void> {
		while (this.running) await this.running;
	}

	/** An event was recorded or queued, or a photo taken: count it and push soon (unless backing off). */
	eventsQueued(): Promise<void> {
		this.trigger('nudge');
		return this.refreshCounts();
	}

	/** The browser says it is online again: try now. */
	online(): void {
		this.trigger('online');
	}

	/** The page became visible again: try now. */
	visible(): void {
		this.trigger('visible');
	}

	/** The pairing was saved or cleared: start over with it. */
	async pairingChanged(): Promise<void> {
		this.authFailed = false;
		this.failures = 0;
		this.clearTimer();
		await this.guard(() => this.loadPairing());
		this.update({ lastError: null, reachable: null });
		if (this.started) this.trigger('manual');
	}

	private async loadPairing(): Promise<void> {
		this.pairing = await loadPairing(this.db);
		// Another pairing's set-up is another set-up: the first sync of this one tells it as changed.
		this.setupSeen = null;
		this.api = this.pairing
			? new SyncApi({
					server: this.pairing.server,
					token: this.pairing.token,
					fetch: this.env.fetch,
					setTimeout: this.env.setTimeout,
					clearTimeout: this.env.clearTimeout,
					timeoutMs: this.timeoutMs,
					displayMode: this.displayMode
				})
			: null;
		this.update({ server: this.pairing?.server ?? null, eventId: this.pairing?.eventId ?? null });
		this.openFeed();
	}

	/** The announcement stream of the current pairing (none unpaired, or when not asked for). */
	private openFeed(): void {
		this.feed?.stop();
		this.feed = null;
		this.feedListened = false;
		const pairing = this.pairing;
		if (!this.announcements || !pairing || !this.started) return;
		this.scopes = [];
		this.feed = new AnnouncementFeed({
			server: pairing.server,
			token: pairing.token,
			eventId: pairing.eventId,
			env: this.env,
			backoffBaseMs: this.backoffBaseMs,
			backoffCapMs: this.backoffCapMs,
			onAnnouncement: (a) => this.heard(a),
			onState: (state) => this.feedState(state)
		});
		this.feed.start();
	}

	/** New events on the server: pull now when they concern this device (during a sync: right after it, unless its pull had them). */
	private heard(announcement: Announcement): void {
		if (!announcementConcerns(announcement, this.scopes)) return;
		this.announced = Math.max(this.announced, announcement.cursor);
		if (!this.busy) this.trigger('announced');
	}

	/** The stream open again after a gap: what was announced meanwhile is pulled now. */
	private feedState(state: FeedState): void {
		if (state !== 'listening') return;
		if (this.feedListened) this.trigger('announced');
		this.feedListened = true;
	}

	private trigger(why: Trigger): void {
		if (this.stopped || !this.started || !this.pairing || this.authFailed) return;
		if (why !== 'announced') this.wholeNext = true;
		if (this.running) {
			// Backing off after a failure, a recorded event waits for the next try.
			if (why !== 'nudge' || this.failures === 0) this.again = true;
			return;
		}
		if (why === 'nudge') {
			if (this.failures > 0) return; // the backoff timer is set
			this.setTimer(this.nudgeDelayMs);
			return;
		}
		if (why === 'timer' || why === 'start' || why === 'online' || why === 'visible' || why === 'manual' || why === 'announced') void this.run();
	}

	private run(): Promise<void> {
		this.clearTimer();
		if (this.running) {
			this.again = true;
			return this.running;
		}
		this.busy = true;
		this.running = (async () => {
			do {
				this.again = false;
				const ok = await this.runOnce();
				if (!ok) break;
			} while (this.again && !this.stopped);
		})().finally(() => {
			this.running = null;
			this.busy = false;
			this.again = false;
			this.update({});
			this.scheduleNext();
		});
		return this.running;
	}

	/** One push and pull; true when it succeeded. */
	private async runOnce(): Promise<boolean> {
		const pairing = this.pairing;
		const api = this.api;
		if (!pairing || !api) {
			this.update({});
			return false;
		}
		this.update({});
		let ok = false;
		let heardBeforePull = this.announced;
		const whole = this.wholeNext;
		this.wholeNext = false;
		/** Whether this sync began to store what it pulls (a failure after that may leave some of it untold). */
		let storing = false;
		try {
			const clock = await this.clock.maybeMeasure(api);
			this.update({ offsetMs: clock?.offsetMs ?? null });
			const pulled = await this.exclusive(async () => {
				const pushed = await pushOutbox({ db: this.db, api, pairing, clock, now: this.env.now });
				await followCompetitions(this.db, pushed.competitions);
				await this.refreshCounts();
				storing = true;
				if (whole) {
					const setup = JSON.stringify(await pullSetup(this.db, api, pairing));
					if (setup !== this.setupSeen) this.untold.setup = true;
					this.setupSeen = setup;
					if (await pullRoster(this.db, api, pairing)) this.untold.roster = true;
				}
				// A judge tablet pulls its own competitions only; the organizer's devices everything.
				const added: JudgeEvent[] = [];
				const stored: JudgeEvent[] = [];
				const scopes = await pullScopes(this.db, pairing);
				this.scopes = scopes;
				// What was announced before the pull starts, the pull brings (this device's own push among it).
				heardBeforePull = this.announced;
				for (const scope of scopes) {
					const outcome = await pullEvents(this.db, api, pairing, this.pullPageSize, scope);
					added.push(...outcome.added);
					stored.push(...outcome.added, ...outcome.redacted);
				}
				// The photos of evidence after the events they show, one at a time (a failure backs off as any).
				if (this.api) await uploadPhotos({ db: this.db, api: this.api, eventId: pairing.eventId, now: this.env.now });
				return { added, stored };
			});
			ok = true;
			this.failures = 0;
			// Announced while this sync pulled: once more, right after.
			if (this.announced > heardBeforePull) this.again = true;
			this.update({ reachable: true, lastSuccessAt: this.env.now(), lastError: null });
			if (pulled.added.length) for (const listener of this.pulledListeners) safely(() => listener(pulled.added));
			const result: SyncResult = {
				events: pulled.stored,
				competitions: [...new Set(pulled.stored.map((e) => e.competitionId))].sort(),
				setupChanged: this.untold.setup,
				rosterChanged: this.untold.roster
			};
			this.untold = { setup: false, roster: false };
			for (const listener of this.syncedListeners) safely(() => listener(result));
		} catch (e) {
			this.failures++;
			// Some of what it pulled may be stored: the screens read everything again after the next sync.
			if (storing) this.untold = { setup: true, roster: true };
			// What this sync did not bring, the next brings whole.
			this.wholeNext = true;
			if (isApiError(e)) {
				if (e.kind === 'auth') this.authFailed = true;
				this.update({ reachable: e.reachedServer, lastError: e.message });
			} else {
				// Not the network's fault (storage, a bug): the server's reachability is unknown.
				this.update({ lastError: e instanceof Error ? e.message : String(e) });
			}
		}
		await this.refreshCounts();
		return ok;
	}

	private scheduleNext(): void {
		if (this.stopped || !this.started || !this.pairing || this.authFailed) return;
		this.setTimer(this.failures > 0 ? backoffDelay(this.failures, this.env.random, this.backoffBaseMs, this.backoffCapMs) : this.intervalMs);
	}

	/** Sets the one timer to fire in `ms`, unless it already fires sooner. */
	private setTimer(ms: number): void {
		const dueAt = this.env.now() + ms;
		if (this.timer !== null && this.timerDueAt <= dueAt) return;
		this.clearTimer();
		this.timerDueAt = dueAt;
		this.timer = this.env.setTimeout(() => {
			this.timer = null;
			this.timerDueAt = Infinity;
			this.trigger('timer');
		}, ms);
	}

	private clearTimer(): void {
		if (this.timer !== null) this.env.clearTimeout(this.timer);
		this.timer = null;
		this.timerDueAt = Infinity;
	}

	private async refreshCounts(): Promise<void> {
		await this.guard(async () => {
			const eventId = this.pairing?.eventId ?? null;
			const [waiting, rejected, photos, photosRefused] = await Promise.all([
				this.db.outbox.count(),
				this.db.rejected.count(),
				eventId === null ? 0 : photosWaiting(this.db, eventId),
				photosRefusedCount(this.db)
			]);
			this.update({ waiting, rejected, photosWaiting: photos, photosRefused });
		});
	}

	/** Storage trouble never escapes into the UI; it shows as the last error. */
	private async guard(work: () => Promise<void>): Promise<void> {
		try {
			await work();
		} catch (e) {
			this.update({ lastError: e instanceof Error ? e.message : String(e) });
		}
	}

	private stateNow(): SyncState {
		if (!this.pairing) return 'unpaired';
		if (this.busy) return 'syncing';
		if (this.authFailed) return 'auth-failed';
		return this.snapshot.reachable ? 'online' : 'offline';
	}

	private update(patch: Partial<SyncStatusSnapshot>): void {
		const next = { ...this.snapshot, ...patch };
		next.state = this.stateNow();
		if (next.offsetMs === null && this.clock.report) next.offsetMs = this.clock.report.offsetMs;
		const changed = (Object.keys(next) as (keyof SyncStatusSnapshot)[]).some((k) => next[k] !== this.snapshot[k]);
		if (!changed) return;
		this.snapshot = next;
		for (const listener of this.statusListeners) safely(() => listener(next));
	}
}

function safely(call: () => void): void {
	try {
		call();
	} catch {
		// A listener's failure is its own.
	}
}
