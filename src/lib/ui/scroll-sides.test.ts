import { describe, expect, it } from 'vitest';
import { scrollSides } from './scroll-sides';

describe('scrollSides: which way a box that scrolls sideways has more', () => {
	it('nothing when the content fits', () => {
		expect(scrollSides(0, 300, 300)).toBeNull();
		expect(scrollSides(0, 300.4, 300)).toBeNull();
	});
	it('the end at the start, both in the middle, the start at the end', () => {
		expect(scrollSides(0, 600, 300)).toBe('end');
		expect(scrollSides(150, 600, 300)).toBe('both');
		expect(scrollSides(300, 600, 300)).toBe('start');
		expect(scrollSides(299.6, 600, 300)).toBe('start');
	});
});
