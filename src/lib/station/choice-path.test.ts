import { describe, expect, it } from 'vitest';
import type { SetupBundle } from '$lib/db/setup-store';
import type { Entry } from '$lib/setup/schema';
import { choiceTree, type Choice, type EventChoice } from './choice-tree';
import { backLevel, choose, chooserView, opens, reopen, type ChooserView, type Selection } from './choice-path';

const rules = { id: 'czjpa-individual', version: 1 };

function seats(competitionId: string, heatId: string, tables: (string | undefined)[]): Entry[] {
	return tables.map((table, i) => ({ id: `${heatId}-e${i + 1}`, competitionId, heatId, name: `${heatId} ${i + 1}`, members: [], ...(table ? { table } : {}) }));
}

/**
 * Spring (2 competitions: Individuals with heats at tables 1 and 2, Pairs with one heat and no
 * tables), Summer (one competition, one heat at tables A and B), and a competition whose event
 * is not on the tablet.
 */
function tree(): EventChoice[] {
	const b: SetupBundle = {
		days: [
			{ id: 'spring', name: 'Spring', date: '2026-04-11' },
			{ id: 'summer', name: 'Summer', date: '2026-06-20' }
		],
		rulesets: [],
		competitions: [
			{ id: 'ind', eventId: 'spring', name: 'Individuals', ruleset: rules },
			{ id: 'pairs', eventId: 'spring', name: 'Pairs', ruleset: rules },
			{ id: 'final', eventId: 'summer', name: 'Final', ruleset: rules },
			{ id: 'lost', eventId: 'gone', name: 'Lost', ruleset: rules }
		],
		heats: [
			{ id: 'ind-h1', competitionId: 'ind', name: 'Heat 1' },
			{ id: 'ind-h2', competitionId: 'ind', name: 'Heat 2' },
			{ id: 'pairs-h1', competitionId: 'pairs', name: 'Heat 1' },
			{ id: 'final-h1', competitionId: 'final', name: 'Final heat' },
			{ id: 'lost-h1', competitionId: 'lost', name: 'Heat 1' }
		],
		entries: [
			...seats('ind', 'ind-h1', ['1', '1', '2', '2']),
			...seats('ind', 'ind-h2', ['1', '2']),
			...seats('pairs', 'pairs-h1', [undefined, undefined]),
			...seats('final', 'final-h1', ['A', 'B', 'B']),
			...seats('lost', 'lost-h1', ['1'])
		]
	};
	return choiceTree(b);
}

/** The view in short: path (auto steps marked *), level, option keys, current key. */
function summary(v: ChooserView) {
	return {
		path: v.path.map((s) => `${s.auto ? '*' : ''}${s.choice.key ?? 'other'}`),
		level: v.level,
		options: v.options.map((o) => o.key),
		current: v.current ? v.current.key : undefined
	};
}

function option(v: ChooserView, key: string | null): Choice {
	const o = v.options.find((c) => c.key === key);
	if (!o) throw new Error(`no option ${key} at ${v.level}`);
	return o;
}

/** Taps the options in turn, as the judge would; returns the last view and what opened. */
function tap(t: EventChoice[], start: Selection, ...keys: (string | null)[]) {
	let view = chooserView(t, start);
	let opened = null;
	for (const key of keys) {
		const r = choose(view, option(view, key));
		view = chooserView(t, r.selection);
		opened = r.open;
	}
	return { view, opened };
}

