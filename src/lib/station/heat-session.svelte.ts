import type { Ruleset } from '$lib/rules/schema';
import { pauseAllowed } from '$lib/rules/ruleset-reading';
import type { Entry } from '$lib/setup/schema';
import { seatLabelKey } from '$lib/setup/seat-label';
import { bySeat } from '$lib/seating/seat-order';
import type { ActionType } from '$lib/events/action-types';
import type { EventOf, JudgeEvent, Replacement } from '$lib/events/schema';
import { advance, CompetitionScorer, type CompetitionSetup, type Outcome, type OutcomeSpan, type Standings } from '$lib/scoring';
import { heatClock, type HeatClock } from '$lib/scoring/heat-clock';
import type { EventLog } from '$lib/db/event-log';
import { lastUndoable } from './last-undoable';
import { pauseClock, type PauseClock } from './pause-clock';
import { seatRecords, type SeatRecords } from './seat-records';
import { relayFinishers, relayProgress, type RelayProgress } from '$lib/scoring/relay-progress';
import { latestVersion } from './latest-version';

/** How long the last action can be undone (a compensating correction). */
export const UNDO_WINDOW_MS = 10_000;

/** Why an action is not offered, for the judge to read. */
export type Refusal = 'no-pause-rule' | 'pauses-used' | 'no-assistance-rule' | 'assistance-used' | 'assistance-cap' | 'not-running';

export interface Offer {
	offered: boolean;
	why?: Refusal;
}

/** The device's clocks at the moment of a tap: taken before anything is awaited. */
export interface Tap {
	at: number;
	mono: number;
}

export function tapNow(): Tap {
	return { at: Date.now(), mono: performance.now() };
}

/**
 * One heat at one table, as the judge runs it: every action becomes an event written to the
 * tablet's log (durably, before the state shows it), and every seat's state is the shared
 * scoring module's fold of the events at the current time. Nothing is counted by ticks: `now`
 * only repaints.
 */
export class HeatSession {
	readonly setup: CompetitionSetup;
	readonly heatId: string;
	/** The heat's name for people (its ID when the tablet does not know the heat). */
	readonly heatName: string;
	readonly table: string | null;
	readonly seats: Entry[];
	/** Who taps now: changed when another judge takes over (each event keeps the name it was recorded under). */
	judge: string;
	private readonly log: EventLog;
	private readonly scorer: CompetitionScorer;

	/** The time the clocks are shown for (the page advances it every frame while visible). */
	#now = $state(Date.now());
	/**
	 * The moment the seats' states were last folded from the events. Between two changes (a
	 * start, the limit, a pause ending by itself …) only the clocks advance, so a frame costs a
	 * subtraction per seat, not a fold: the fold runs again when `now` reaches the next change,
	 * when an event arrives, or when time goes backwards.
	 */
	#foldedAt = $state(Date.now());
	/** Events of this heat known to the tablet, in arrival order. */
	events = $state.raw<JudgeEvent[]>([]);
	/** The last action taken here, for undo within UNDO_WINDOW_MS. */
	lastAction = $state.raw<JudgeEvent | null>(null);
	/** A write is under way: the action buttons wait for it. */
	saving = $state(false);
	/** The last write that failed: shown to the judge, nothing is lost silently. */
	error = $state<string | null>(null);

	/** Every seat's state as of `#foldedAt`, and until when it holds. */
	private spans: Map<string, OutcomeSpan> = $derived.by(() => {
		void this.events;
		const at = this.#foldedAt;
		return new Map(this.seats.map((s) => [s.id, this.scorer.span(s.id, at)!]));
	});

	/** The next moment a seat's state changes otherwise than by its clock running. */
	private changeAt: number = $derived.by(() => {
		let next = Infinity;
		for (const span of this.spans.values()) next = Math.min(next, span.until);
		return next;
	});

	get now(): number {
		return this.#now;
	}

