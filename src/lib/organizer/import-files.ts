import type { StationDb } from '$lib/db/station-db';
import { rulesetKey } from '$lib/db/station-db';
import type { EventLog } from '$lib/db/event-log';
import { saveSetup, type SetupBundle } from '$lib/db/setup-store';
import { canonicalJson } from '$lib/events/order';
import { formatFileError, parseEventFile, type EventFile } from '$lib/files/event-file';
import type { Ruleset } from '$lib/rules/schema';

/**
 * Tablet files (docs/event-format.md) brought in on the organizer's device, in two steps:
 *
 * 1. previewEventFiles reads and validates each file on its own (its errors listed; a file with
 *    any is never imported) and says, before anything is stored, what importing the good ones
 *    would add: competitions this device does not hold (they join the event on the server when
 *    pushed, with their rulesets, heats and entries), heats and entries new to competitions it
 *    holds, judge events new and already held; and what it leaves as it is (set-up already held,
 *    even when the file's copy differs). Files are counted in order: what an earlier file of the
 *    same import adds is not new again in a later one.
 * 2. importPreviewed stores what the organizer accepted: a good file's set-up items that the
 *    device does not hold (the server's copies are never replaced by a tablet's), and its events
 *    through EventLog.importEvents, which keeps events already held and queues new ones for the
 *    server (the outbox, then a push). Refusing the preview stores nothing.
 */

/** A competition the file brings that this device does not hold. */
export interface NewCompetition {
	id: string;
	name: string;
	ruleset: Pick<Ruleset, 'id' | 'version' | 'name'>;
	heats: string[];
	entries: string[];
}

/** Heats or entries a file adds to a competition this device holds. */
export interface AddedTo {
	competitionId: string;
	competition: string;
	names: string[];
}

export interface FilePreview {
	file: string;
	ok: true;
	/** The validated file, imported as it is when the organizer accepts. */
	parsed: EventFile;
	newCompetitions: NewCompetition[];
	newHeats: AddedTo[];
	newEntries: AddedTo[];
	events: { added: number; held: number };
	/** Set-up of the file this device holds already: left as it is. */
	unchanged: { competitions: number; heats: number; entries: number };
	/** Items held here with other content than the file's (`entry e7`, `ruleset czjpa-individual v1`): this device's copy stays. */
	differing: string[];
}

export type ImportPreview = FilePreview | { file: string; ok: false; errors: string[] };

export type FileImport =
	| { file: string; ok: true; added: number; alreadyHeld: number; setupAdded: number }
	| { file: string; ok: false; errors: string[] };

