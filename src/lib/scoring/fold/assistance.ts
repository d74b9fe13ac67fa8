import type { AssistancePolicy } from '$lib/rules/schema';
import type { Assist } from './entry-summary';

/**
 * The judge assistance an entry takes (ES-ASSIST), as the fold walks its events: one at a time,
 * at most the ruleset's count, and none once the closed ones used up the total cap.
 */
export class AssistanceTaken {
	/** Accepted assistance, in order; `to` null while no end was recorded. */
	readonly assists: Assist[] = [];
	private open: Assist | null = null;
	private closedMs = 0;

	constructor(private readonly policy: AssistancePolicy | null) {}

	/** Assistance asked for at `t`, while the clock runs: taken, or noted why not. */
	start(t: number, notes: string[]): void {
		if (this.open) return;
		const policy = this.policy;
		if (!policy) {
			notes.push('assistance not applied: this ruleset has no judge assistance');
			return;
		}
		if (this.assists.length >= policy.maxCount) {
			notes.push(`assistance refused: all ${policy.maxCount} used`);
			return;
		}
		if (this.closedMs >= policy.maxTotalMs) {
			notes.push('assistance refused: the total cap is used up');
			return;
		}
		this.open = { from: t, to: null };
		this.assists.push(this.open);
	}

	/** The open assistance, if any, ends at `t` (its end event or the finish). */
	end(t: number): void {
		const open = this.open;
		if (!open) return;
		open.to = Math.max(t, open.from);
		this.closedMs += open.to - open.from;
		this.open = null;
	}
}