	set now(t: number) {
		this.#now = t;
		if (t >= this.changeAt || t < this.#foldedAt) this.#foldedAt = t;
	}

	/**
	 * Every seat's outcome as of the last change: status, check, budgets, results. It changes
	 * only when the state does, so what depends on it is not redone every frame; the running
	 * counters (clock, pause and assistance time) are `outcome(id)`'s.
	 */
	outcomes: Map<string, Outcome> = $derived.by(() => new Map([...this.spans].map(([id, span]) => [id, span.outcome])));

	standings: Standings = $derived.by(() => {
		void this.events;
		return this.scorer.standings(this.#foldedAt);
	});

	/** Seats the time limit stopped, as long as no tablet has recorded seeing it. */
	limitUnrecorded: string[] = $derived.by(() => {
		if (this.events.some((e) => e.type === 'heat.time-limit')) return [];
		return this.seats.filter((s) => this.outcomes.get(s.id)!.status === 'unfinished').map((s) => s.id);
	});
	#recordingLimit = false;

	/**
	 * What each tablet recorded for the seats another device recorded too, beside what counts
	 * (seat-records.ts); seats only this tablet recorded are not in it.
	 */
	records: Map<string, SeatRecords> = $derived.by(() =>
		seatRecords({
			setup: this.setup,
			seats: this.seats.map((s) => s.id),
			events: this.events,
			deviceId: this.log.deviceId,
			counted: this.outcomes,
			conflicts: this.standings.conflicts,
			at: this.#foldedAt
		})
	);

	/** The heat's clock for the seats shown (heat-clock.ts): the same as the room display's. */
	clock: HeatClock = $derived.by(() => heatClock([...this.outcomes.values()], this.ruleset, this.#now));

	/** The heat has started (its start event is recorded). */
	started = $derived([...this.outcomes.values()].some((o) => o.startedAt !== null));
	/** Some seat's clock still runs (or its preview): no app update may be applied now. */
	running = $derived([...this.outcomes.values()].some((o) => o.status === 'running' || o.status === 'paused' || o.status === 'preview'));

	constructor(opts: {
		setup: CompetitionSetup;
		heatId: string;
		heatName?: string;
		table: string | null;
		log: EventLog;
		judge: string;
		events: JudgeEvent[];
		/** How an event of another tab or device reads here (the organizer's merges: issue 30 #3); as it is by default. */
		read?: (event: JudgeEvent) => JudgeEvent;
	}) {
		this.heatId = opts.heatId;
		this.heatName = opts.heatName ?? opts.heatId;
		this.table = opts.table;
		this.log = opts.log;
		this.judge = opts.judge;
		const heatEntries = opts.setup.entries.filter((e) => e.heatId === opts.heatId);
		// Labels that read the same are one table ("T1", "t1", "T01": seatLabelKey, issue 29 #8).
		const table = opts.table === null ? null : seatLabelKey(opts.table);
		// In the order people count seats (1, 2, 3, 4, 10: issue 30 #9), not as stored (by ID).
		this.seats = heatEntries.filter((e) => table === null || (e.table !== undefined && seatLabelKey(e.table) === table)).sort(bySeat);
		// The heat's own standings: every entry of the heat, whichever table it sits at.
		this.setup = { ...opts.setup, entries: heatEntries };
		this.scorer = new CompetitionScorer(this.setup);
		this.scorer.add(opts.events);
		this.events = opts.events;
		// A reload keeps the undo of this tablet's last action for the rest of its window.
		this.lastAction = lastUndoable(opts.events, opts.log.deviceId);
		const read = opts.read ?? ((e: JudgeEvent) => e);
		this.unfollow = opts.log.onOtherTab((raw) => {
			const e = read(raw);
			if (e.competitionId === this.setup.competition.id && e.heatId === this.heatId) this.merge([e]);
		});
	}

	/** Stops following the other tabs' taps (the judge left the heat). */
	private readonly unfollow: () => void;
	close(): void {
		this.unfollow();
	}

	get ruleset(): Ruleset {
		return this.setup.ruleset;
	}

	/** A seat's outcome at `now`, its running clock included. */
	outcome(entryId: string): Outcome {
		return advance(this.ruleset, this.spans.get(entryId)!, this.#now);
	}

	/** The seat's pause under way at `now`: how long it has run and may still run (ES-PAUSE); null when none. */
	runningPause(entryId: string): PauseClock | null {
		return pauseClock(this.scorer.summary(entryId)!, this.#now);
	}

	/**
	 * The finish a check at this seat confirms or rejects: this tablet's own finish while its
	 * check is to be done (even when another tablet's finish counts), else the finish that counts.
	 */
	checkTarget(entryId: string): string | null {
		return this.records.get(entryId)?.ownFinishToCheck ?? this.outcome(entryId).finishEventId;
	}

	/** The seat waits for this tablet's check of a finish (its own, or the one that counts). */
	checking(entryId: string): boolean {
		const o = this.outcomes.get(entryId)!;
		return (this.records.get(entryId)?.ownFinishToCheck ?? null) !== null || (o.status === 'finished' && o.check === 'pending');
	}

	/** Writes one event, then shows it. On failure nothing changes and the error is shown. */
	private async record<T extends ActionType>(
		type: T,
		entryId: string | null,
		payload: EventOf<T>['payload'],
		tap: Tap,
		automatic = false
	): Promise<JudgeEvent | null> {
		return this.write(
			{
			at: tap.at,
			mono: tap.mono,
			judge: this.judge,
			competitionId: this.setup.competition.id,
			heatId: this.heatId,
			entryId,
				type,
				payload
			} as Parameters<EventLog['append']>[0],
			automatic
		);
	}

	/**
	 * `automatic`: recorded by the tablet itself, not a judge's action to undo. The write is
	 * issued first, in the tap's own handler (EventLog.append): only then does any state change
	 * that renders ("saving" disables the buttons), so nothing is drawn before the transaction.
	 */
	private async write(draft: Parameters<EventLog['append']>[0], automatic = false): Promise<JudgeEvent | null> {
		const written = this.log.append(draft);
		this.saving = true;
		try {
			const event = await written;
			this.scorer.add([event]);
			this.events = [...this.events, event];
			this.refold(event.at);
			if (!automatic) this.lastAction = event;
			this.error = null;
			return event;
		} catch (e) {
			this.error = e instanceof Error ? e.message : String(e);
			return null;
		} finally {
			this.saving = false;
		}
	}

	/** Events recorded elsewhere (another tablet, an import) join the fold. */
	merge(events: JudgeEvent[]): void {
		const known = new Set(this.events.map((e) => e.id));
		const fresh = events.filter((e) => !known.has(e.id));
		if (fresh.length === 0) return;
		this.scorer.add(fresh);
		this.events = [...this.events, ...fresh];
		this.refold();
	}

	/** After new events: fold again now, or at the tap when it came after the last frame, so it shows at once. */
	private refold(at = this.#now): void {
		this.#now = Math.max(this.#now, at);
		this.#foldedAt = this.#now;
	}

	/** One tap starts every seat of the table, absent ones too (CZ-GEN-START, ES-LATE); the preview first (ES-PREVIEW). */
	start(tap = tapNow()) {
		return this.record('heat.start', null, { entryIds: this.seats.map((s) => s.id), previewMs: this.ruleset.previewMs }, tap);
	}

	/**
	 * The tablet saw the time limit stop these seats: an informational event for the audit
	 * trail (the limit itself comes from the ruleset), recorded once, not an action to undo.
	 */
	async recordTimeLimit(tap = tapNow()): Promise<JudgeEvent | null> {
		const entryIds = this.limitUnrecorded;
		// Not while a tap is being written: a finish tapped just before the limit is not yet in the
		// fold, and its seat would be listed as stopped. Called again once the write is done.
		if (entryIds.length === 0 || this.#recordingLimit || this.saving) return null;
		this.#recordingLimit = true;
		try {
			return await this.record('heat.time-limit', null, { entryIds }, tap, true);
		} finally {
			this.#recordingLimit = false;
		}
	}

	/** The finish: the instant of the tap (CZ-GEN-FINISH, ES-END). */
	handRaised(entryId: string, tap = tapNow()) {
		return this.record('hand.raised', entryId, {}, tap);
	}

	confirm(entryId: string, missingPieces: number, tap = tapNow()) {
		const ref = this.checkTarget(entryId);
		if (!ref) return Promise.resolve(null);
		return this.record('check.confirmed', entryId, { ref, missingPieces }, tap);
	}

	reject(entryId: string, tap = tapNow()) {
		const ref = this.checkTarget(entryId);
		if (!ref) return Promise.resolve(null);
		return this.record('check.rejected', entryId, { ref }, tap);
	}

	/** "I agree with this time": the record locks (CZ-GEN-RECORD). */
	acknowledge(entryId: string, tap = tapNow()) {
		return this.record('record.acknowledged', entryId, {}, tap);
	}

	pauseStart(entryId: string, tap = tapNow()) {
		return this.record('pause.start', entryId, {}, tap);
	}

	pauseEnd(entryId: string, tap = tapNow()) {
		return this.record('pause.end', entryId, {}, tap);
	}

	assistStart(entryId: string, tap = tapNow()) {
		return this.record('assist.start', entryId, {}, tap);
	}

	assistEnd(entryId: string, tap = tapNow()) {
		return this.record('assist.end', entryId, {}, tap);
	}

	/** The connected group sizes of an unfinished puzzle (CZ-GEN-UNFINISHED, ES-UNFINISHED). */
	tally(entryId: string, groups: number[], tap = tapNow()) {
		return this.record('tally.recorded', entryId, { groups }, tap);
	}

	disqualify(entryId: string, reason: string, tap = tapNow()) {
		return this.record('entry.disqualified', entryId, { reason }, tap);
	}

	/** The competitor never came to the seat: no place (a late one's clock ran from the common start, ES-LATE). */
	didNotStart(entryId: string, tap = tapNow()) {
		return this.record('entry.did-not-start', entryId, {}, tap);
	}

	note(entryId: string | null, note: string, tap = tapNow()) {
		return this.record('incident.noted', entryId, { note }, tap);
	}

	// ── The team relay (CZ-TEAM-*): the same log, clocks, checks, corrections and undo ──

	/** The team's members in their order (member i starts at puzzle i of a rotation part). */
	memberIds(entryId: string): string[] {
		return this.seats.find((s) => s.id === entryId)?.members.map((m) => m.id) ?? [];
	}

	/** Where a relay team is at `now` (relay-progress.ts); null when the ruleset is not a relay. */
	relay(entryId: string, at = this.#now): RelayProgress | null {
		return relayProgress(this.ruleset, this.memberIds(entryId), this.outcomeAt(entryId, at));
	}

	private outcomeAt(entryId: string, at: number): Outcome {
		return at === this.#now ? this.outcome(entryId) : advance(this.ruleset, this.scorer.span(entryId, at)!, at);
	}

	/**
	 * "Hand raised" on one relay puzzle: the instant of the tap; the members are the ones working
	 * on it when the hand went up (the rotation's, the pair, the whole team; on a signal's very
	 * instant the one who was there, not the one arriving: relayFinishers), changed afterwards
	 * with `changeSolvers`.
	 */
	puzzleFinished(entryId: string, puzzleId: string, tap = tapNow()) {
		const finishers = relayFinishers(this.ruleset, this.memberIds(entryId), this.outcomeAt(entryId, tap.at), puzzleId);
		return this.record('relay.puzzle-finished', entryId, { puzzleId, memberIds: finishers }, tap);
	}

	/** The finish that counts for a relay puzzle (what its check confirms or rejects). */
	private puzzleFinish(entryId: string, puzzleId: string): string | null {
		return this.outcomes.get(entryId)?.puzzles?.find((p) => p.puzzleId === puzzleId)?.finishEventId ?? null;
	}

	confirmPuzzle(entryId: string, puzzleId: string, missingPieces: number, tap = tapNow()) {
		const ref = this.puzzleFinish(entryId, puzzleId);
		if (!ref) return Promise.resolve(null);
		return this.record('check.confirmed', entryId, { ref, missingPieces }, tap);
	}

	/** Not finished: the puzzle is open again, the rotation as if it never finished (CZ-TEAM-P1-DONE). */
	rejectPuzzle(entryId: string, puzzleId: string, tap = tapNow()) {
		const ref = this.puzzleFinish(entryId, puzzleId);
		if (!ref) return Promise.resolve(null);
		return this.record('check.rejected', entryId, { ref }, tap);
	}

	/** Who solved a finished puzzle, corrected by the judge (a correction with its replacement and reason). */
	changeSolvers(entryId: string, puzzleId: string, memberIds: string[], reason: string, tap = tapNow()) {
		const ref = this.puzzleFinish(entryId, puzzleId);
		const target = ref ? latestVersion(this.events, ref) : null;
		const original = ref ? this.events.find((e) => e.id === ref) : undefined;
		if (!target || !original) return Promise.resolve(null);
		return this.correct(target, reason, { type: 'relay.puzzle-finished', at: original.at, payload: { puzzleId, memberIds } }, tap);
	}

	/** "Boxed, next released" (CZ-TEAM-TEARDOWN): the next part's puzzles open at this tap. */
	boxed(entryId: string, puzzleId: string, tap = tapNow()) {
		return this.record('relay.teardown-done', entryId, { puzzleId }, tap);
	}

	/** The team's two pairs for the pairs part (CZ-TEAM-P2): pair 1 takes its first puzzle. */
	namePairs(entryId: string, pairs: [[string, string], [string, string]], tap = tapNow()) {
		return this.record('relay.pairs-assigned', entryId, { pairs }, tap);
	}

	/** The group tally of one unfinished relay puzzle at the limit (CZ-TEAM-RANK). */
	tallyPuzzle(entryId: string, puzzleId: string, groups: number[], tap = tapNow()) {
		return this.record('tally.recorded', entryId, { puzzleId, groups }, tap);
	}

	/** Whether the last action here can still be undone at `now`. */
	canUndo(now = this.now): boolean {
		const last = this.lastAction;
		return last !== null && last.type !== 'correction' && now - last.at <= UNDO_WINDOW_MS;
	}

	/** Undo: a correction that voids the last action; both stay in the audit trail. */
	undo(tap = tapNow()) {
		const last = this.lastAction;
		if (!last || !this.canUndo(tap.at)) return Promise.resolve(null);
		return this.write({
			at: tap.at,
			mono: tap.mono,
			judge: this.judge,
			competitionId: last.competitionId,
			heatId: last.heatId,
			entryId: last.entryId,
			type: 'correction',
			payload: { supersedes: last.id, reason: 'undo' }
		});
	}

	/** A correction with a replacement (e.g. a corrected finish time), with its reason. */
	correct(target: JudgeEvent, reason: string, replacement?: Replacement, tap = tapNow()) {
		return this.write({
			at: tap.at,
			mono: tap.mono,
			judge: this.judge,
			competitionId: target.competitionId,
			heatId: target.heatId,
			entryId: target.entryId,
			type: 'correction',
			payload: replacement ? { supersedes: target.id, reason, replacement } : { supersedes: target.id, reason }
		});
	}

	/** Whether a pause can start for this seat now, and if not why (ES-PAUSE). */
	pauseOffer(entryId: string): Offer {
		const o = this.outcomes.get(entryId)!;
		if (!pauseAllowed(this.ruleset)) return { offered: false, why: 'no-pause-rule' };
		if (o.status !== 'running') return { offered: false, why: 'not-running' };
		if (o.pauses.used >= o.pauses.max) return { offered: false, why: 'pauses-used' };
		return { offered: true };
	}

	/** Whether assistance can start for this seat now, and if not why (ES-ASSIST). */
	assistOffer(entryId: string): Offer {
		const o = this.outcomes.get(entryId)!;
		const policy = this.ruleset.assistance;
		if (!policy) return { offered: false, why: 'no-assistance-rule' };
		if (o.status !== 'running' && o.status !== 'paused') return { offered: false, why: 'not-running' };
		if (o.assistance.used >= o.assistance.max) return { offered: false, why: 'assistance-used' };
		if (o.assistance.usedMs >= policy.maxTotalMs) return { offered: false, why: 'assistance-cap' };
		return { offered: true };
	}
}
