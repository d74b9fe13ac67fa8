import type { Person, Registration } from '$lib/registration/schema';
import { inRegistrationOrder } from '$lib/registration/waiting-list';
import type { Entry, Member } from '$lib/setup/schema';

/**
 * Who a heat seats (issue 15, Seating): the entries already in the heat, and everyone of its
 * competition who is registered (not waiting, not cancelled) and not yet an entry of another
 * heat of the competition. A registration becomes the entry of the same ID (so that a check-in
 * finds its seat), its members from the register's people without dates of birth, contact data
 * or notes. In registration order, then the heat's other entries in set-up order. People an
 * entry of another ID holds (a relay's drawn teams) sit with it, not again on their own.
 */
export function seatCandidates(
	heat: { id: string; competitionId: string },
	registrations: readonly Registration[],
	people: readonly Person[],
	entries: readonly Entry[]
): Entry[] {
	const own = entries.filter((e) => e.competitionId === heat.competitionId);
	const elsewhere = new Set(own.filter((e) => e.heatId !== heat.id).map((e) => e.id));
	const inHeat = new Map(own.filter((e) => e.heatId === heat.id).map((e) => [e.id, e]));
	// People an entry of another ID already holds (a relay's drawn teams, CZ-TEAM-DRAW): their own
	// registrations are not seated again.
	const entryOf = new Map(own.flatMap((e) => e.members.map((m) => [m.id, e.id] as const)));
	const inOtherEntry = (r: Registration) => r.memberIds.every((m) => entryOf.has(m) && entryOf.get(m) !== r.id);
	const byId = new Map(people.map((p) => [p.id, p]));
	// Equal times (one import) keep the register's order, as its list shows them.
	const registered = inRegistrationOrder(
		registrations.filter((r) => r.competitionId === heat.competitionId && r.status === 'registered' && !elsewhere.has(r.id) && !inOtherEntry(r))
	);
	const fromRegister = registered.map((r): Entry => {
		const seated = inHeat.get(r.id);
		return {
			id: r.id,
			competitionId: heat.competitionId,
			heatId: heat.id,
			name: r.name,
			members: r.memberIds.map((id) => memberOf(id, byId.get(id))),
			...(seated?.table !== undefined ? { table: seated.table } : {}),
			...(seated?.seat !== undefined ? { seat: seated.seat } : {})
		};
	});
	const taken = new Set(fromRegister.map((e) => e.id));
	return [...fromRegister, ...[...inHeat.values()].filter((e) => !taken.has(e.id))];
}

/** A member as the set-up carries it: the name and country only. */
function memberOf(id: string, p: Person | undefined): Member {
	return { id, name: p?.name ?? id, ...(p?.country ? { country: p.country } : {}) };
}
