import { describe, expect, it, vi } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { Registration } from '$lib/registration/schema';
import type { SyncApi } from '$lib/sync/client/api';
import { StaleRecordError } from '$lib/sync/client/errors';
import type { RegisterAnswer } from '$lib/contract';
import { RegisterData } from '../register-data.svelte';
import { EntriesScreen } from './entries-screen.svelte';

const IND = presetById('czjpa-individual')!;
const reg = (id: string, status: Registration['status'], version = 1): Registration => ({
	id, eventId: 'e', competitionId: 'c', name: id, memberIds: [`${id}-p`], registeredAt: 1, status, fee: { amount: 400, currency: 'CZK' }, paid: null, cancelled: null, version
});

function fixture(registrations: Registration[], heats: { heat: { id: string; competitionId: string; name: string }; entries: number; events: number; started: boolean }[] = []) {
	let answer: RegisterAnswer = {
		event: { id: 'e', name: 'E', date: '2026-05-16' } as RegisterAnswer['event'],
		people: [],
		registrations,
		problems: [],
		totals: []
	};
	const api = {
		register: vi.fn(async () => answer),
		preparation: vi.fn(async () => ({ event: answer.event, competitions: [{ competition: { id: 'c', eventId: 'e', name: 'Individuals', ruleset: { id: IND.id, version: 1 } }, ruleset: IND, startedAt: null, changes: [], heats }] })),
		actOnRegistration: vi.fn()
	};
	const register = new RegisterData(api as unknown as SyncApi, 'e', () => []);
	return { api, register, screen: new EntriesScreen(register), setAnswer: (a: Partial<RegisterAnswer>) => (answer = { ...answer, ...a }) };
}

describe('the registrations’ actions', () => {
	it('CZ-IND-CAP: a cancellation says whether the fee is refunded and who moved up from the waiting list', async () => {
		const { api, register, screen } = fixture([reg('a', 'registered'), reg('w', 'waiting')]);
		await register.load();
		screen.cancelling = 'a';
		api.actOnRegistration.mockResolvedValue({ registration: { ...reg('a', 'cancelled', 2), cancelled: { at: 1, refundDue: true } }, movedUp: [{ ...reg('w', 'registered', 2), movedUpAt: 1 }] });
		expect(await screen.cancel('a', 1)).toBe(true);
		expect(api.actOnRegistration).toHaveBeenCalledWith('e', 'a', { action: 'cancel', at: 1, expectedVersion: 1 });
		expect(screen.acting.done).toBe('a cancelled: refund due. Moved up from the waiting list: w.');
		expect(screen.cancelling).toBeNull();
	});

	it('ES-SHIFT: the preferred turn is chosen from the competition\'s heats (only with two or more), recorded and cleared', async () => {
		const heat = (id: string, name: string) => ({ heat: { id, competitionId: 'c', name }, entries: 0, events: 0, started: false });
		const one = fixture([reg('a', 'registered')], [heat('h1', 'Morning')]);
		await one.register.load();
		expect(one.screen.turns).toEqual([]);
		const { api, register, screen } = fixture([reg('a', 'registered')], [heat('h1', 'Morning'), heat('h2', 'Afternoon')]);
		await register.load();
		expect(screen.turns).toEqual([
			{ id: 'h1', name: 'Morning' },
			{ id: 'h2', name: 'Afternoon' }
		]);
		screen.turning = 'a';
		api.actOnRegistration.mockResolvedValueOnce({ registration: { ...reg('a', 'registered', 2), preferredTurn: 'h2' }, movedUp: [] });
		expect(await screen.preferTurn('a', 'h2')).toBe(true);
		expect(api.actOnRegistration).toHaveBeenLastCalledWith('e', 'a', { action: 'change', preferredTurn: 'h2', expectedVersion: 1 });
		expect(screen.acting.done).toBe('a prefers the turn Afternoon.');
		expect(screen.turning).toBeNull();
		api.actOnRegistration.mockResolvedValueOnce({ registration: reg('a', 'registered', 3), movedUp: [] });
		expect(await screen.preferTurn('a', null)).toBe(true);
		expect(api.actOnRegistration).toHaveBeenLastCalledWith('e', 'a', { action: 'change', preferredTurn: null, expectedVersion: 1 });
		expect(screen.acting.done).toBe('a has no preferred turn now.');
	});

	it('a stale edit: says so, reads the register again, keeps the dialog open; the retry goes from the current version', async () => {
		const { api, register, screen, setAnswer } = fixture([reg('a', 'registered')]);
		await register.load();
		screen.paying = 'a';
		setAnswer({ registrations: [{ ...reg('a', 'registered', 2), name: 'a' }] });
		api.actOnRegistration.mockRejectedValueOnce(new StaleRecordError('changed since it was opened', { kind: 'registration', current: reg('a', 'registered', 2), sent: {} }));
		expect(await screen.pay('a', { amount: 400, at: 5 })).toBe(false);
		expect(screen.acting.failure).toMatch(/^a was changed on another device since you opened it/);
		expect(screen.paying).toBe('a');
		expect(screen.registration('a')?.version).toBe(2);
		api.actOnRegistration.mockResolvedValueOnce({ registration: { ...reg('a', 'registered', 3), paid: { amount: 400, at: 5 } }, movedUp: [] });
		expect(await screen.pay('a', { amount: 400, at: 5 })).toBe(true);
		expect(api.actOnRegistration).toHaveBeenLastCalledWith('e', 'a', { action: 'pay', paid: { amount: 400, at: 5 }, expectedVersion: 2 });
		expect(screen.paying).toBeNull();
	});
});
