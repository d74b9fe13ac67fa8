import { describe, expect, it } from 'vitest';
import { cardDirectory, cardOpens } from './card-scope';
import type { SetupBundle } from '$lib/db/setup-store';

const rules = { id: 'czjpa-individual', version: 1 };
const directory: SetupBundle = {
	days: [
		{ id: 'ev', name: 'Day', date: '2026-10-10' },
		{ id: 'other-day', name: 'Other', date: '2026-10-11' }
	],
	rulesets: [],
	competitions: [
		{ id: 'ind', eventId: 'ev', name: 'Individuals', ruleset: rules },
		{ id: 'jun', eventId: 'ev', name: 'Juniors', ruleset: rules },
		{ id: 'q-1', eventId: 'other-day', name: 'Quick', ruleset: rules }
	],
	heats: [
		{ id: 'h1', competitionId: 'ind', name: 'Heat 1' },
		{ id: 'h2', competitionId: 'ind', name: 'Heat 2' },
		{ id: 'j1', competitionId: 'jun', name: 'Juniors heat' }
	],
	entries: [
		{ id: 'a', competitionId: 'ind', heatId: 'h1', name: 'Ana', members: [], table: 'T3', seat: '1' },
		{ id: 'b', competitionId: 'ind', heatId: 'h1', name: 'Bea', members: [], table: 't03', seat: '2' },
		{ id: 'c', competitionId: 'ind', heatId: 'h1', name: 'Cruz', members: [], table: 'T1', seat: '1' },
		{ id: 'd', competitionId: 'ind', heatId: 'h2', name: 'Dario', members: [], table: 'T3', seat: '1' },
		{ id: 'e', competitionId: 'jun', heatId: 'j1', name: 'Elena', members: [], table: 'T3', seat: '1' }
	]
};

describe('a card-paired tablet (issue 30 #2)', () => {
	it('offers its card’s table of its card’s heat alone (the table however its label is written)', () => {
		const d = cardDirectory(directory, { competitionId: 'ind', heatId: 'h1', table: 'T3' });
		expect(d.competitions.map((c) => c.id)).toEqual(['ind']);
		expect(d.days.map((x) => x.id)).toEqual(['ev']);
		expect(d.heats.map((h) => h.id)).toEqual(['h1']);
		expect(d.entries.map((e) => e.id)).toEqual(['a', 'b']);
	});

	it('opens its heat only', () => {
		const card = { competitionId: 'ind', heatId: 'h1' };
		expect(cardOpens(card, 'ind', 'h1')).toBe(true);
		expect(cardOpens(card, 'ind', 'h2')).toBe(false);
		expect(cardOpens(card, 'jun', 'h1')).toBe(false);
	});
});
