import { describe, expect, it, vi } from 'vitest';
import type { RegisterImportRow } from '$lib/contract/register';
import { RegisterImport, type ChosenFile } from './regfiles-import.svelte';
import type { ImportAnswer } from './regfiles-outcome';
import { CZ, person, registerOf, registration } from './regfiles.testkit';

function file(name: string, text: string | Uint8Array, size?: number): ChosenFile & { reads: () => number } {
	const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
	let reads = 0;
	return {
		name,
		size: size ?? bytes.length,
		arrayBuffer: async () => {
			reads += 1;
			return bytes.slice().buffer as ArrayBuffer;
		},
		reads: () => reads
	};
}

function setup(answer: (rows: RegisterImportRow[]) => Promise<ImportAnswer> = async (rows) => ({ peopleAdded: rows.length, registrationsAdded: rows.length, rowsUnchanged: 0, registrations: rows.map((r, i) => registration(`n${i}`, r.competitionId, r.name, [`np${i}`])) })) {
	const importRegistrations = vi.fn((_eventId: string, rows: RegisterImportRow[]) => answer(rows));
	const changed = vi.fn(async () => {});
	const register = {
		api: { importRegistrations } as unknown as import('$lib/sync/client/api').SyncApi,
		eventId: 'ev',
		data: registerOf([person('p1', 'Kateřina Nováková', { birthDate: '1990-04-03' })], [registration('r1', CZ.competition.id, 'Kateřina Nováková', ['p1'])]),
		competitions: [CZ],
		changed
	};
	return { imp: new RegisterImport(register, () => 'cs'), importRegistrations, changed };
}

const GOOD = 'Jméno;Datum narození\r\nEva Malá;03.04.1991\r\nJan Veselý;1. 2. 1980\r\nKateřina Nováková;03.04.1990\r\n';

describe('importing a registration CSV from the organizer’s screen', () => {
	it('reads and checks the file against the register, sends nothing until confirmed, then sends the rows and reads the register again', async () => {
		const { imp, importRegistrations, changed } = setup();
		await imp.choose(file('prihlasky.csv', GOOD));
		expect(imp.step).toBe('preview');
		// The one already registered is skipped (the register is the duplicates' reference).
		expect(imp.draft.preview?.counts).toEqual({ import: 2, skip: 1, blocked: 0 });
		expect(importRegistrations).not.toHaveBeenCalled();
		expect(imp.confirmable).toBe(true);
		expect(await imp.confirm()).toBe(true);
		expect(importRegistrations).toHaveBeenCalledOnce();
		expect(importRegistrations.mock.calls[0]![1].map((r) => r.name)).toEqual(['Eva Malá', 'Jan Veselý']);
		expect(imp.step).toBe('done');
		expect(imp.outcome).toEqual({ people: 2, registered: 2, waiting: 0, skipped: 1 });
		expect(changed).toHaveBeenCalledOnce();
		expect(imp.draft.table).toBeNull();
	});

	it('sends nothing while a row is blocked (text in a date column), and says so', async () => {
		const { imp, importRegistrations } = setup();
		await imp.choose(file('a.csv', 'Name,Date of birth\nEva Malá,03.04.1991\nJan Veselý,next spring\n'));
		expect(imp.step).toBe('preview');
		expect(imp.draft.preview?.counts).toEqual({ import: 1, skip: 0, blocked: 1 });
		expect(imp.confirmable).toBe(false);
		expect(await imp.confirm()).toBe(false);
		expect(importRegistrations).not.toHaveBeenCalled();
		// The column left out: nothing blocks any more.
		imp.draft.setColumn(1, null);
		expect(imp.confirmable).toBe(true);
	});

	it('refuses a file past 10 MB without reading it, and a file that is not CSV with its reason', async () => {
		const { imp, importRegistrations } = setup();
		const big = file('big.csv', 'Name\nEva\n', 11 * 1024 * 1024);
		await imp.choose(big);
		expect(big.reads()).toBe(0);
		expect(imp.draft.problem).toEqual({ code: 'too-large', bytes: 11 * 1024 * 1024, limit: 10 * 1024 * 1024 });
		expect(imp.step).toBe('choose');
		await imp.choose(file('empty.csv', ''));
		expect(imp.draft.problem).toEqual({ code: 'empty' });
		await imp.choose(file('page.csv', '<!doctype html><html></html>'));
		expect(imp.draft.problem).toEqual({ code: 'not-csv' });
		expect(imp.confirmable).toBe(false);
		expect(await imp.confirm()).toBe(false);
		expect(importRegistrations).not.toHaveBeenCalled();
	});

	it('a failed send keeps the preview to try again; nothing is lost', async () => {
		const { imp, changed } = setup(async () => {
			throw new Error('The server could not be reached');
		});
		await imp.choose(file('a.csv', GOOD));
		expect(await imp.confirm()).toBe(false);
		expect(imp.step).toBe('preview');
		expect(imp.failure).toBe('The server could not be reached');
		expect(imp.draft.rows).toHaveLength(2);
		expect(changed).not.toHaveBeenCalled();
	});

	it('cancel forgets the file', async () => {
		const { imp } = setup();
		await imp.choose(file('a.csv', GOOD));
		imp.cancel();
		expect(imp.step).toBe('choose');
		expect(imp.draft.table).toBeNull();
		expect(imp.confirmable).toBe(false);
	});
});
