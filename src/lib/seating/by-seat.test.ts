import { describe, expect, it } from 'vitest';
import { bySeat } from './seat-order';

describe('bySeat (issue 30 #9)', () => {
	it('orders seats as people count them: 1, 2, 3, 4, 10, whatever order they came in', () => {
		const seats = ['1', '2', '4', '3', '10'].map((seat) => ({ table: '1', seat }));
		expect([...seats].sort(bySeat).map((s) => s.seat)).toEqual(['1', '2', '3', '4', '10']);
	});

	it('orders by table first (T2 before T10), unseated last, ties kept in their order', () => {
		const seats = [
			{ id: 'a', table: 'T10', seat: '1' },
			{ id: 'b' },
			{ id: 'c', table: 'T2', seat: '2' },
			{ id: 'd', table: 'T2' },
			{ id: 'e', table: 'T2', seat: '1' },
			{ id: 'f' }
		];
		expect([...seats].sort(bySeat).map((s) => s.id)).toEqual(['e', 'c', 'd', 'a', 'b', 'f']);
	});
});
