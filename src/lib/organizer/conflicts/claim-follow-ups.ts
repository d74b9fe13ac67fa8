import { compareEvents } from '$lib/events/order';
import type { EventOf, JudgeEvent } from '$lib/events/schema';
import { applyCorrections, type EffectiveEvent } from '$lib/scoring';
import type { Entry } from '$lib/setup/schema';

/** A check of a finish, confirmed or rejected. */
export type CheckEvent = EventOf<'check.confirmed'> | EventOf<'check.rejected'>;

/** A finish a tablet recorded: a seat's raised hand, or one puzzle of a relay. */
export const isClaim = (e: { type: JudgeEvent['type'] }): boolean => e.type === 'hand.raised' || e.type === 'relay.puzzle-finished';

/**
 * What followed a finish on the tablets, in what stands of the entry's log (corrections
 * applied): its last check, and whether its tablet recorded the competitor's agreement.
 */
export class ClaimFollowUps {
	constructor(private readonly effective: readonly EffectiveEvent[]) {}

	/** From the entry's own events in `scope` (nothing follows anything without an entry). */
	static ofEntry(entry: Pick<Entry, 'id'> | undefined, scope: readonly JudgeEvent[]): ClaimFollowUps {
		return new ClaimFollowUps(entry ? applyCorrections(scope.filter((e) => e.entryId === entry.id)).effective : []);
	}

	/** The last check of the claim, whichever tablet made it. */
	checkOf(claimId: string): CheckEvent | undefined {
		let last: EffectiveEvent | undefined;
		for (const e of this.effective) if ((e.type === 'check.confirmed' || e.type === 'check.rejected') && e.payload.ref === claimId && (!last || compareEvents(last, e) < 0)) last = e;
		return last as CheckEvent | undefined;
	}

	/** Whether the claim's tablet recorded the competitor's agreement after it (before another finish of its own). */
	agreed(claim: JudgeEvent): boolean {
		for (const e of this.effective) {
			if (e.deviceId !== claim.deviceId || compareEvents(e, claim) <= 0) continue;
			if (isClaim(e)) return false;
			if (e.type === 'record.acknowledged') return true;
		}
		return false;
	}

	/** The claim an acknowledgement agrees to: its tablet's last finish before it. */
	acknowledged(ack: JudgeEvent): EffectiveEvent | undefined {
		let claim: EffectiveEvent | undefined;
		for (const e of this.effective) if (isClaim(e) && e.deviceId === ack.deviceId && compareEvents(e, ack) < 0) claim = e;
		return claim;
	}
}
