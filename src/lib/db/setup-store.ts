import type { Ruleset } from '$lib/rules/schema';
import type { Competition, CompetitionEvent, CompetitionMerge, Entry, Heat } from '$lib/setup/schema';
import type { CompetitionSetup } from '$lib/scoring';
import { EVENT_FILE_FORMAT, EVENT_FILE_VERSION } from '$lib/files/event-file-format';
import type { EventFile } from '$lib/files/event-file';
import { rulesetKey, type StationDb } from './station-db';
import { withoutBirthDates } from '$lib/setup/without-birth-dates';

/** Set-up to store on the tablet: what it received or what a judge made on the spot. */
export interface SetupBundle {
	days: CompetitionEvent[];
	rulesets: Ruleset[];
	competitions: Competition[];
	heats: Heat[];
	entries: Entry[];
	/** Competitions the organizer merged: only from the server (never made on a tablet). */
	merges?: CompetitionMerge[];
}

/**
 * Validates every item (a bad item refuses the whole bundle) and stores it in one transaction.
 * A stored competition that the bundle puts in another event moves there (the server adopts a
 * quick set-up's competition into the paired event: docs/sync.md, Push); a day left without
 * any competition by such a move is removed, so the tablet does not list it as an empty event.
 * Nothing else goes: days are only names and dates, events refer to competitions and heats.
 */
export async function saveSetup(db: StationDb, bundle: SetupBundle): Promise<void> {
	// The schemas (and zod) load on the first save, not with the station's home, which only reads.
	const [{ RulesetSchema }, { CompetitionMergeSchema, CompetitionSchema, EntrySchema, EventSchema, HeatSchema }] = await Promise.all([
		import('$lib/rules/schema'),
		import('$lib/setup/schema')
	]);
	const checked: SetupBundle = {
		days: bundle.days.map((d) => EventSchema.parse(d)),
		rulesets: bundle.rulesets.map((r) => RulesetSchema.parse(r)),
		competitions: bundle.competitions.map((c) => CompetitionSchema.parse(c)),
		heats: bundle.heats.map((h) => HeatSchema.parse(h)),
		entries: bundle.entries.map((e) => EntrySchema.parse(e)),
		merges: (bundle.merges ?? []).map((m) => CompetitionMergeSchema.parse(m))
	};
	await db.transaction('rw', [db.days, db.rulesets, db.competitions, db.heats, db.entries, db.merges], async () => {
		const before = await db.competitions.bulkGet(checked.competitions.map((c) => c.id));
		const left = new Set(before.flatMap((c, i) => (c && c.eventId !== checked.competitions[i]!.eventId ? [c.eventId] : [])));
		await db.days.bulkPut(checked.days);
		await db.rulesets.bulkPut(checked.rulesets.map((ruleset) => ({ key: rulesetKey(ruleset), ruleset })));
		await db.competitions.bulkPut(checked.competitions);
		await db.heats.bulkPut(checked.heats);
		await db.entries.bulkPut(checked.entries);
		await db.merges.bulkPut(checked.merges ?? []);
		await removeEmptiedDays(db, left, new Set(checked.days.map((d) => d.id)));
	});
}

/** The days that competitions left (`left`) and that hold none now, except those just stored. */
async function removeEmptiedDays(db: StationDb, left: ReadonlySet<string>, stored: ReadonlySet<string>): Promise<void> {
	for (const dayId of left) {
		if (stored.has(dayId)) continue;
		if ((await db.competitions.where('eventId').equals(dayId).count()) === 0) await db.days.delete(dayId);
	}
}

/** Everything the scorer needs for one competition, or undefined when it is not on this tablet. */
export async function loadCompetition(db: StationDb, competitionId: string): Promise<CompetitionSetup | undefined> {
	const competition = await db.competitions.get(competitionId);
	if (!competition) return undefined;
	const stored = await db.rulesets.get(rulesetKey(competition.ruleset));
	if (!stored) return undefined;
	const entries = await db.entries.where('competitionId').equals(competitionId).toArray();
	return { competition, ruleset: stored.ruleset, entries };
}

/** A directory of what the tablet holds, for choosing a heat. */
export async function listSetup(db: StationDb): Promise<SetupBundle> {
	const [days, rulesets, competitions, heats, entries, merges] = await Promise.all([
		db.days.toArray(),
		db.rulesets.toArray(),
		db.competitions.toArray(),
		db.heats.toArray(),
		db.entries.toArray(),
		db.merges.toArray()
	]);
	return { days, rulesets: rulesets.map((r) => r.ruleset), competitions, heats, entries, merges };
}

/**
 * Every event on the tablet with the set-up they refer to, in the documented event-file
 * format (docs/event-format.md): the organizer merges these files with the CLI.
 */
export async function exportEventFile(db: StationDb, deviceId: string, exportedAt: number): Promise<EventFile> {
	const setup = await listSetup(db);
	const log = await db.events.toArray();
	return {
		format: EVENT_FILE_FORMAT,
		version: EVENT_FILE_VERSION,
		exportedAt,
		deviceId,
		setup: {
			events: setup.days,
			rulesets: setup.rulesets,
			competitions: setup.competitions,
			heats: setup.heats,
			// A judge's file never carries a date of birth (issue 14, Privacy), whatever the tablet holds.
			entries: setup.entries.map(withoutBirthDates),
			// The merges the tablet received, so that the CLI reads its file as the organizer does.
			...(setup.merges?.length ? { merges: setup.merges } : {})
		},
		log
	};
}
