import { error } from '@sveltejs/kit';
import type { z } from 'zod/mini';
import { describeIssues, toIssues } from '$lib/validation';
import { BackupEndSchema, ITEM_KINDS, ITEM_SCHEMAS, type BackupCounts, type BackupItem, type ItemKind } from '../backup-format';
import type { BackupValue } from '../backup-reader';
import { plainBackupItem } from '../plain-text-migration';
import type { Stager } from './stager';

export interface ReadingProgress {
	/** Items between two reports. */
	every: number;
	report: (items: number) => void;
}

/**
 * Reads the lines after the header to the backup's last line: each item checked with zod and
 * staged in the order read. 400 for a line that is not an item, a line after the last one, a
 * file without its last line (cut), or a last line whose counts are not what the file holds.
 */
export async function stageItems(values: AsyncIterable<BackupValue>, stager: Stager, progress: ReadingProgress): Promise<void> {
	let ended: BackupCounts | null = null;
	for await (const { where, value } of values) {
		if (ended) error(400, `${where}: the backup goes on after its last line`);
		const kind = (value as { kind?: unknown } | null)?.kind;
		if (kind === 'end') {
			ended = checked(BackupEndSchema, value, where).counts;
			continue;
		}
		if (typeof kind !== 'string' || !(ITEM_KINDS as readonly string[]).includes(kind)) error(400, `${where}: not an item of a backup (kind: ${JSON.stringify(kind)?.slice(0, 40)})`);
		// A backup of an older version may hold names with control characters: cleaned as the store's migration cleans them (issue 29 #8).
		stager.add(checked(ITEM_SCHEMAS[kind as ItemKind], plainBackupItem(value), where) as BackupItem, where);
		if (stager.items % progress.every === 0) progress.report(stager.items);
	}
	if (!ended) error(400, 'the backup ends before its last line: the file is incomplete (cut while it was downloaded or copied?)');
	for (const k of ITEM_KINDS)
		if (ended[k] !== stager.counts[k]) error(400, `the backup's last line counts ${ended[k]} items of kind ${k}, the file holds ${stager.counts[k]}: the file is incomplete or was changed`);
}

/** The value as `schema` gives it; 400 naming the line (or item) and the first problems. */
function checked<S extends z.ZodMiniType>(schema: S, value: unknown, where: string): z.infer<S> {
	const parsed = schema.safeParse(value);
	if (!parsed.success) error(400, `${where}: ${describeIssues(toIssues(parsed.error)).slice(0, 1000)}`);
	return parsed.data;
}
