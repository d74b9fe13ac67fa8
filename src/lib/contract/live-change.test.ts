import { describe, expect, it } from 'vitest';
import { competition, row } from '$lib/live/live.testkit';
import { applyLiveChange } from './live-change';

describe('applyLiveChange', () => {
	it('puts the changed rows in place of theirs, in order of place, those without one last in the order they had', () => {
		const c = competition('c', { rows: [row('a', { place: 1 }), row('b', { place: 2 }), row('x'), row('y')] });
		// y finishes first: places move.
		const changed = applyLiveChange(c, { rows: [row('y', { place: 1 }), row('a', { place: 2 }), row('b', { place: 3 })], heats: [], latest: [{ entryId: 'y', at: 5 }] });
		expect(changed.rows.map((r) => `${r.entryId}${r.place ?? '-'}`)).toEqual(['y1', 'a2', 'b3', 'x-']);
		expect(changed.latest).toEqual([{ entryId: 'y', at: 5 }]);
		expect(changed.heats).toEqual([]);
		// Shared places keep the order they had.
		const tie = applyLiveChange(c, { rows: [row('x', { place: 2 })], heats: c.heats, latest: [] });
		expect(tie.rows.map((r) => r.entryId)).toEqual(['a', 'b', 'x', 'y']);
		expect(c.rows.map((r) => r.entryId)).toEqual(['a', 'b', 'x', 'y']);
	});
});
