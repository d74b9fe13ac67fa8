import type { JudgeEvent, Replacement } from '$lib/events/schema';
import type { HeatFold } from './heat-fold.svelte';
import type { HeatWriter } from './heat-writer.svelte';
import { tapNow } from './tap';

/** How long the last action can be undone (a compensating correction). */
export const UNDO_WINDOW_MS = 10_000;

/** The judge's undo and corrections: each a correction event; what it corrects stays in the audit trail. */
export class Corrections {
	private readonly fold: HeatFold;
	private readonly writer: HeatWriter;

	constructor(fold: HeatFold, writer: HeatWriter) {
		this.fold = fold;
		this.writer = writer;
	}

	/** Whether the last action here can still be undone at `now`. */
	canUndo(now = this.fold.now): boolean {
		const last = this.writer.lastAction;
		return last !== null && last.type !== 'correction' && now - last.at <= UNDO_WINDOW_MS;
	}

	/** Undo: a correction that voids the last action; both stay in the audit trail. */
	undo(tap = tapNow()) {
		const last = this.writer.lastAction;
		if (!last || !this.canUndo(tap.at)) return Promise.resolve(null);
		return this.correct(last, 'undo', undefined, tap);
	}

	/** A correction with a replacement (e.g. a corrected finish time), with its reason. */
	correct(target: JudgeEvent, reason: string, replacement?: Replacement, tap = tapNow()) {
		return this.writer.write({
			at: tap.at,
			mono: tap.mono,
			judge: this.writer.judge,
			competitionId: target.competitionId,
			heatId: target.heatId,
			entryId: target.entryId,
			type: 'correction',
			payload: replacement ? { supersedes: target.id, reason, replacement } : { supersedes: target.id, reason }
		});
	}
}
