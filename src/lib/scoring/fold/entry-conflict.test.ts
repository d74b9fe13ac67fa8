import { describe, expect, it } from 'vitest';
import { competition, T0, tablet } from '../testkit';
import { entryConflict } from './entry-conflict';

describe('entryConflict', () => {
	it('names the entry, its events and each device once', () => {
		const entry = competition('czjpa-individual', ['Ann']).entries[0]!;
		const a = tablet('tab-a');
		const b = tablet('tab-b');
		const events = [a.hand('ann', T0), a.hand('ann', T0 + 1), b.hand('ann', T0 + 2)];
		expect(entryConflict(entry, 'double-finish', events, 'why')).toEqual({
			kind: 'double-finish',
			competitionId: 'comp',
			heatId: 'heat-1',
			entryId: 'ann',
			eventIds: events.map((e) => e.id),
			deviceIds: ['tab-a', 'tab-b'],
			message: 'why'
		});
	});
});
