import { describe, expect, it } from 'vitest';
import { competition, row } from '$lib/live/live.testkit';
import type { LiveCompetition } from '$lib/contract';
import { liveChange, MAX_CHANGED_ROWS } from './live-change';

const change = (before: LiveCompetition, after: LiveCompetition) => liveChange(before, after, JSON.stringify(after));

describe('liveChange', () => {
	const before = competition('c', { rows: [row('a', { place: 1 }), row('b', { place: 2 }), row('x'), row('y')] });

	it('is the rows that changed, with the heats and latest finishes, when applying it gives exactly the new version', () => {
		const after = { ...before, rows: [row('a', { place: 1 }), row('b', { place: 2 }), row('y', { place: 3, stillGoing: false }), row('x')], latest: [{ entryId: 'y', at: 9 }] };
		expect(change(before, after)).toEqual({ rows: [row('y', { place: 3, stillGoing: false })], heats: before.heats, latest: [{ entryId: 'y', at: 9 }] });
	});

	it('is none when something else changed, an entry came or went, too many rows moved, or the order cannot be told from places', () => {
		expect(change(before, { ...before, state: 'published', version: 1 })).toBeNull();
		expect(change(before, { ...before, rows: before.rows.slice(1) })).toBeNull();
		expect(change(before, { ...before, rows: [...before.rows.slice(0, 3), row('z')] })).toBeNull();
		// Unplaced rows in another order: a page could not tell.
		expect(change(before, { ...before, rows: [before.rows[0]!, before.rows[1]!, before.rows[3]!, before.rows[2]!] })).toBeNull();
		const many = competition('c', { rows: Array.from({ length: MAX_CHANGED_ROWS + 1 }, (_, i) => row(`e${i}`)) });
		expect(change(many, { ...many, rows: many.rows.map((r, i) => ({ ...r, place: i + 1 })) })).toBeNull();
	});
});
