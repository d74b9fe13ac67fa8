import { describe, expect, it } from 'vitest';
import { columns, num } from './columns';

describe('columns', () => {
	it('keeps the order; bare labels are text columns, num(…) numeric ones', () => {
		const a = () => 'Name';
		const b = () => 'Time';
		expect(columns(a, num(b)).map((c) => ({ label: c.label(), num: c.num }))).toEqual([
			{ label: 'Name', num: false },
			{ label: 'Time', num: true }
		]);
	});
});
