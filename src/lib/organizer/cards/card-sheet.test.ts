import { describe, expect, it } from 'vitest';
import { cardSheet } from './card-sheet';
import type { PrintedCard } from '$lib/contract';

const setup = {
	event: { id: 'ev', name: 'Spring cup', date: '2026-05-16' },
	competitions: [{ id: 'c', eventId: 'ev', name: 'Individuals', ruleset: { id: 'r', version: 1 } }],
	heats: [{ id: 'h1', competitionId: 'c', name: 'Heat 1' }],
	entries: [
		{ id: 'a', competitionId: 'c', heatId: 'h1', name: 'Ana', members: [{ id: 'm', name: 'Ana', birthDate: '1990-01-01' }], table: '2', seat: '1' },
		{ id: 'b', competitionId: 'c', heatId: 'h1', name: 'Bea', members: [], table: '1', seat: '1' }
	]
} as unknown as Parameters<typeof cardSheet>[0];

const printed = (table: string): PrintedCard => ({ id: `card-${table}`, eventId: 'ev', competitionId: 'c', heatId: 'h1', table, createdAt: 0, expiresAt: 9, revokedAt: null, tablets: 0, link: `http://x/pair#card=${table}` });

describe('the table cards of a heat as printed', () => {
	it('gives each printed card its table’s names (names only) and its link', () => {
		const sheet = cardSheet(setup, 'h1', [printed('1'), printed('2')])!;
		expect(sheet).toMatchObject({ eventName: 'Spring cup', competitionName: 'Individuals', heatName: 'Heat 1' });
		expect(sheet.cards).toEqual([
			{ table: '1', seats: [{ seat: '1', entryId: 'b', name: 'Bea' }], link: 'http://x/pair#card=1', expiresAt: 9 },
			{ table: '2', seats: [{ seat: '1', entryId: 'a', name: 'Ana' }], link: 'http://x/pair#card=2', expiresAt: 9 }
		]);
		expect(JSON.stringify(sheet)).not.toContain('1990');
	});

	it('is null for a heat not in the set-up', () => {
		expect(cardSheet(setup, 'nope', [])).toBeNull();
	});
});
