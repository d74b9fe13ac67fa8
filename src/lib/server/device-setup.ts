import { RulesetSchema, type Ruleset } from '$lib/rules/schema';
import { CompetitionSchema, EntrySchema, HeatSchema, type Entry, type Heat } from '$lib/setup/schema';
import { rawIdOf } from './raw-id';
import type { Store } from './store';
import type { Device, PushedSetup, PushResponse } from '$lib/contract';

/**
 * Set-up a judge made on a tablet (quick set-up), pushed with the events that refer to it.
 * A competition the server does not know joins the device's event, with its heats, entries
 * and ruleset, marked as made on a device. A competition the event holds is never changed
 * (a judge cannot change the organizer's set-up); IDs are the event's own, so one that another
 * event holds too is simply a new competition of this one.
 */
/** What the push's answer says of the set-up. */
export type AdoptedSetup = Required<Pick<PushResponse, 'setupAdded' | 'setupRefused'>>;

export function adoptDeviceSetup(store: Store, device: Device, setup: PushedSetup): AdoptedSetup {
	const added: string[] = [];
	const refused: AdoptedSetup['setupRefused'] = [];
	const rulesets = new Map<string, Ruleset>();
	for (const raw of setup.rulesets) {
		const r = RulesetSchema.safeParse(raw);
		if (r.success) rulesets.set(`${r.data.id}@${r.data.version}`, r.data);
		else refused.push({ id: rawIdOf(raw), reason: `ruleset: ${r.error.issues[0]?.message ?? 'not valid'}` });
	}
	const heats = setup.heats.flatMap((raw) => {
		const h = HeatSchema.safeParse(raw);
		return h.success ? [h.data] : [];
	});
	const entries = setup.entries.flatMap((raw) => {
		const e = EntrySchema.safeParse(raw);
		return e.success ? [e.data] : [];
	});

	for (const raw of setup.competitions) {
		const parsed = CompetitionSchema.safeParse(raw);
		if (!parsed.success) {
			refused.push({ id: rawIdOf(raw), reason: `competition: ${parsed.error.issues[0]?.message ?? 'not valid'}` });
			continue;
		}
		// Rounds are the organizer's: a competition set up on a tablet never brings an advancement to a final.
		const { advancesTo: _plan, ...competition } = parsed.data;
		// IDs are the event's own (store.ts, migration 19): what another event holds under the same ID is not looked at.
		if (store.getCompetition(device.eventId, competition.id)) continue; // the organizer's (or an earlier push's) set-up stays as it is
		const key = `${competition.ruleset.id}@${competition.ruleset.version}`;
		const stored = store.getRuleset(competition.ruleset.id, competition.ruleset.version);
		const pushed = rulesets.get(key);
		if (!stored && !pushed) {
			refused.push({ id: competition.id, reason: `its ruleset ${key} was not sent and is not on the server` });
			continue;
		}
		if (stored && pushed && JSON.stringify(stored) !== JSON.stringify(pushed)) {
			refused.push({ id: competition.id, reason: `ruleset ${key} is stored on the server with other content` });
			continue;
		}
		const ownHeats: Heat[] = heats.filter((h) => h.competitionId === competition.id && !store.getHeat(device.eventId, h.id));
		const heatIds = new Set(ownHeats.map((h) => h.id));
		const ownEntries: Entry[] = entries.filter((e) => e.competitionId === competition.id && heatIds.has(e.heatId) && !store.getEntry(device.eventId, e.id));
		try {
			store.transaction(() =>
				store.insertSetup({
					rulesets: stored ? [] : [pushed],
					competitions: [{ ...competition, eventId: device.eventId }],
					heats: ownHeats,
					entries: ownEntries,
					origin: 'device'
				})
			);
			added.push(competition.id);
		} catch (e) {
			refused.push({ id: competition.id, reason: e instanceof Error ? e.message : String(e) });
		}
	}
	return { setupAdded: added, setupRefused: refused };
}
