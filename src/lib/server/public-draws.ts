import type { PublicDraw, PublicGroup } from '$lib/results/public-draw';
import type { DrawRecord } from '$lib/contract';
import { listDraws } from './draws';
import type { Store } from './store';

/**
 * The draws in force shown on the public results page before a competition's results exist
 * (issue 15): per competition the drawn teams (CZ-TEAM-DRAW) or the turns (ES-SHIFT) with the
 * seed, so anyone can check the draw. Names only, taken from the draw's own record: never a
 * contact, a birth date or a person's ID.
 */

/** The groups of one draw: its teams with their members, or its turns with their entries. */
export function publicGroups(draw: DrawRecord): PublicGroup[] {
	const nameOf = new Map(draw.input.map((i) => [i.id, i.name]));
	if (draw.kind === 'teams') return draw.teams.map((t) => ({ name: t.name, names: t.memberIds.map((id) => nameOf.get(id) ?? '') }));
	return draw.slots.map((s) => ({
		name: s.name,
		names: draw.input.filter((i) => draw.assigned[i.id] === s.heatId).map((i) => i.name)
	}));
}

/** The event's draws in force, of its competitions with no published results yet, in set-up order. */
export function publicDraws(store: Store, eventId: string): PublicDraw[] {
	const published = new Set(store.stmt('SELECT DISTINCT competition_id FROM publications WHERE event_id = ?').pluck().all(eventId) as string[]);
	const inForce = listDraws(store, eventId).filter((d) => d.superseded === null && !published.has(d.competitionId));
	return store
		.listCompetitions(eventId)
		.flatMap(({ competition }) =>
			inForce
				.filter((d) => d.competitionId === competition.id)
				.map((d) => ({ competitionId: competition.id, competitionName: competition.name, kind: d.kind, seed: d.seed, at: d.at, groups: publicGroups(d) }))
		);
}
