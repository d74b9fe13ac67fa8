import { describe, expect, it } from 'vitest';
import { PRESETS } from '$lib/rules/presets';
import type { SetupBundle } from '$lib/db/setup-store';
import type { Entry } from '$lib/setup/schema';
import { choiceTree } from './choice-tree';
import { quickSetup } from './quick-setup';

const czjpa = PRESETS.find((p) => p.id === 'czjpa-individual')!;
const rules = { id: czjpa.id, version: czjpa.version };

function seats(competitionId: string, heatId: string, tables: (string | undefined)[]): Entry[] {
	return tables.map((table, i) => ({ id: `${heatId}-e${i + 1}`, competitionId, heatId, name: `${heatId} ${i + 1}`, members: [], ...(table ? { table } : {}) }));
}

/** Two events, a competition whose event is not on the tablet, heats with and without tables. */
function bundle(): SetupBundle {
	return {
		days: [
			{ id: 'spring', name: 'Spring puzzle day', date: '2026-04-11', venue: 'Brno' },
			{ id: 'summer', name: 'Summer puzzle day', date: '2026-06-20' }
		],
		rulesets: [czjpa],
		competitions: [
			{ id: 'spring-pairs', eventId: 'spring', name: 'Pairs', ruleset: rules },
			{ id: 'spring-ind', eventId: 'spring', name: 'Individuals', ruleset: rules },
			{ id: 'summer-ind', eventId: 'summer', name: 'Individuals', ruleset: rules },
			{ id: 'lost', eventId: 'gone', name: 'Imported without its day', ruleset: { id: 'club-rules', version: 3 } }
		],
		heats: [
			{ id: 'si-h10', competitionId: 'spring-ind', name: 'Heat 10' },
			{ id: 'si-h2', competitionId: 'spring-ind', name: 'Heat 2' },
			{ id: 'sp-h1', competitionId: 'spring-pairs', name: 'Heat 1' },
			{ id: 'su-h1', competitionId: 'summer-ind', name: 'Final' },
			{ id: 'lost-h1', competitionId: 'lost', name: 'Heat 1' },
			{ id: 'empty-h', competitionId: 'summer-ind', name: 'Empty heat' }
		],
		entries: [
			...seats('spring-ind', 'si-h2', ['10', '2', '2', undefined]),
			...seats('spring-ind', 'si-h10', ['1', '1']),
			...seats('spring-pairs', 'sp-h1', [undefined, undefined, undefined]),
			...seats('summer-ind', 'su-h1', ['A', 'A', 'B']),
			...seats('lost', 'lost-h1', ['1']),
			// A heat that only its entries name.
			...seats('lost', 'orphan-heat', [undefined])
		]
	};
}