describe('chooserView: step by step, asking only where there is a choice', () => {
	it('starts at the events, with the "other" group for a competition without a stored event', () => {
		expect(summary(chooserView(tree(), {}))).toEqual({ path: [], level: 'event', options: ['summer', 'spring', null], current: undefined });
	});

	it('event → competition → heat → table, each level with its own options', () => {
		const t = tree();
		let { view } = tap(t, {}, 'spring');
		expect(summary(view)).toEqual({ path: ['spring'], level: 'competition', options: ['ind', 'pairs'], current: undefined });
		({ view } = tap(t, view.selection, 'ind'));
		expect(summary(view)).toEqual({ path: ['spring', 'ind'], level: 'heat', options: ['ind-h1', 'ind-h2'], current: undefined });
		({ view } = tap(t, view.selection, 'ind-h1'));
		expect(summary(view)).toEqual({ path: ['spring', 'ind', 'ind-h1'], level: 'table', options: ['1', '2'], current: undefined });
		const r = choose(view, option(view, '2'));
		expect(r.open).toEqual({ competitionId: 'ind', heatId: 'ind-h1', table: '2' });
		// What is remembered: the whole way to the opened table.
		expect(r.selection).toEqual({ event: 'spring', competition: 'ind', heat: 'ind-h1', table: '2' });
	});

	it('skips a level with a single choice: the only competition, the only heat', () => {
		const { view } = tap(tree(), {}, 'summer');
		// Summer: one competition, one heat, two tables.
		expect(summary(view)).toEqual({ path: ['summer', '*final', '*final-h1'], level: 'table', options: ['A', 'B'], current: undefined });
		expect(view.options.map((o) => o.seats)).toEqual([1, 2]);
	});

	it('a heat at one table opens from its own button; the "other" group works like an event', () => {
		const t = tree();
		const { view, opened } = tap(t, {}, null);
		// The one competition and its one heat are taken; the heat's button is what opens it.
		expect(summary(view)).toEqual({ path: ['other', '*lost'], level: 'heat', options: ['lost-h1'], current: undefined });
		expect(opened).toBeNull();
		expect(opens(view.options[0]!)).toBe(true);
		const r = choose(view, view.options[0]!);
		expect(r.open).toEqual({ competitionId: 'lost', heatId: 'lost-h1', table: '1' });

		// A heat without tables opens with every seat.
		const pairs = tap(t, {}, 'spring', 'pairs');
		expect(summary(pairs.view)).toEqual({ path: ['spring', 'pairs'], level: 'heat', options: ['pairs-h1'], current: undefined });
		expect(choose(pairs.view, pairs.view.options[0]!).open).toEqual({ competitionId: 'pairs', heatId: 'pairs-h1', table: null });
	});

	it('on a tablet with a single heat at a single table, shows that heat straight away', () => {
		const only = tree().filter((e) => e.key === null);
		expect(summary(chooserView(only, {}))).toEqual({ path: ['*other', '*lost'], level: 'heat', options: ['lost-h1'], current: undefined });
		expect(backLevel(chooserView(only, {}))).toBeNull();
	});

	it('lands where the judge was: the remembered table among its heat’s tables, a heat at one table among its heats', () => {
		const t = tree();
		const atTable = chooserView(t, { event: 'spring', competition: 'ind', heat: 'ind-h1', table: '2' });
		expect(summary(atTable)).toEqual({ path: ['spring', 'ind', 'ind-h1'], level: 'table', options: ['1', '2'], current: '2' });
		const atHeat = chooserView(t, { event: 'spring', competition: 'pairs', heat: 'pairs-h1', table: null });
		expect(summary(atHeat)).toEqual({ path: ['spring', 'pairs'], level: 'heat', options: ['pairs-h1'], current: 'pairs-h1' });
	});

	it('fills in the event and competition of a heat opened by its URL (competition, heat, table)', () => {
		const v = chooserView(tree(), { competition: 'final', heat: 'final-h1', table: 'B' });
		expect(summary(v)).toEqual({ path: ['summer', '*final', '*final-h1'], level: 'table', options: ['A', 'B'], current: 'B' });
		// The heat decides: a stale event or competition is corrected.
		expect(chooserView(tree(), { event: 'spring', competition: 'ind', heat: 'final-h1' }).selection).toMatchObject({ event: 'summer', competition: 'final' });
		expect(chooserView(tree(), { competition: 'lost' }).selection).toMatchObject({ event: null, competition: 'lost' });
	});

	it('ignores what is no longer on the tablet', () => {
		expect(summary(chooserView(tree(), { event: 'winter', competition: 'gone', heat: 'gone', table: '9' }))).toEqual({
			path: [],
			level: 'event',
			options: ['summer', 'spring', null],
			current: undefined
		});
		expect(summary(chooserView(tree(), { event: 'spring', competition: 'ind', heat: 'ind-h1', table: '7' }))).toMatchObject({ level: 'table', current: undefined });
		expect(summary(chooserView([], {}))).toEqual({ path: [], level: 'event', options: [], current: undefined });
	});
});

describe('going back to change an earlier choice', () => {
	it('reopens a level of the path with the earlier choice marked; choosing it again returns below, the choices there kept', () => {
		const t = tree();
		const start = chooserView(t, { event: 'spring', competition: 'ind', heat: 'ind-h1', table: '2' });
		const events = chooserView(t, reopen(start, 'event'));
		expect(summary(events)).toEqual({ path: [], level: 'event', options: ['summer', 'spring', null], current: 'spring' });
		const again = chooserView(t, choose(events, option(events, 'spring')).selection);
		expect(summary(again)).toEqual({ path: ['spring'], level: 'competition', options: ['ind', 'pairs'], current: 'ind' });
		const heats = chooserView(t, choose(again, option(again, 'ind')).selection);
		expect(summary(heats)).toEqual({ path: ['spring', 'ind'], level: 'heat', options: ['ind-h1', 'ind-h2'], current: 'ind-h1' });
		const tables = chooserView(t, choose(heats, option(heats, 'ind-h1')).selection);
		expect(summary(tables)).toMatchObject({ level: 'table', current: '2' });
	});

	it('another choice drops the choices below it', () => {
		const t = tree();
		const start = chooserView(t, { event: 'spring', competition: 'ind', heat: 'ind-h1', table: '2' });
		const competitions = chooserView(t, reopen(start, 'competition'));
		expect(summary(competitions)).toMatchObject({ level: 'competition', current: 'ind' });
		const other = chooserView(t, choose(competitions, option(competitions, 'pairs')).selection);
		expect(other.selection).toEqual({ event: 'spring', competition: 'pairs', at: 'heat' });
		expect(summary(other)).toMatchObject({ level: 'heat', options: ['pairs-h1'], current: undefined });
	});

	it('back returns to the last level that had another choice, over the skipped ones', () => {
		const t = tree();
		const summer = chooserView(t, { event: 'summer', competition: 'final', heat: 'final-h1', table: 'A' });
		expect(backLevel(summer)).toBe('event');
		expect(summary(chooserView(t, reopen(summer, backLevel(summer)!)))).toMatchObject({ level: 'event', current: 'summer' });

		const table = chooserView(t, { event: 'spring', competition: 'ind', heat: 'ind-h2', table: '1' });
		expect(backLevel(table)).toBe('heat');
		const heats = chooserView(t, reopen(table, 'heat'));
		expect(summary(heats)).toMatchObject({ level: 'heat', current: 'ind-h2' });
		expect(backLevel(heats)).toBe('competition');
		expect(backLevel(chooserView(t, {}))).toBeNull();
	});

	it('going back to a level that has become a single choice shows the first level below with a choice', () => {
		const t = tree();
		// Summer's competition level has one choice: "back to it" shows Summer's tables.
		const v = chooserView(t, { event: 'summer', at: 'competition' });
		expect(summary(v)).toMatchObject({ path: ['summer', '*final', '*final-h1'], level: 'table', current: undefined });
	});
});
