import { describe, expect, it, vi } from 'vitest';
import { PrintProblem } from '$lib/organizer/print-document';
import type { SyncApi } from '$lib/sync/client/api';
import type { PrintedCard, SetupResponse, TableCard } from '$lib/contract';
import { CardIssue } from './card-issue.svelte';

const NOW = Date.UTC(2026, 4, 16, 9);
const setup = {
	event: { id: 'ev', name: 'Spring cup', date: '2026-05-16' },
	competitions: [{ id: 'c', eventId: 'ev', name: 'Individuals', ruleset: { id: 'r', version: 1 } }],
	heats: [
		{ id: 'h1', competitionId: 'c', name: 'Heat 1' },
		{ id: 'h2', competitionId: 'c', name: 'Heat 2' }
	],
	entries: [
		{ id: 'a', competitionId: 'c', heatId: 'h1', name: 'Ana', members: [], table: '1', seat: '1' },
		{ id: 'b', competitionId: 'c', heatId: 'h1', name: 'Bea', members: [], table: '2', seat: '1' },
		{ id: 'd', competitionId: 'c', heatId: 'h2', name: 'Dan', members: [], table: '1', seat: '1' }
	]
} as unknown as SetupResponse;

let n = 0;
const card = (heatId: string, table: string, over: Partial<TableCard> = {}): TableCard => ({
	id: `card-${++n}`, eventId: 'ev', competitionId: 'c', heatId, table, createdAt: NOW - 10, expiresAt: NOW + 1000, revokedAt: null, tablets: 0, ...over
});

/** A server of cards: GET lists them, POST adds a card per chosen table (the earlier live ones of those tables revoked when asked). */
function fixture(initial: TableCard[]) {
	let cards = [...initial];
	const api = {
		getSetup: vi.fn(async () => setup),
		tableCards: vi.fn(async () => cards),
		printCards: vi.fn(async (_e: string, heatId: string, choice: { tables?: string[]; revokeEarlier?: boolean } = {}) => {
			const tables = choice.tables ?? ['1', '2'];
			if (choice.revokeEarlier) cards = cards.map((c) => (c.heatId === heatId && tables.includes(c.table) && c.revokedAt === null ? { ...c, revokedAt: NOW } : c));
			const printed: PrintedCard[] = tables.map((t) => ({ ...card(heatId, t, { createdAt: NOW }), link: `http://x/pair#card=${heatId}-${t}-${n}` }));
			cards = [...printed.map(({ link: _link, ...c }) => c), ...cards];
			return printed;
		})
	};
	return { api, open: (heatId: string | null) => CardIssue.open(api as unknown as SyncApi, 'ev', heatId, () => NOW) };
}

describe('the table cards page of a heat', () => {
	it('issue 29 #7: opening it only lists the cards (nothing printed, twice over): each table with its live cards', async () => {
		const { api, open } = fixture([
			card('h1', '1'),
			card('h1', '1'),
			card('h1', '1', { revokedAt: NOW - 5 }),
			card('h1', '2', { expiresAt: NOW - 1 }),
			card('h2', '1')
		]);
		for (let visit = 0; visit < 2; visit++) {
			const page = await open('h1');
			expect(page.heatName).toBe('Heat 1');
			expect(page.rows.map((r) => [r.table, r.live, r.chosen])).toEqual([
				['1', 2, true],
				['2', 0, true]
			]);
			expect(page.sheet).toBeNull();
		}
		expect(api.printCards).not.toHaveBeenCalled();
		expect(api.tableCards).toHaveBeenCalledTimes(2);
	});

	it('prints a new set for every table on the explicit step, the earlier one revoked: one live card per table, the sheet of the new cards', async () => {
		const { api, open } = fixture([card('h1', '1'), card('h1', '2')]);
		const page = await open('h1');
		expect(page.revokeEarlier).toBe(true);
		expect(await page.issue()).toBe(true);
		expect(api.printCards).toHaveBeenCalledWith('ev', 'h1', { revokeEarlier: true });
		expect(page.rows.map((r) => r.live)).toEqual([1, 1]);
		expect(page.printed?.revokedEarlier).toBe(true);
		expect(page.sheet?.cards.map((c) => [c.table, c.seats.map((s) => s.name)])).toEqual([
			['1', ['Ana']],
			['2', ['Bea']]
		]);
		expect(page.sheet?.cards.every((c) => c.link.startsWith('http://x/pair#card=h1-'))).toBe(true);
	});

	it('reprints chosen tables only, keeping the earlier cards when told: the sheet holds only those', async () => {
		const { api, open } = fixture([card('h1', '1'), card('h1', '2')]);
		const page = await open('h1');
		page.chooseAll(false);
		expect(await page.issue()).toBe(false);
		expect(api.printCards).not.toHaveBeenCalled();
		page.choose('2', true);
		page.revokeEarlier = false;
		expect(page.allChosen).toBe(false);
		expect(await page.issue()).toBe(true);
		expect(api.printCards).toHaveBeenCalledWith('ev', 'h1', { tables: ['2'], revokeEarlier: false });
		expect(page.rows.map((r) => [r.table, r.live])).toEqual([
			['1', 1],
			['2', 2]
		]);
		expect(page.sheet?.cards.map((c) => c.table)).toEqual(['2']);
	});

	it('says a failure of the print, and keeps the list', async () => {
		const { api, open } = fixture([card('h1', '1')]);
		const page = await open('h1');
		api.printCards.mockRejectedValueOnce(new Error('offline'));
		expect(await page.issue()).toBe(false);
		expect(page.error).toBe('offline');
		expect(page.sheet).toBeNull();
		expect(page.rows.map((r) => r.live)).toEqual([1, 0]);
	});

	it('issue 29: the page is printable only once cards were made in this visit; until then it says why', async () => {
		const { api, open } = fixture([card('h1', '1'), card('h1', '2')]);
		const page = await open('h1');
		expect(page.printable).toBe('Print cards first: choose the tables below and press “Print cards for Heat 1”. The new cards then appear on this page, ready to print.');
		api.printCards.mockRejectedValueOnce(new Error('offline'));
		expect(await page.issue()).toBe(false);
		expect(page.printable).toEqual(expect.stringMatching(/^Print cards first: /));
		expect(await page.issue()).toBe(true);
		expect(page.printable).toBe(true);
		// A later failed print keeps the sheet of the earlier one, and so its printing.
		api.printCards.mockRejectedValueOnce(new Error('offline'));
		expect(await page.issue()).toBe(false);
		expect(page.printable).toBe(true);
		// Each visit starts unprintable: the earlier cards' codes are not shown again.
		expect((await open('h1')).printable).not.toBe(true);
	});

	it('is a problem said in its place for no heat, or one not in the set-up', async () => {
		const { open } = fixture([]);
		await expect(open(null)).rejects.toBeInstanceOf(PrintProblem);
		await expect(open('nope')).rejects.toBeInstanceOf(PrintProblem);
	});
});
