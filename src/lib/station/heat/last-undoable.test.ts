import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { MIN, T0 } from '$lib/scoring/testkit';
import { lastUndoable } from './last-undoable';

const device = (deviceId: string) => new DeviceLog({ deviceId, judge: 'Eva', competitionId: 'comp', heatId: 'heat-1' });

describe('lastUndoable: the undo a reload keeps', () => {
	it('is this device’s last judge action, not the tablet’s note of the limit nor another device’s tap', () => {
		const mine = device('tab-mine');
		const other = device('tab-other');
		mine.start(T0, ['ana', 'bob']);
		const hand = mine.hand('ana', T0 + 89 * MIN + 55_000);
		mine.record('heat.time-limit', T0 + 90 * MIN, null, { entryIds: ['bob'] });
		other.hand('bob', T0 + 90 * MIN + 1000);
		expect(lastUndoable([...other.events, ...mine.events], 'tab-mine')).toBe(hand);
		expect(lastUndoable(other.events, 'tab-mine')).toBeNull();
	});

	it('is nothing to undo once the action was corrected, and an undo is not undone again', () => {
		const mine = device('tab-mine');
		mine.start(T0, ['ana']);
		const hand = mine.hand('ana', T0 + 30 * MIN);
		const organizer = device('organizer');
		organizer.correct(hand, T0 + 30 * MIN + 2000, 'wrong seat');
		expect(lastUndoable([...mine.events, ...organizer.events], 'tab-mine')).toBeNull();
		const undo = mine.correct(hand, T0 + 30 * MIN + 3000, 'undo');
		expect(lastUndoable(mine.events, 'tab-mine')).toBe(undo);
	});
});
