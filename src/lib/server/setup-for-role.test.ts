import { describe, expect, it } from 'vitest';
import { ROLES, type SetupResponse } from '$lib/contract';
import { setupForRole } from './setup-for-role';

const setup: SetupResponse = {
	event: { id: 'e', name: 'Spring', date: '2026-05-16' },
	rulesets: [],
	competitions: [],
	heats: [],
	entries: [{ id: 'x', competitionId: 'c', heatId: 'h', name: 'Jana', members: [{ id: 'm', name: 'Jana Nováková', birthDate: '2012-03-04', country: 'CZ' }] }],
	merges: [],
	deviceCompetitionIds: []
};

describe('the set-up each role pulls', () => {
	it('dates of birth reach the organizer only; every other role gets names and countries', () => {
		for (const role of ROLES) {
			const seen = setupForRole(setup, role);
			if (role === 'organizer') expect(seen).toEqual(setup);
			else {
				expect(JSON.stringify(seen), role).not.toContain('2012-03-04');
				expect(seen.entries[0]!.members[0], role).toEqual({ id: 'm', name: 'Jana Nováková', country: 'CZ' });
			}
		}
	});
});
