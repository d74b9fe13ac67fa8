import { describe, expect, it } from 'vitest';
import { announcementConcerns } from './announcement-scope';

describe('announcementConcerns (issue 32 #1)', () => {
	const a = { cursor: 9, competitions: ['c1', 'c2'] };
	it('concerns a device that pulls everything, and a tablet that follows one of the competitions', () => {
		expect(announcementConcerns(a, [null])).toBe(true);
		expect(announcementConcerns(a, [{ competitionId: 'c3' }, { competitionId: 'c2' }])).toBe(true);
	});
	it('does not concern a tablet that follows none of them, nor one that follows nothing yet', () => {
		expect(announcementConcerns(a, [{ competitionId: 'c3' }])).toBe(false);
		expect(announcementConcerns(a, [])).toBe(false);
	});
});
