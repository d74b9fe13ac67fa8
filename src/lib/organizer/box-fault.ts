import type { EventDraft } from '$lib/db/event-log';
import type { JudgeEvent } from '$lib/events/schema';

/**
 * The organizer's decision on pieces a check recorded as missing from the box (issue 33 #2): a
 * `box-fault.decided` event recorded on the organizer's device, in the check's competition, heat
 * and entry, naming the check. The scorer acts on it under `missingFromBox:
 * 'exempt-when-confirmed'` (src/lib/scoring/outcome/missing-pieces.ts).
 */
export function boxFaultDraft(check: JudgeEvent | undefined, confirmed: boolean, ctx: { judge: string; at: number; mono: number }): EventDraft {
	if (!check || check.type !== 'check.confirmed') throw new Error(`no check ${check?.id ?? ''} on this device to decide on`.trim());
	if (!check.payload.missingFromBox) throw new Error(`the check ${check.id} recorded no pieces missing from the box`);
	return {
		type: 'box-fault.decided',
		at: ctx.at,
		mono: ctx.mono,
		judge: ctx.judge,
		competitionId: check.competitionId,
		heatId: check.heatId,
		entryId: check.entryId,
		payload: { ref: check.id, confirmed }
	};
}
