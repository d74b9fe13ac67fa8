import type { StationDb } from '$lib/db/station-db';
import { rulesetKey } from '$lib/db/station-db';
import type { EventLog } from '$lib/db/event-log';
import { saveSetup } from '$lib/db/setup-store';
import { formatFileError, parseEventFile } from '$lib/files/event-file';

/**
 * Tablet files (docs/event-format.md) brought in on the organizer's device: each file is read
 * and validated on its own (its errors listed, nothing of it stored when it has any); a good
 * file's set-up items that the device does not hold are stored (the server's copies are
 * never replaced by a tablet's), and its events go through EventLog.importEvents, which keeps
 * events already held and queues new ones for the server (the outbox, then a push).
 */
export type FileImport =
	| { file: string; ok: true; added: number; alreadyHeld: number; setupAdded: number }
	| { file: string; ok: false; errors: string[] };

export async function importEventFiles(db: StationDb, log: EventLog, files: readonly { name: string; text: string }[]): Promise<FileImport[]> {
	const results: FileImport[] = [];
	for (const { name, text } of files) {
		const parsed = parseEventFile(text, name);
		if (!parsed.ok) {
			results.push({ file: name, ok: false, errors: parsed.errors.map(formatFileError) });
			continue;
		}
		const { setup, log: events } = parsed.value.file;
		try {
			const [days, rulesets, competitions, heats, entries] = await Promise.all([
				db.days.bulkGet(setup.events.map((d) => d.id)),
				db.rulesets.bulkGet(setup.rulesets.map(rulesetKey)),
				db.competitions.bulkGet(setup.competitions.map((c) => c.id)),
				db.heats.bulkGet(setup.heats.map((h) => h.id)),
				db.entries.bulkGet(setup.entries.map((e) => e.id))
			]);
			const bundle = {
				days: setup.events.filter((_, i) => !days[i]),
				rulesets: setup.rulesets.filter((_, i) => !rulesets[i]),
				competitions: setup.competitions.filter((_, i) => !competitions[i]),
				heats: setup.heats.filter((_, i) => !heats[i]),
				entries: setup.entries.filter((_, i) => !entries[i])
			};
			await saveSetup(db, bundle);
			const queued = await log.importEvents(events);
			const setupAdded = Object.values(bundle).reduce((n, list) => n + list.length, 0);
			results.push({ file: name, ok: true, added: queued.added, alreadyHeld: queued.alreadyHeld, setupAdded });
		} catch (e) {
			results.push({ file: name, ok: false, errors: [`${name}: ${e instanceof Error ? e.message : String(e)}`] });
		}
	}
	return results;
}
