import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { SetupBundle } from '$lib/db/setup-store';
import { orgSetup } from '$lib/db/testkit';
import { twoQuickSetups } from '$lib/files/two-quick-setups.testkit';
import { holdsChoices } from './holds-choices';
import { homeChoices } from './home-choices';

/** Two quick set-ups merged by the organizer, and the organizer's day with its competition. */
function everything(): SetupBundle {
	const fx = twoQuickSetups();
	const { setup } = fx;
	const org = orgSetup().bundle;
	return {
		days: [...setup.events, ...org.days],
		rulesets: [...setup.rulesets, ...org.rulesets],
		competitions: [...setup.competitions, ...org.competitions],
		heats: [...setup.heats, ...org.heats],
		entries: [...setup.entries, ...org.entries],
		merges: [fx.merge]
	};
}

const card = { competitionId: 'comp', heatId: 'heat-1', table: '1', heatName: 'Heat 1' };

describe('holdsChoices: whether the home loads the chooser’s code', () => {
	it('a new tablet holds nothing to choose (the chooser would list nothing); a set-up holds something', () => {
		const empty: SetupBundle = { days: [], rulesets: [], competitions: [], heats: [], entries: [] };
		expect([holdsChoices(empty), homeChoices(empty, [], null)]).toEqual([false, []]);
		expect(holdsChoices(orgSetup().bundle)).toBe(true);
		expect(homeChoices(orgSetup().bundle, [], null).length).toBeGreaterThan(0);
	});

	it('without it, the chooser lists nothing, with or without merges, counts or a card (any part of a set-up)', () => {
		const all = everything();
		const part = <T>(items: readonly T[]) => fc.subarray([...items]);
		fc.assert(
			fc.property(
				fc.record({ days: part(all.days), rulesets: part(all.rulesets), competitions: part(all.competitions), heats: part(all.heats), entries: part(all.entries), merges: part(all.merges!) }),
				fc.boolean(),
				(directory, byCard) => {
					const listed = homeChoices(directory, [], byCard ? card : null);
					if (!holdsChoices(directory)) expect(listed).toEqual([]);
					// Without a card's scope (which only takes away), what it holds is listed.
					else if (!byCard) expect(listed.length).toBeGreaterThan(0);
				}
			)
		);
	});
});
