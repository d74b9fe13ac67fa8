import type { Ruleset } from '$lib/rules/schema';
import type { Registration } from '$lib/registration/schema';
import { inRegistrationOrder, placesTaken } from '$lib/registration/waiting-list';

/**
 * One competition's registrations as the organizer's list shows them (CZ-IND-CAP,
 * CZ-TEAM-CAP): the registered in registration order, the waiting list in its order (a
 * position is the index + 1), the cancelled; and how full it is, counted as the ruleset's
 * capacity counts (people or entries).
 */
export interface CompetitionList {
	registered: Registration[];
	waiting: Registration[];
	cancelled: Registration[];
	capacity: {
		/** Places taken: people or entries, as `per` says. */
		taken: number;
		/** null: no limit. */
		max: number | null;
		per: 'person' | 'entry';
	};
}

export function competitionList(registrations: readonly Registration[], competitionId: string, ruleset: Pick<Ruleset, 'capacity'>): CompetitionList {
	const own = inRegistrationOrder(registrations.filter((r) => r.competitionId === competitionId));
	const taken = placesTaken(own);
	const per = ruleset.capacity?.per ?? 'entry';
	return {
		registered: own.filter((r) => r.status === 'registered'),
		waiting: own.filter((r) => r.status === 'waiting'),
		cancelled: own.filter((r) => r.status === 'cancelled'),
		capacity: { taken: per === 'person' ? taken.people : taken.entries, max: ruleset.capacity?.max ?? null, per }
	};
}
