import { ageOn } from '$lib/rules/registration';
import type { Ruleset } from '$lib/rules/schema';
import type { Person } from '$lib/registration/schema';
import type { Roster } from '$lib/sync/contract/roster';
import { listPeople, listRegistrations } from './register-store';
import type { Store } from './store';

/** Under this age a member the ruleset lets bring companions counts as a child (ES-COMPANION). */
export const CHILD_UNDER = 18;

/**
 * The roster of an event (RosterSchema): what judge, display and desk devices see of the
 * register. Built field by field from the register's rows, so nothing else (e-mail, phone, date
 * of birth, notes) can slip through: the ages are worked out here, on the event's day, and only
 * the flags leave. `minor`: under the ruleset's age for an accompanying adult (CZ-GEN-AGE);
 * `child`: under 18 where the ruleset lets children bring companions (ES-COMPANION).
 * A member whose date of birth is not known is neither.
 */
export function eventRoster(store: Store, eventId: string): Roster | undefined {
	const event = store.getEvent(eventId);
	if (!event) return undefined;
	const rulesets = new Map<string, Ruleset>(store.listCompetitions(eventId).map((c) => [c.competition.id, c.ruleset]));
	const people = new Map<string, Person>(listPeople(store, eventId).map((p) => [p.id, p]));
	return listRegistrations(store, eventId, { statuses: ['registered', 'waiting'] }).map((r) => {
		const ruleset = rulesets.get(r.competitionId);
		const under = ruleset?.unit.accompaniedUnderAge;
		const companions = ruleset?.checkIn.companionsMax !== undefined;
		return {
			id: r.id,
			competitionId: r.competitionId,
			name: r.name,
			status: r.status,
			members: r.memberIds.map((id) => {
				const p = people.get(id);
				const age = p?.birthDate ? ageOn(p.birthDate, event.date) : undefined;
				return {
					id,
					name: p?.name ?? id,
					...(p?.country ? { country: p.country } : {}),
					...(p?.club ? { club: p.club } : {}),
					minor: age !== undefined && under !== undefined && age < under,
					child: age !== undefined && companions && age < CHILD_UNDER,
					...(p?.accompaniedBy ? { accompaniedBy: p.accompaniedBy } : {})
				};
			}),
			fee: r.fee,
			paid: r.paid !== null
		};
	});
}
