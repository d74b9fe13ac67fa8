import type { Ruleset } from '$lib/rules/schema';
import type { Registration } from '$lib/registration/schema';
import { registrationCapacity } from '$lib/rules/registration';
import { inRegistrationOrder, placesTaken } from '$lib/registration/waiting-list';

/**
 * One competition's registrations as the organizer's list shows them (CZ-IND-CAP,
 * CZ-TEAM-CAP): the registered in registration order, the waiting list in its order (a
 * position is the index + 1), the cancelled; and how full it is, counted as the ruleset's
 * capacity counts (people or entries; drawn teams in people, registrationCapacity).
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

export function competitionList(registrations: readonly Registration[], competitionId: string, ruleset: Pick<Ruleset, 'capacity' | 'unit'>): CompetitionList {
	const own = inRegistrationOrder(registrations.filter((r) => r.competitionId === competitionId));
	const taken = placesTaken(own);
	const capacity = registrationCapacity(ruleset);
	const per = capacity?.per ?? 'entry';
	return {
		registered: own.filter((r) => r.status === 'registered'),
		waiting: own.filter((r) => r.status === 'waiting'),
		cancelled: own.filter((r) => r.status === 'cancelled'),
		capacity: { taken: per === 'person' ? taken.people : taken.entries, max: capacity?.max ?? null, per }
	};
}
