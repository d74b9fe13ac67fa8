import { describe, expect, it } from 'vitest';
import { matchesQuery } from '$lib/registration/name-search';
import { latestRows, liveClock, pinnedRows, searchRows } from './live-view';
import { currentHeat, topRows } from './overlay-view';
import { competition, heat, row } from './live.testkit';

describe('liveClock: a heat on the viewer’s clock', () => {
	it('counts the preview down into the running clock, and the running clock into time up', () => {
		const h = heat({ phase: 'preview', startedAt: 10_000, limitAt: 70_000, stillGoing: 3 });
		expect(liveClock(h, 4_000)).toEqual({ phase: 'preview', ms: 6_000, leftMs: null, stillGoing: 3 });
		expect(liveClock(h, 25_000)).toEqual({ phase: 'running', ms: 15_000, leftMs: 45_000, stillGoing: 3 });
		// Past the limit before the server's next version: who still goes is the server's to say.
		expect(liveClock(h, 80_000)).toEqual({ phase: 'time-up', ms: 60_000, leftMs: null, stillGoing: 0 });
	});

	it('keeps what the server says of a heat that ended, and runs a heat without a limit on', () => {
		expect(liveClock(heat({ phase: 'waiting', startedAt: null, limitAt: null }), 5)).toEqual({ phase: 'waiting', ms: 0, leftMs: null, stillGoing: 0 });
		expect(liveClock(heat({ phase: 'all-finished', startedAt: 1_000, endedAt: 31_000 }), 99_000)).toEqual({ phase: 'all-finished', ms: 30_000, leftMs: null, stillGoing: 0 });
		expect(liveClock(heat({ phase: 'time-up', startedAt: 1_000, limitAt: 61_000, stillGoing: 2 }), 99_000)).toEqual({ phase: 'time-up', ms: 60_000, leftMs: null, stillGoing: 2 });
		expect(liveClock(heat({ phase: 'running', startedAt: 1_000, limitAt: null }), 11_000)).toEqual({ phase: 'running', ms: 10_000, leftMs: null, stillGoing: 2 });
		// A viewer's clock behind the tablets': the running clock stands at zero, not in a preview.
		expect(liveClock(heat({ phase: 'running', startedAt: 10_000, limitAt: 70_000 }), 9_000)).toEqual({ phase: 'running', ms: 0, leftMs: 60_000, stillGoing: 2 });
	});
});

describe('the rows a page shows', () => {
	const rows = [
		row('a', { name: 'Jana Nováková', place: 1 }),
		row('b', { name: 'Iñigo Peña', place: 2 }),
		row('c', { name: 'Bo Ek', place: null }),
		row('d', { name: 'Jan Novák', place: 3 })
	];

	it('finds names with case and accents ignored, each word the start of a word', () => {
		expect(searchRows(rows, 'novakova', matchesQuery).map((r) => r.entryId)).toEqual(['a']);
		expect(searchRows(rows, 'NOV', matchesQuery).map((r) => r.entryId)).toEqual(['a', 'd']);
		expect(searchRows(rows, 'pena inigo', matchesQuery).map((r) => r.entryId)).toEqual(['b']);
		expect(searchRows(rows, 'ak', matchesQuery)).toEqual([]);
		expect(searchRows(rows, '  ', matchesQuery)).toBe(rows);
		// Before the search's code is loaded: everyone, not no one.
		expect(searchRows(rows, 'nov', null)).toBe(rows);
	});

	it('pins in the standings’ order; the top with a place; the latest newest first', () => {
		expect(pinnedRows(rows, ['d', 'a', 'zz']).map((r) => r.entryId)).toEqual(['a', 'd']);
		expect(pinnedRows(rows, [])).toEqual([]);
		expect(topRows(rows, 2).map((r) => r.entryId)).toEqual(['a', 'b']);
		expect(topRows(rows, 10).map((r) => r.entryId)).toEqual(['a', 'b', 'd']);
		const c = { rows, latest: [{ entryId: 'd', at: 3 }, { entryId: 'gone', at: 2 }, { entryId: 'a', at: 1 }] };
		expect(latestRows(c, 3).map((r) => r.entryId)).toEqual(['d', 'a']);
		expect(latestRows(c, 1).map((r) => r.entryId)).toEqual(['d']);
		expect(latestRows(c, 0)).toEqual([]);
	});

	it('the overlay’s heat: one in progress, else the one started last, else the first', () => {
		const h1 = heat({ id: 'h1', phase: 'all-finished', startedAt: 1_000 });
		const h2 = heat({ id: 'h2', phase: 'running', startedAt: 500 });
		const h3 = heat({ id: 'h3', phase: 'time-up', startedAt: 2_000, stillGoing: 0 });
		const h4 = heat({ id: 'h4', phase: 'waiting', startedAt: null });
		expect(currentHeat([h1, h2, h3])?.id).toBe('h2');
		expect(currentHeat([h1, h3, h4])?.id).toBe('h3');
		expect(currentHeat([h4])?.id).toBe('h4');
		expect(currentHeat([])).toBeNull();
		expect(currentHeat(competition('c').heats)?.id).toBe('h1');
	});
});
