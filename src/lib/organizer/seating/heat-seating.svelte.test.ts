import { describe, expect, it, vi } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { Person, Registration } from '$lib/registration/schema';
import type { Entry } from '$lib/setup/schema';
import type { SyncApi } from '$lib/sync/client/api';
import type { RegisterAnswer, SetupResponse } from '$lib/contract';
import { RegisterData } from '../register-data.svelte';
import { HeatSeating, type RankingSource } from './heat-seating.svelte';

const IND = presetById('czjpa-individual')!;
const names = ['Ana', 'Ben', 'Cyd', 'Dan', 'Eva', 'Fin', 'Gus', 'Hal'];
const person = (n: string): Person => ({ id: `p-${n}`, eventId: 'e', name: n, birthDate: '1990-01-01', email: `${n}@x.org`, version: 1 });
const reg = (n: string, i: number): Registration => ({
	id: `r-${n}`, eventId: 'e', competitionId: 'final', name: n, memberIds: [`p-${n}`], registeredAt: i, status: 'registered', fee: { amount: 400, currency: 'CZK' }, paid: null, cancelled: null, version: 1
});

function fixture() {
	let entries: Entry[] = [];
	const answer = { event: { id: 'e', name: 'E', date: '2026-05-16' }, people: names.map(person), registrations: names.map(reg), problems: [], totals: [] } as unknown as RegisterAnswer;
	const competition = (id: string) => ({ competition: { id, eventId: 'e', name: id, ruleset: { id: IND.id, version: 1 } }, ruleset: IND, startedAt: null, changes: [], heats: [{ heat: { id: `${id}-h1`, competitionId: id, name: 'Heat 1' }, entries: 0, events: 0, started: false }] });
	const api = {
		register: vi.fn(async () => answer),
		preparation: vi.fn(async () => ({ event: answer.event, competitions: [competition('final')] })),
		getSetup: vi.fn(async () => ({ entries }) as unknown as SetupResponse),
		writeSetup: vi.fn(async (_e: string, w: { entries: Entry[] }) => {
			entries = [...entries.filter((x) => !w.entries.some((y) => y.id === x.id)), ...w.entries];
			return { rulesets: 0, competitions: 0, heats: 0, entries: w.entries.length };
		})
	};
	const register = new RegisterData(api as unknown as SyncApi, 'e', () => []);
	// A qualifying round where Hal won, then Gus, Fin … (by name: the final's entries are new IDs).
	const ranking: RankingSource = { competitionId: 'qual', name: 'Qualifying', rows: [...names].reverse().map((n, i) => ({ entryId: `q-${n}`, name: n, place: i + 1 })) };
	return { api, register, seating: new HeatSeating(register, () => [ranking]) };
}

describe('seating a heat on the organizer’s screen', () => {
	it('seats the registered by a previous round’s ranking in snake order and writes set-up entries without birth dates; a second save writes only what moved', async () => {
		const { api, register, seating } = fixture();
		await register.load();
		await seating.load();
		expect(seating.entries.map((e) => e.name)).toEqual(names);
		seating.setLayout(4, 2);
		seating.method = 'ranking';
		expect(seating.seatEveryone()).toBe(true);
		const tableOf = (n: string) => seating.entries.find((e) => e.name === n)!.table;
		// Hal 1st → table 1, Gus → 2, Fin → 3, Eva → 4, then Dan → 4, Cyd → 3, Ben → 2, Ana → 1.
		expect(['Hal', 'Gus', 'Fin', 'Eva', 'Dan', 'Cyd', 'Ben', 'Ana'].map(tableOf)).toEqual(['1', '2', '3', '4', '4', '3', '2', '1']);
		expect(await seating.save((n) => `saved ${n}`)).toBe(true);
		expect(seating.saving.done).toBe('saved 8');
		const written = api.writeSetup.mock.calls[0]![1].entries;
		expect(written).toHaveLength(8);
		expect(written[0]).toMatchObject({ id: 'r-Ana', heatId: 'final-h1', members: [{ id: 'p-Ana', name: 'Ana' }] });
		expect(JSON.stringify(written)).not.toMatch(/birthDate|@x\.org/);
		expect(seating.draft).toBeNull();

		seating.setLayout(5, 2);
		expect(seating.move('r-Ana', { table: '1', seat: '1' })).toBe(false);
		expect(seating.refused).toEqual({ name: 'Hal', table: '1', seat: '1' });
		expect(seating.move('r-Ana', { table: '5', seat: '1' })).toBe(true);
		expect(seating.refused).toBeNull();
		await seating.save(() => 'ok');
		expect(api.writeSetup.mock.calls[1]![1].entries.map((e: Entry) => [e.id, e.table, e.seat])).toEqual([['r-Ana', '5', '1']]);
	});

	it('a seeded draw needs its seed, and everyone must fit', async () => {
		const { register, seating } = fixture();
		await register.load();
		await seating.load();
		expect(seating.seatEveryone()).toBe(false);
		seating.seed = 'x';
		seating.setLayout(1, 4);
		expect(seating.fits).toBe(false);
		expect(seating.seatEveryone()).toBe(false);
		seating.setLayout(2, 4);
		expect(seating.seatEveryone()).toBe(true);
		expect(seating.freeSeats).toEqual([]);
	});
});
