import { checkRegistration, type UnitProblem } from '$lib/rules/registration';
import type { Ruleset } from '$lib/rules/schema';
import { matchesQuery } from '$lib/registration/name-search';
import type { Person, Registration } from '$lib/registration/schema';
import { unitMembers } from '$lib/registration/unit-problems';

/** How many people the search offers at once: a name narrows it. */
export const MATCHES_SHOWN = 8;

/**
 * A unit being registered (RegistrationForm): an individual (one person picked by a search
 * that ignores case and diacritics), or a pair, group or team (a name and its members picked
 * from the register). Checked on the device before it is sent (checkRegistration: ES-CAT sizes, ages,
 * "at least 2 children"; CZ-GEN-AGE), so that the organizer sees every problem and fixes the
 * unit or registers it despite them.
 */
export class EntryDraft {
	name = $state('');
	query = $state('');
	memberIds = $state<string[]>([]);

	/** The people the search finds who can still join: not in the unit, not erased, not already in an open registration of the competition. */
	matches(people: readonly Person[], registrations: readonly Registration[], competitionId: string): Person[] {
		if (!this.query.trim()) return [];
		const taken = new Set(registrations.filter((r) => r.competitionId === competitionId && r.status !== 'cancelled').flatMap((r) => r.memberIds));
		const found: Person[] = [];
		for (const p of people) {
			if (this.memberIds.includes(p.id) || taken.has(p.id) || p.erasedAt !== undefined) continue;
			if (matchesQuery(this.query, [p.name, p.club, p.country])) found.push(p);
			if (found.length >= MATCHES_SHOWN) break;
		}
		return found;
	}

	/** Adds a member; an individual's unit holds one (the pick replaces it). */
	add(personId: string, single: boolean): void {
		this.memberIds = single ? [personId] : [...this.memberIds, personId];
		this.query = '';
	}

	remove(personId: string): void {
		this.memberIds = this.memberIds.filter((id) => id !== personId);
	}

	/** The unit's problems by the ruleset on the event's day (none while it has no member). */
	problems(ruleset: Pick<Ruleset, 'unit'>, personOf: (id: string) => Person | undefined, eventDay: string): UnitProblem[] {
		return this.memberIds.length === 0 ? [] : checkRegistration(ruleset, unitMembers(this.memberIds, personOf), eventDay);
	}

	reset(): void {
		this.name = '';
		this.query = '';
		this.memberIds = [];
	}
}
