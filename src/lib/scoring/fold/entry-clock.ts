import type { Ruleset } from '$lib/rules/schema';
import { pauseAllowed } from '$lib/rules/ruleset-reading';
import type { Interval } from './entry-summary';

/**
 * An entry's clock as the fold walks its events: its limit, its finish, and its pauses
 * (ES-PAUSE). At most one pause is open; it ends at its end event, at the finish, or by itself
 * at its maximum length. When pauses stop the clock, each pushes the limit back by its length.
 */
export class EntryClock {
	/** Accepted pauses, in order; `to` is the end event, the finish, or the maximum length. */
	readonly pauses: Interval[] = [];
	readonly stopsInPauses: boolean;
	/** Wall time at which counted time reaches the limit; null before the start. */
	limitAt: number | null;
	/** Wall time of the entry's finish: the last puzzle's. */
	finishedAt: number | null = null;
	private open: Interval | null = null;

	constructor(
		private readonly ruleset: Ruleset,
		readonly startedAt: number | null
	) {
		this.stopsInPauses = ruleset.pause?.clockStops ?? false;
		this.limitAt = startedAt === null ? null : startedAt + ruleset.timeLimitMs;
	}

	/** Whether the clock runs at `t`: started, not finished, before the limit. */
	running(t: number): boolean {
		return this.startedAt !== null && this.limitAt !== null && this.finishedAt === null && t >= this.startedAt && t < this.limitAt;
	}

	/** Time passes to `t`: an open pause that reached its maximum length has ended itself. */
	passTo(t: number): void {
		if (this.open && t >= this.open.to) this.open = null;
	}

	/** A pause asked for at `t`: taken if the clock runs and the ruleset has one left, else noted. */
	startPause(t: number, notes: string[]): void {
		if (!this.running(t)) return;
		const ruleset = this.ruleset;
		if (!pauseAllowed(ruleset)) {
			notes.push(`pause not applied: this ruleset has no pause for a ${ruleset.unit.kind}`);
			return;
		}
		if (this.open) return;
		if (this.pauses.length >= ruleset.pause.maxCount) {
			notes.push(`pause refused: all ${ruleset.pause.maxCount} pauses used (the clock runs on)`);
			return;
		}
		this.open = { from: t, to: t + ruleset.pause.maxDurationMs };
		this.pauses.push(this.open);
		if (this.stopsInPauses && this.limitAt !== null) this.limitAt += ruleset.pause.maxDurationMs;
	}

	/** The open pause, if any, ends at `t`: the limit gives back the length it did not use. */
	endPause(t: number): void {
		const open = this.open;
		if (!open) return;
		const to = Math.min(t, open.to);
		if (this.stopsInPauses && this.limitAt !== null) this.limitAt -= open.to - to;
		open.to = to;
		this.open = null;
	}
}
