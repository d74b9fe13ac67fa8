import { describe, expect, it } from 'vitest';
import { movedSection, ORGANIZER_SECTIONS, sectionAt } from './sections';

describe('the organizer’s sections', () => {
	it('are five routes under /organizer, the event and its competitions first', () => {
		expect(ORGANIZER_SECTIONS.map((s) => s.path)).toEqual(['/organizer/event', '/organizer/register', '/organizer/seating', '/organizer/setup', '/organizer/live', '/organizer/review', '/organizer/devices']);
	});

	it('know the route shown, with or without a trailing slash', () => {
		expect(sectionAt('/organizer/review/')?.anchors.map((a) => a.id)).toEqual(['conflicts', 'standings', 'double-check']);
		expect(sectionAt('/organizer/setup')?.anchors.map((a) => a.id)).toEqual(['merge', 'files']);
		expect(sectionAt('/organizer/event')?.anchors.map((a) => a.id)).toEqual(['event-details', 'competitions', 'add-competition']);
		expect(sectionAt('/organizer/register/import')?.path).toBe('/organizer/register');
		expect(sectionAt('/organizer/registered')).toBeNull();
		expect(sectionAt('/organizer')).toBeNull();
		expect(sectionAt('/organizer/print')).toBeNull();
	});

	it('lead the one-page screen’s anchors to the route the section moved to, keeping the anchor', () => {
		const at = (href: string) => movedSection(new URL(href, 'https://judge.test'));
		expect(at('/organizer#conflicts')).toBe('/organizer/review#conflicts');
		expect(at('/organizer#standings')).toBe('/organizer/review#standings');
		expect(at('/organizer/#double-check')).toBe('/organizer/review#double-check');
		expect(at('/organizer#merge')).toBe('/organizer/setup#merge');
		expect(at('/organizer#files')).toBe('/organizer/setup#files');
		expect(at('/organizer#devices')).toBe('/organizer/devices#devices');
	});

	it('leave every other address where it is', () => {
		const at = (href: string) => movedSection(new URL(href, 'https://judge.test'));
		expect(at('/organizer')).toBeNull();
		expect(at('/organizer#')).toBeNull();
		expect(at('/organizer#toString')).toBeNull();
		expect(at('/organizer/review#conflicts')).toBeNull();
		expect(at('/organizer/print#standings')).toBeNull();
	});
});