describe('choiceTree', () => {
	it('groups competitions under their events, newest event first, and those without a stored event last', () => {
		const tree = choiceTree(bundle());
		expect(tree.map((e) => [e.key, e.event?.name ?? null, e.children.map((c) => c.key)])).toEqual([
			['summer', 'Summer puzzle day', ['summer-ind']],
			['spring', 'Spring puzzle day', ['spring-ind', 'spring-pairs']],
			[null, null, ['lost']]
		]);
		expect(tree[1]!.event).toEqual({ id: 'spring', name: 'Spring puzzle day', date: '2026-04-11', venue: 'Brno' });
	});

	it('names each competition’s ruleset, falling back to its ID when the ruleset is not on the tablet', () => {
		const [summer, spring, other] = choiceTree(bundle());
		expect(summer!.children[0]!.ruleset).toEqual({ id: czjpa.id, name: czjpa.name, version: czjpa.version });
		expect(other!.children[0]!.ruleset).toEqual({ id: 'club-rules', name: 'club-rules', version: 3 });
		// The same name in different events is not ambiguous; within one event it would be.
		expect(spring!.children.map((c) => c.ambiguous)).toEqual([false, false]);
		const twice = bundle();
		twice.competitions.push({ id: 'spring-ind-2', eventId: 'spring', name: 'individuals', ruleset: rules });
		expect(choiceTree(twice)[1]!.children.map((c) => [c.key, c.ambiguous])).toEqual([
			['spring-ind', true],
			['spring-ind-2', true],
			['spring-pairs', false]
		]);
	});

	it('sorts heats and tables naturally; entries without a table are "all seats" (the whole heat), last', () => {
		const spring = choiceTree(bundle())[1]!;
		const individuals = spring.children[0]!;
		expect(individuals.children.map((h) => h.heat.name)).toEqual(['Heat 2', 'Heat 10']);
		const heat2 = individuals.children[0]!;
		expect(heat2.children.map((t) => [t.key, t.seats])).toEqual([
			['2', 2],
			['10', 1],
			[null, 4]
		]);
		expect([heat2.seats, heat2.leaves, heat2.only]).toEqual([4, 3, null]);
	});

	it('knows when a choice leads to exactly one heat at one table', () => {
		const [summer, spring, other] = choiceTree(bundle());
		const pairs = spring!.children[1]!;
		// A heat without tables: one choice, every seat.
		expect(pairs.children[0]!.children.map((t) => [t.key, t.seats])).toEqual([[null, 3]]);
		expect(pairs.only).toEqual({ competitionId: 'spring-pairs', heatId: 'sp-h1', table: null });
		expect(pairs.children[0]!.only).toEqual(pairs.only);
		// Two tables in the heat: more than one choice.
		expect(summer!.children[0]!.children.map((h) => [h.key, h.leaves, h.only])).toEqual([
			['empty-h', 0, null],
			['su-h1', 2, null]
		]);
		expect(summer!.only).toBeNull();
		expect(other!.children[0]!.leaves).toBe(2);
	});

	it('hides nothing: a heat only its entries name, a heat without seats, a day without competitions', () => {
		const b = bundle();
		b.days.push({ id: 'autumn', name: 'Autumn puzzle day', date: '2026-10-03' });
		const [autumn, summer, , other] = choiceTree(b);
		expect(autumn!.key).toBe('autumn');
		expect([autumn!.children, autumn!.leaves]).toEqual([[], 0]);
		expect(other!.children[0]!.children.map((h) => [h.key, h.heat.name, h.seats])).toEqual([
			['lost-h1', 'Heat 1', 1],
			['orphan-heat', 'orphan-heat', 1]
		]);
		const empty = summer!.children[0]!.children[0]!;
		expect([empty.heat.name, empty.seats, empty.children]).toEqual(['Empty heat', 0, []]);
	});

	it('counts the stored events per heat, and the heats with events per competition', () => {
		const tree = choiceTree(bundle(), [
			{ competitionId: 'spring-ind', heatId: 'si-h2', count: 12 },
			{ competitionId: 'spring-ind', heatId: 'si-h10', count: 3 },
			// Another competition's heat of the same ID does not count here.
			{ competitionId: 'spring-pairs', heatId: 'su-h1', count: 99 }
		]);
		const individuals = tree[1]!.children[0]!;
		expect(individuals.children.map((h) => [h.key, h.events])).toEqual([
			['si-h2', 12],
			['si-h10', 3]
		]);
		expect(individuals.startedHeats).toBe(2);
		expect(tree[0]!.children[0]!.children.map((h) => h.events)).toEqual([0, 0]);
		expect(tree[0]!.children[0]!.startedHeats).toBe(0);
	});

	it('takes a quick set-up as it is stored: its day, its competition, one heat at table 1', () => {
		const q = quickSetup({ presetId: 'es-adult-individual', seatNames: ['Ana', 'Bea'], day: '2026-05-16', suffix: 'abcd1234' });
		if (!q.ok) throw new Error('quick set-up refused');
		const [day] = choiceTree(q.value.bundle);
		expect(day!.event).toMatchObject({ id: 'day-2026-05-16', date: '2026-05-16' });
		expect(day!.only).toEqual({ competitionId: q.value.competitionId, heatId: q.value.heatId, table: '1' });
		expect(day!.seats).toBe(2);
	});

	it('issue 29 #8: labels that read the same are one table to choose ("T1", "t1", "T01"), as first spelled', () => {
		const b = bundle();
		b.entries = seats('summer-ind', 'su-h1', ['T1', 't1', 'T2', 'T01']);
		const heat = choiceTree(b)[0]!.children[0]!.children.find((h) => h.key === 'su-h1')!;
		expect(heat.children.map((t) => [t.key, t.seats])).toEqual([
			['T1', 3],
			['T2', 1]
		]);
		expect(heat.leaves).toBe(2);
	});

	it('is empty for an empty tablet', () => {
		expect(choiceTree({ days: [], rulesets: [], competitions: [], heats: [], entries: [] })).toEqual([]);
	});
});
