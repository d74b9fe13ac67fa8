import { describe, expect, it } from 'vitest';
import type { Conflict } from '../types';
import { T0, tablet } from '../testkit';
import { CorrectionChains } from './correction-chains';
import { correctionsPerRoot, latestVersion } from './latest-version';

describe('correctionsPerRoot', () => {
	it('corrections in force gather under their root action; a revert is not one of them', () => {
		const log = tablet();
		const hand = log.hand('ann', T0);
		const first = log.correct(hand, T0 + 1, 'moved', { type: 'hand.raised', at: T0 + 5, payload: {} });
		const second = log.correct(first, T0 + 2, 'moved again', { type: 'hand.raised', at: T0 + 6, payload: {} });
		const undo = log.correct(log.hand('ann', T0 + 10), T0 + 11, 'undo');
		log.correct(undo, T0 + 12, 'revert');
		const perRoot = correctionsPerRoot(log.events, new CorrectionChains(log.events, []));
		expect([...perRoot]).toEqual([[hand.id, [second]]]);
	});
});

describe('latestVersion', () => {
	it('a replacement keeps the ID and names its correction and the time recorded', () => {
		const log = tablet();
		const hand = log.hand('ann', T0);
		const c = log.correct(hand, T0 + 1, 'moved', { type: 'hand.raised', at: T0 + 5, payload: {} });
		expect(latestVersion(hand, [c], [])).toEqual({ ...hand, at: T0 + 5, correctedBy: c.id, recordedAt: T0 });
	});

	it('a correction without a replacement voids the action', () => {
		const log = tablet();
		const hand = log.hand('ann', T0);
		expect(latestVersion(hand, [log.correct(hand, T0 + 1, 'undo')], [])).toBeNull();
	});

	it('two in force: the latest applies, and they are a conflict', () => {
		const a = tablet('tab-a');
		const b = tablet('tab-b');
		const hand = a.hand('ann', T0);
		const later = b.correct(hand, T0 + 2, 'moved', { type: 'hand.raised', at: T0 + 7, payload: {} });
		const earlier = a.correct(hand, T0 + 1, 'undo');
		const conflicts: Conflict[] = [];
		expect(latestVersion(hand, [later, earlier], conflicts)?.at).toBe(T0 + 7);
		expect(conflicts).toEqual([
			{
				kind: 'double-correction',
				competitionId: 'comp',
				heatId: 'heat-1',
				entryId: 'ann',
				eventIds: [hand.id, earlier.id, later.id],
				deviceIds: ['tab-a', 'tab-b'],
				message: `2 corrections in force for event ${hand.id}; the latest (${later.id}) applies`
			}
		]);
	});
});
