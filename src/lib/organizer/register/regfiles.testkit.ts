import { presetById } from '$lib/rules/presets';
import type { Person, Registration } from '$lib/registration/schema';
import type { PreparedCompetition, RegisterAnswer } from '$lib/contract';

/** Test-only: a register of one event (2026-05-16) with a CZJPA individual and a Spanish family group, built from parts. */

export const EVENT: RegisterAnswer['event'] = { id: 'ev', name: 'Brno puzzle day', date: '2026-05-16', language: 'cs', currency: 'CZK' };

export function prepared(id: string, name: string, presetId: string): PreparedCompetition {
	const ruleset = presetById(presetId)!;
	return { competition: { id, eventId: EVENT.id, name, ruleset: { id: ruleset.id, version: ruleset.version } }, ruleset, startedAt: null, changes: [], heats: [], liveSince: null };
}

export const CZ = prepared('cz-ind', 'CZJPA jednotlivci', 'czjpa-individual');
export const FAM = prepared('es-fam', 'Familias', 'es-family-group');

export function person(id: string, name: string, extra: Partial<Person> = {}): Person {
	return { id, eventId: EVENT.id, name, version: 1, ...extra };
}

export function registration(id: string, competitionId: string, name: string, memberIds: string[], extra: Partial<Registration> = {}): Registration {
	return {
		id,
		eventId: EVENT.id,
		competitionId,
		name,
		memberIds,
		registeredAt: Date.UTC(2026, 2, 1),
		status: 'registered',
		fee: { amount: 400, currency: 'CZK' },
		paid: null,
		cancelled: null,
		version: 1,
		...extra
	};
}

export function registerOf(people: Person[], registrations: Registration[]): RegisterAnswer {
	return { event: EVENT, people, registrations, problems: [], totals: [] };
}
