import { EVENT_FILE_FORMAT, EVENT_FILE_VERSION } from './event-file-format';

/**
 * A server's backup of an event (`GET /api/events/{e}/backup`, docs/sync.md, Backup) read as
 * the event file it holds (version 1: one JSON object; version 2: NDJSON, read by
 * backupTextAsEventFile), for `npm run standings`: the event as the file's one day, its
 * rulesets, competitions (without their origin), heats, entries and merges, and its judge events
 * in arrival order as the log. The result is then read and validated as any event file
 * (parseEventFile), so `log[3]` in an error is the backup's `judgeEvents[3].event`. Anything that
 * is not a backup gives undefined.
 */
export const BACKUP_FORMAT = 'puzzle-judge-backup';

export function backupAsEventFile(root: unknown): Record<string, unknown> | undefined {
	if (!isObject(root) || root.format !== BACKUP_FORMAT) return undefined;
	const withoutOrigin = (c: unknown) => {
		if (!isObject(c)) return c;
		const { origin: _origin, ...rest } = c;
		return rest;
	};
	return {
		format: EVENT_FILE_FORMAT,
		version: EVENT_FILE_VERSION,
		exportedAt: root.exportedAt,
		setup: {
			events: root.event === undefined ? [] : [root.event],
			rulesets: root.rulesets,
			competitions: Array.isArray(root.competitions) ? root.competitions.map(withoutOrigin) : root.competitions,
			heats: root.heats,
			entries: root.entries,
			...(root.merges !== undefined ? { merges: root.merges } : {})
		},
		log: Array.isArray(root.judgeEvents) ? root.judgeEvents.map((j) => (isObject(j) ? j.event : j)) : root.judgeEvents
	};
}

function isObject(v: unknown): v is Record<string, unknown> {
	return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * A backup file's text, either version, as the event file it holds; undefined when the text is
 * not a backup (or a version-2 line is not JSON: the text is then reported as an event file).
 */
export function backupTextAsEventFile(text: string): Record<string, unknown> | undefined {
	try {
		// Version 1, however it is laid out.
		return backupAsEventFile(JSON.parse(text));
	} catch {
		// Not one JSON value: perhaps one a line.
	}
	const newline = text.indexOf('\n');
	let header: unknown;
	try {
		header = JSON.parse(text.slice(0, newline));
	} catch {
		return undefined;
	}
	if (newline < 0 || !isObject(header) || header.format !== BACKUP_FORMAT) return undefined;
	// Version 2: the header, then one item a line (src/lib/server/backup-format.ts), gathered into the lists of version 1.
	const lists: Record<string, unknown[]> = { rulesets: [], competitions: [], heats: [], entries: [], judgeEvents: [], merges: [] };
	for (const line of text.slice(newline + 1).split('\n')) {
		if (line.trim() === '') continue;
		let item: unknown;
		try {
			item = JSON.parse(line);
		} catch {
			return undefined;
		}
		if (!isObject(item)) continue;
		if (item.kind === 'ruleset') lists.rulesets!.push(item.ruleset);
		else if (item.kind === 'competition') lists.competitions!.push(item.competition);
		else if (item.kind === 'heat') lists.heats!.push(item.heat);
		else if (item.kind === 'entry') lists.entries!.push(item.entry);
		else if (item.kind === 'judgeEvent') lists.judgeEvents!.push({ event: item.event });
		else if (item.kind === 'merge') lists.merges!.push(item.merge);
	}
	return backupAsEventFile({ ...header, ...lists });
}
