import { EVENT_FILE_FORMAT, EVENT_FILE_VERSION } from './event-file-format';

/**
 * A server's backup of an event (`GET /api/events/{e}/backup`, docs/sync.md, Backup) read as
 * the event file it holds, for `npm run standings`: the event as the file's one day, its
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