/** Reads and validates the files and says what importing them would add; stores nothing. */
export async function previewEventFiles(db: StationDb, files: readonly { name: string; text: string }[]): Promise<ImportPreview[]> {
	const previews: ImportPreview[] = [];
	/** What earlier files of this import add (keys as held: IDs, rulesets by ID and version). */
	const adding = { competitions: new Map<string, string>(), heats: new Set<string>(), entries: new Set<string>(), events: new Set<string>() };
	for (const { name, text } of files) {
		const parsed = parseEventFile(text, name);
		if (!parsed.ok) {
			previews.push({ file: name, ok: false, errors: parsed.errors.map(formatFileError) });
			continue;
		}
		const { setup, log } = parsed.value.file;
		const [rulesets, competitions, heats, entries, events] = await Promise.all([
			db.rulesets.bulkGet(setup.rulesets.map(rulesetKey)),
			db.competitions.bulkGet(setup.competitions.map((c) => c.id)),
			db.heats.bulkGet(setup.heats.map((h) => h.id)),
			db.entries.bulkGet(setup.entries.map((e) => e.id)),
			db.events.bulkGet(log.map((e) => e.id))
		]);
		const differing: string[] = [];
		const same = (label: string, held: unknown, item: unknown) => {
			if (held !== undefined && canonicalJson(held) !== canonicalJson(item)) differing.push(label);
		};
		setup.rulesets.forEach((r, i) => same(`ruleset ${r.id} v${r.version}`, rulesets[i]?.ruleset, r));
		const fileRuleset = new Map(setup.rulesets.map((r) => [rulesetKey(r), r]));
		const heldCompetitions = new Map<string, string>();
		const newCompetitions: NewCompetition[] = [];
		setup.competitions.forEach((c, i) => {
			const held = competitions[i] ?? undefined;
			if (held) {
				heldCompetitions.set(c.id, held.name);
				// A competition joins the server's event under the event's ID: only the rest is compared.
				same(`competition ${c.id}`, { ...held, eventId: c.eventId }, c);
			} else if (adding.competitions.has(c.id)) heldCompetitions.set(c.id, adding.competitions.get(c.id)!);
			else {
				const r = fileRuleset.get(rulesetKey(c.ruleset))!;
				newCompetitions.push({ id: c.id, name: c.name, ruleset: { id: r.id, version: r.version, name: r.name }, heats: [], entries: [] });
			}
		});
		const fresh = new Map(newCompetitions.map((c) => [c.id, c]));
		const newHeats = new Map<string, AddedTo>();
		const newEntries = new Map<string, AddedTo>();
		const addTo = (list: Map<string, AddedTo>, competitionId: string, itemName: string) => {
			const known = fresh.get(competitionId);
			if (known) return void (list === newHeats ? known.heats : known.entries).push(itemName);
			let a = list.get(competitionId);
			if (!a) list.set(competitionId, (a = { competitionId, competition: heldCompetitions.get(competitionId) ?? competitionId, names: [] }));
			a.names.push(itemName);
		};
		const unchanged = { competitions: heldCompetitions.size, heats: 0, entries: 0 };
		setup.heats.forEach((h, i) => {
			if (heats[i]) {
				unchanged.heats++;
				same(`heat ${h.id}`, heats[i], h);
			} else if (!adding.heats.has(h.id)) addTo(newHeats, h.competitionId, h.name);
			else unchanged.heats++;
		});
		setup.entries.forEach((e, i) => {
			if (entries[i]) {
				unchanged.entries++;
				same(`entry ${e.id}`, entries[i], e);
			} else if (!adding.entries.has(e.id)) addTo(newEntries, e.competitionId, e.name);
			else unchanged.entries++;
		});
		const eventIds = new Set<string>();
		let added = 0;
		log.forEach((e, i) => {
			if (eventIds.has(e.id)) return;
			eventIds.add(e.id);
			if (events[i] || adding.events.has(e.id)) return;
			added++;
		});
		// Later files of this import see this one's additions as held.
		for (const c of newCompetitions) adding.competitions.set(c.id, c.name);
		for (const h of setup.heats) adding.heats.add(h.id);
		for (const e of setup.entries) adding.entries.add(e.id);
		for (const id of eventIds) adding.events.add(id);
		previews.push({
			file: name,
			ok: true,
			parsed: parsed.value.file,
			newCompetitions,
			newHeats: [...newHeats.values()],
			newEntries: [...newEntries.values()],
			events: { added, held: eventIds.size - added },
			unchanged,
			differing
		});
	}
	return previews;
}

/** Whether a preview would change anything on this device. */
export function addsAnything(p: FilePreview): boolean {
	return p.newCompetitions.length > 0 || p.newHeats.length > 0 || p.newEntries.length > 0 || p.events.added > 0;
}

/** Imports the good files of a preview the organizer accepted; a bad file's errors are listed again, nothing of it stored. */
export async function importPreviewed(db: StationDb, log: EventLog, previews: readonly ImportPreview[]): Promise<FileImport[]> {
	const results: FileImport[] = [];
	for (const p of previews) {
		if (!p.ok) {
			results.push(p);
			continue;
		}
		const { setup, log: events } = p.parsed;
		try {
			const [days, rulesets, competitions, heats, entries] = await Promise.all([
				db.days.bulkGet(setup.events.map((d) => d.id)),
				db.rulesets.bulkGet(setup.rulesets.map(rulesetKey)),
				db.competitions.bulkGet(setup.competitions.map((c) => c.id)),
				db.heats.bulkGet(setup.heats.map((h) => h.id)),
				db.entries.bulkGet(setup.entries.map((e) => e.id))
			]);
			// A file's merges are not taken: merges are the organizer's, and come from the server.
			const bundle: SetupBundle = {
				days: setup.events.filter((_, i) => !days[i]),
				rulesets: setup.rulesets.filter((_, i) => !rulesets[i]),
				competitions: setup.competitions.filter((_, i) => !competitions[i]),
				heats: setup.heats.filter((_, i) => !heats[i]),
				entries: setup.entries.filter((_, i) => !entries[i])
			};
			await saveSetup(db, bundle);
			const queued = await log.importEvents(events);
			const setupAdded = Object.values(bundle).reduce((n, list) => n + list.length, 0);
			results.push({ file: p.file, ok: true, added: queued.added, alreadyHeld: queued.alreadyHeld, setupAdded });
		} catch (e) {
			results.push({ file: p.file, ok: false, errors: [`${p.file}: ${e instanceof Error ? e.message : String(e)}`] });
		}
	}
	return results;
}

/** Both steps at once: what a caller that needs no confirmation uses (and the tests of the import itself). */
export async function importEventFiles(db: StationDb, log: EventLog, files: readonly { name: string; text: string }[]): Promise<FileImport[]> {
	return importPreviewed(db, log, await previewEventFiles(db, files));
}
