import type { StationDb } from '$lib/db/station-db';

export interface StartableHeat {
	competitionId: string;
	competitionName: string;
	heatId: string;
	heatName: string;
}

/** The event's heats on this device, in set-up order of competitions, for starting them on every tablet. */
export async function startableHeats(db: StationDb, eventId: string): Promise<StartableHeat[]> {
	const competitions = await db.competitions.where('eventId').equals(eventId).toArray();
	const heats: StartableHeat[] = [];
	for (const c of competitions) {
		for (const h of await db.heats.where('competitionId').equals(c.id).toArray())
			heats.push({ competitionId: c.id, competitionName: c.name, heatId: h.id, heatName: h.name });
	}
	return heats;
}
