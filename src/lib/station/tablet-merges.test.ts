import { describe, expect, it } from 'vitest';
import { twoQuickSetups } from '$lib/files/two-quick-setups.testkit';
import type { SetupBundle } from '$lib/db/setup-store';
import { tabletMerges } from './tablet-merges';
import { choiceTree } from './choice-tree';

/** What tablet A holds after the organizer merged B's quick set-up into A's (issue 30 #3). */
function tabletA(merged = true): { directory: SetupBundle; fx: ReturnType<typeof twoQuickSetups> } {
	const fx = twoQuickSetups();
	const { setup } = fx;
	return { fx, directory: { days: setup.events, rulesets: setup.rulesets, competitions: setup.competitions, heats: setup.heats, entries: setup.entries, merges: merged ? [fx.merge] : [] } };
}

describe('a tablet follows the organizer’s merges (issue 30 #3)', () => {
	it('lists one competition, with the folded-in one’s new entries, its events counted under the kept heat', () => {
		const { directory, fx } = tabletA();
		const merges = tabletMerges(directory);
		const counts = merges.counts([
			{ competitionId: fx.a.competitionId, heatId: fx.a.heatId, count: 3 },
			{ competitionId: fx.b.competitionId, heatId: fx.b.heatId, count: 3 }
		]);
		expect(counts).toEqual([{ competitionId: fx.a.competitionId, heatId: fx.a.heatId, count: 6 }]);
		const [event] = choiceTree(merges.directory, counts);
		expect(event!.children.map((c) => c.key)).toEqual([fx.a.competitionId]);
		expect(event!.children[0]!.ambiguous).toBe(false);
		expect(event!.children[0]!.children.map((h) => [h.key, h.seats, h.events])).toEqual([[fx.a.heatId, 4, 6]]);
		expect(merges.entries(fx.a.competitionId).map((e) => e.name)).toEqual(expect.arrayContaining(['Ana', 'Bob', 'Cyril', 'Dora']));
	});

	it('opens a folded-in heat as the heat it was merged into, and reads its events there', () => {
		const { directory, fx } = tabletA();
		const merges = tabletMerges(directory);
		expect(merges.resolve(fx.b.competitionId, fx.b.heatId)).toEqual({ competitionId: fx.a.competitionId, heatId: fx.a.heatId });
		expect(merges.sources(fx.a.competitionId, fx.a.heatId)).toEqual([
			{ competitionId: fx.a.competitionId, heatId: fx.a.heatId },
			{ competitionId: fx.b.competitionId, heatId: fx.b.heatId }
		]);
		const read = merges.read(fx.handB);
		expect(read).toMatchObject({ id: fx.handB.id, competitionId: fx.a.competitionId, heatId: fx.a.heatId, entryId: fx.seat(fx.a, 1) });
	});

	it('changes nothing without a merge', () => {
		const { directory, fx } = tabletA(false);
		const merges = tabletMerges(directory);
		expect(merges.directory).toBe(directory);
		expect(merges.resolve(fx.b.competitionId, fx.b.heatId)).toEqual({ competitionId: fx.b.competitionId, heatId: fx.b.heatId });
		expect(merges.read(fx.handB)).toBe(fx.handB);
	});
});
