import { describe, expect, it } from 'vitest';
import { API, LIVE_ANNOUNCEMENT_EVENT, LIVE_REFRESH_MS, pathOf, STREAM_OPEN_EVENT } from '$lib/contract';
import { ANNOUNCEMENT_EVENT, liveAnnouncementsPath, liveCompetitionPath, liveEventPath, OPEN_EVENT, REFRESH_MS } from './live-wire';

describe('what the viewer’s page takes of the contract', () => {
	it('is the contract’s constants', () => {
		expect({ REFRESH_MS, ANNOUNCEMENT_EVENT, OPEN_EVENT }).toEqual({
			REFRESH_MS: LIVE_REFRESH_MS,
			ANNOUNCEMENT_EVENT: LIVE_ANNOUNCEMENT_EVENT,
			OPEN_EVENT: STREAM_OPEN_EVENT
		});
	});

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
