import type { ActionType } from '$lib/events/action-types';
import type { EventOf, JudgeEvent } from '$lib/events/schema';
import type { EventLog } from '$lib/db/event-log';
import { lastUndoable } from './last-undoable';
import type { HeatFold } from './heat-fold.svelte';
import type { Tap } from './tap';

/** An event as the judge's tap drafts it: the log numbers and stamps it. */
export type EventDraft = Parameters<EventLog['append']>[0];

/**
 * The heat's one write path: every action becomes an event written to the tablet's log
 * (durably, before the state shows it), then joins the fold. A failed write changes nothing
 * and is shown to the judge.
 */
export class HeatWriter {
	private readonly fold: HeatFold;
	private readonly log: EventLog;
	/** Who taps now: changed when another judge takes over (each event keeps the name it was recorded under). */
	judge: string;
	/** The last action taken here, for undo (./corrections.svelte.ts). */
	lastAction = $state.raw<JudgeEvent | null>(null);
	/** A write is under way: the action buttons wait for it. */
	saving = $state(false);
	/** The last write that failed: shown to the judge, nothing is lost silently. */
	error = $state<string | null>(null);

	constructor(fold: HeatFold, log: EventLog, judge: string) {
		this.fold = fold;
		this.log = log;
		this.judge = judge;
		// A reload keeps the undo of this tablet's last action for the rest of its window.
		this.lastAction = lastUndoable(fold.events, log.deviceId);
	}

	/** This tablet's ID, as its events carry it. */
	get deviceId(): string {
		return this.log.deviceId;
	}

	/** Writes one event of this heat, then shows it; `automatic` as for `write`. */
	record<T extends ActionType>(type: T, entryId: string | null, payload: EventOf<T>['payload'], tap: Tap, automatic = false): Promise<JudgeEvent | null> {
		const { setup, heatId } = this.fold;
		const draft = { at: tap.at, mono: tap.mono, judge: this.judge, competitionId: setup.competition.id, heatId, entryId, type, payload } as EventDraft;
		return this.write(draft, automatic);
	}

	/**
	 * `automatic`: recorded by the tablet itself, not a judge's action to undo. The write is
	 * issued first, in the tap's own handler (EventLog.append): only then does any state change
	 * that renders ("saving" disables the buttons), so nothing is drawn before the transaction.
	 */
	async write(draft: EventDraft, automatic = false): Promise<JudgeEvent | null> {
		const written = this.log.append(draft);
		this.saving = true;
		try {
			const event = await written;
			this.fold.add([event], event.at);
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
}
