import { describe, expect, it } from 'vitest';
import { API, pathOf } from '$lib/contract';
import { liveAnnouncementsPath, liveCompetitionPath, liveEventPath } from './live-paths';

describe('the live paths', () => {
	it('are the contract’s routes, their parts encoded', () => {
		const eventId = 'cup 2026/1';
		const competitionId = 'solo&open';
		expect(liveEventPath(eventId)).toBe(pathOf(API.liveEvent, { eventId }));
		expect(liveCompetitionPath(eventId, competitionId)).toBe(pathOf(API.liveCompetition, { eventId, competitionId }));
		expect(liveAnnouncementsPath(eventId)).toBe(pathOf(API.liveAnnouncements, { eventId }));
	});

	it('name a version in `v`, as the contract’s query has it', () => {
		const path = liveCompetitionPath('e1', 'c1', 'W/"3-ab"');
		const query = new URL(path, 'http://x').searchParams;
		expect(API.liveCompetition.query!['~standard'].validate(Object.fromEntries(query))).toEqual({ value: { v: 'W/"3-ab"' } });
		expect(liveCompetitionPath('e1', 'c1', '')).toBe(liveCompetitionPath('e1', 'c1'));
	});
});
