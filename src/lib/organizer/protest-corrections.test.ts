import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { JudgeEventSchema, type JudgeEvent } from '$lib/events/schema';
import type { EventDraft } from '$lib/db/event-log';
import { correctionTargets, parseGroups, protestCorrectionDraft, type ProtestCorrectionContext } from './protest-corrections';

const T0 = Date.UTC(2026, 4, 16, 9);
const MIN = 60_000;

function judged() {
	const tab = new DeviceLog({ deviceId: 'tab-1', judge: 'Eva', competitionId: 'solo', heatId: 'h1' });
	tab.start(T0, ['anna', 'bea']);
	const hand = tab.hand('anna', T0 + 40 * MIN);
	const check = tab.confirm(hand, T0 + 41 * MIN, 2);
	const tally = tab.tally('bea', T0 + 90 * MIN, [100, 20]);
	// The tally was corrected once already: the correction in force stands for it.
	const fixed = tab.correct(tally, T0 + 91 * MIN, 'recount', { type: 'tally.recorded', at: tally.at, payload: { groups: [110, 20] } });
	return { log: tab.events, hand, check, tally, fixed };
}

const ctx = (log: readonly JudgeEvent[], entryId: string): ProtestCorrectionContext => ({
	judge: 'Desk', at: T0 + 120 * MIN, mono: 5, reason: 'Protest: the video shows it', events: new Map(log.map((e) => [e.id, e])), entry: { id: entryId, competitionId: 'solo', heatId: 'h1' }
});
/** A draft as the log stamps it, checked as every event is. */
const stamped = (d: EventDraft) => JudgeEventSchema.parse({ ...d, id: 'org-1', deviceId: 'org', seq: 1 });

describe('the corrections an upheld protest carries', () => {
	it('offers the entry\'s events in force, its checks and its tallies (a replaced tally by the correction that stands for it)', () => {
		const { log, hand, check, tally, fixed } = judged();
		const anna = correctionTargets(log, 'anna');
		expect(anna.inForce.map((t) => t.event.id)).toEqual([hand.id, check.id]);
		expect(anna.checks.map((t) => t.event.id)).toEqual([check.id]);
		const bea = correctionTargets(log, 'bea');
		expect(bea.inForce.map((t) => t.event.id)).not.toContain(tally.id);
		expect(bea.tallies).toEqual([{ event: fixed, stands: fixed.payload.replacement }]);
	});

	it('a time adjustment of ± seconds, with the protest\'s reason, on the entry', () => {
		const { log } = judged();
		const e = stamped(protestCorrectionDraft({ kind: 'adjust', entryId: 'anna', seconds: -30 }, ctx(log, 'anna')));
		expect(e).toMatchObject({ type: 'time.adjusted', entryId: 'anna', heatId: 'h1', competitionId: 'solo', judge: 'Desk', payload: { deltaMs: -30_000, reason: 'Protest: the video shows it' } });
		expect(() => protestCorrectionDraft({ kind: 'adjust', entryId: 'anna', seconds: 0 }, ctx(log, 'anna'))).toThrow(/other than 0/);
	});

	it('voids an event, changes a check\'s missing pieces or a tally, each a correction of it', () => {
		const { log, hand, check, fixed } = judged();
		expect(stamped(protestCorrectionDraft({ kind: 'void', eventId: hand.id }, ctx(log, 'anna')))).toMatchObject({ type: 'correction', entryId: 'anna', payload: { supersedes: hand.id, reason: 'Protest: the video shows it' } });
		expect(stamped(protestCorrectionDraft({ kind: 'missing', eventId: check.id, missingPieces: 0 }, ctx(log, 'anna'))).payload).toEqual({
			supersedes: check.id, reason: 'Protest: the video shows it', replacement: { type: 'check.confirmed', at: check.at, payload: { ref: hand.id, missingPieces: 0 } }
		});
		expect(stamped(protestCorrectionDraft({ kind: 'tally', eventId: fixed.id, groups: [130] }, ctx(log, 'bea'))).payload).toMatchObject({ supersedes: fixed.id, replacement: { type: 'tally.recorded', payload: { groups: [130] } } });
		expect(() => protestCorrectionDraft({ kind: 'missing', eventId: hand.id, missingPieces: 1 }, ctx(log, 'anna'))).toThrow(/not a confirmed check/);
		expect(() => protestCorrectionDraft({ kind: 'void', eventId: 'nope' }, ctx(log, 'anna'))).toThrow(/not on this device/);
		expect(() => protestCorrectionDraft({ kind: 'void', eventId: hand.id }, { ...ctx(log, 'anna'), reason: ' ' })).toThrow(/reason/);
	});

	it('reads group sizes as the organizer types them', () => {
		expect(parseGroups('120, 45 8')).toEqual([120, 45, 8]);
		expect(parseGroups(' 7 ')).toEqual([7]);
		expect(parseGroups('')).toBeNull();
		expect(parseGroups('12, 0')).toBeNull();
		expect(parseGroups('12, x')).toBeNull();
		expect(parseGroups('1.5')).toBeNull();
	});
});
