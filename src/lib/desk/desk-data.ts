import type { StationDb } from '$lib/db/station-db';
import { rulesetKey } from '$lib/db/station-db';
import type { RosterEntry } from '$lib/registration/schema';
import type { Ruleset } from '$lib/rules/schema';
import { readRoster, rosterTagKey } from '$lib/sync/client/roster';
import { checkInsOf, type CheckIn } from '$lib/registration/check-ins';

/** What the desk shows, read from the device: the roster, who is checked in, who is seated where, the rulesets. */
export interface DeskData {
	eventName: string;
	roster: RosterEntry[];
	/** The roster came from the server at least once (an empty one: nobody registered yet, issue 30 #23). */
	rosterPulled: boolean;
	checkIns: Map<string, CheckIn>;
	/** Entry (registration) ID → the heat it is seated in. */
	seated: Map<string, string>;
	/** Competition ID → its ruleset and name. */
	competitions: Map<string, { name: string; ruleset: Ruleset | undefined }>;
}

export async function readDeskData(db: StationDb, eventId: string): Promise<DeskData> {
	const [day, roster, rosterTag, events, competitions, rulesets] = await Promise.all([
		db.days.get(eventId),
		readRoster(db, eventId),
		db.meta.get(rosterTagKey(eventId)),
		db.events.toArray(),
		db.competitions.where('eventId').equals(eventId).toArray(),
		db.rulesets.toArray()
	]);
	const ids = new Set(roster.map((r) => r.id));
	const entries = ids.size ? await db.entries.bulkGet([...ids]) : [];
	const rulesetOf = new Map(rulesets.map((r) => [r.key, r.ruleset]));
	return {
		eventName: day?.name ?? '',
		roster,
		rosterPulled: rosterTag !== undefined,
		checkIns: checkInsOf(events),
		seated: new Map(entries.filter((e) => e !== undefined).map((e) => [e.id, e.heatId])),
		competitions: new Map(competitions.map((c) => [c.id, { name: c.name, ruleset: rulesetOf.get(rulesetKey(c.ruleset)) }]))
	};
}
