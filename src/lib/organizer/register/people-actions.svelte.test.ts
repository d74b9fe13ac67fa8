import { describe, expect, it } from 'vitest';
import type { Person } from '$lib/registration/schema';
import type { SyncApi } from '$lib/sync/client/api';
import type { PersonChange, RegisterAnswer } from '$lib/contract';
import { StaleRecordError } from '$lib/sync/client/errors';
import { RegisterData } from '../register-data.svelte';
import { PeopleActions } from './people-actions.svelte';

const EVENT = { id: 'e1', name: 'Brno', date: '2026-09-12' };

/** A server of one register in memory, refusing a save made from an older version as the real one does (409 with both). */
function fakeServer(people: Person[]) {
	const sent: { personId: string; change: PersonChange }[] = [];
	const api = {
		register: async (): Promise<RegisterAnswer> => ({ event: EVENT, people: [...people], registrations: [], problems: [], totals: [] }),
		preparation: async () => ({ competitions: [] }),
		createPerson: async (_e: string, input: Omit<Person, 'eventId' | 'version'>) => {
			const p = { ...input, eventId: 'e1', version: 1 };
			people.push(p);
			return p;
		},
		changePerson: async (_e: string, personId: string, change: PersonChange) => {
			sent.push({ personId, change });
			const i = people.findIndex((p) => p.id === personId);
			const current = people[i]!;
			if (current.version !== change.expectedVersion) throw new StaleRecordError('changed since it was opened', { kind: 'person', current, sent: change });
			people[i] = { ...change.person, id: personId, eventId: 'e1', version: current.version + 1 };
			return people[i];
		}
	} as unknown as SyncApi;
	return { api, sent, people };
}

async function open(people: Person[]) {
	const server = fakeServer(people);
	const register = new RegisterData(server.api, 'e1', () => []);
	await register.load();
	return { server, register, actions: new PeopleActions(register, () => 'p-new') };
}

const JANA: Person = { id: 'p1', eventId: 'e1', name: 'Jana Nováková', club: 'Puzzle Brno', version: 1 };

describe('PeopleActions: a person added, edited from the version it was opened at, a stale save shown with both', () => {
	it('adds a person with the ID chosen on the device, and reads the register again', async () => {
		const { actions, register } = await open([]);
		actions.openNew();
		actions.form!.draft.name = 'Lucía Peña';
		actions.form!.draft.country = 'esp';
		expect(await actions.save()).toBe(true);
		expect(register.data!.people).toEqual([{ id: 'p-new', eventId: 'e1', name: 'Lucía Peña', country: 'ES', version: 1 }]);
		expect(actions.form).toBeNull();
		expect(actions.selected).toBe('p-new');
		expect(actions.saving.done).toBe('Added: Lucía Peña.');
	});

	it('does not send a form with errors', async () => {
		const { actions, server } = await open([{ ...JANA }]);
		actions.openEdit(JANA);
		actions.form!.draft.email = 'not an address';
		expect(await actions.save()).toBe(false);
		expect(server.sent).toEqual([]);
		expect(actions.form!.tried).toBe(true);
	});

	it('a save refused as stale keeps what was typed and shows the saved one; "keep mine" saves it over the current version', async () => {
		const { actions, server, register } = await open([{ ...JANA }]);
		actions.openEdit(JANA);
		actions.form!.draft.notes = 'vegetarian';
		// Another organizer device saves the person meanwhile.
		server.people[0] = { ...JANA, club: 'Hlavolamy Praha', version: 2 };
		expect(await actions.save()).toBe(false);
		expect(actions.saving.failure).toBe('Jana Nováková was changed on another device after you opened the form. Nothing was saved: compare the two below, then keep yours or take the saved one.');
		expect(actions.form!.conflict).toMatchObject({ club: 'Hlavolamy Praha', version: 2 });
		expect(actions.form!.draft).toMatchObject({ club: 'Puzzle Brno', notes: 'vegetarian' });
		expect(server.sent.map((s) => s.change.expectedVersion)).toEqual([1]);

		expect(await actions.keepMine()).toBe(true);
		expect(server.sent.map((s) => s.change.expectedVersion)).toEqual([1, 2]);
		expect(register.person('p1')).toMatchObject({ club: 'Puzzle Brno', notes: 'vegetarian', version: 3 });
		expect(actions.form).toBeNull();
	});

	it('"take the saved one": the form holds the person as saved now, and saves from that version', async () => {
		const { actions, server } = await open([{ ...JANA }]);
		actions.openEdit(JANA);
		actions.form!.draft.notes = 'vegetarian';
		server.people[0] = { ...JANA, club: 'Hlavolamy Praha', version: 2 };
		await actions.save();
		actions.takeSaved();
		expect(actions.form).toMatchObject({ conflict: null, baseVersion: 2 });
		expect(actions.form!.draft).toMatchObject({ club: 'Hlavolamy Praha', notes: '' });
		expect(actions.saving.failure).toBeNull();
		actions.form!.draft.phone = '+420 777 000 111';
		expect(await actions.save()).toBe(true);
		expect(server.people[0]).toMatchObject({ club: 'Hlavolamy Praha', phone: '+420 777 000 111', version: 3 });
	});
});
