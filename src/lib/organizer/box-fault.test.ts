import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { JudgeEventSchema } from '$lib/events/schema';
import { validate } from '$lib/validation';
import { boxFaultDraft } from './box-fault';

const T = Date.UTC(2026, 4, 16, 9);
const ctx = { judge: 'Organizer', at: T + 60_000, mono: 5 };

describe('boxFaultDraft', () => {
	const log = new DeviceLog({ deviceId: 'tab-1', judge: 'Eva', competitionId: 'comp', heatId: 'h1' });
	const hand = log.hand('ana', T);
	const check = log.record('check.confirmed', T + 1000, 'ana', { ref: hand.id, missingPieces: 3, missingFromBox: 2 });

	it("names the check, in the check's competition, heat and entry; a valid event once stamped", () => {
		const draft = boxFaultDraft(check, true, ctx);
		expect(draft).toEqual({ type: 'box-fault.decided', at: ctx.at, mono: 5, judge: 'Organizer', competitionId: 'comp', heatId: 'h1', entryId: 'ana', payload: { ref: check.id, confirmed: true } });
		expect(validate(JudgeEventSchema, { ...draft, id: 'org-1', deviceId: 'org', seq: 1 }).ok).toBe(true);
		expect(boxFaultDraft(check, false, ctx).payload).toEqual({ ref: check.id, confirmed: false });
	});

	it('refuses what is not a check with pieces from the box', () => {
		expect(() => boxFaultDraft(undefined, true, ctx)).toThrow(/no check/);
		expect(() => boxFaultDraft(hand, true, ctx)).toThrow(/no check/);
		const plain = log.confirm(hand, T + 2000, 3);
		expect(() => boxFaultDraft(plain, true, ctx)).toThrow(/no pieces missing from the box/);
	});
});
