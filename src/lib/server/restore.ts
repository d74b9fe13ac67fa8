import { error, isHttpError } from '@sveltejs/kit';
import { dirname } from 'node:path';
import type { RestoreAnswer } from '$lib/contract';
import { describeIssues, toIssues } from '$lib/validation';
import type { z } from 'zod/mini';
import { BACKUP_FORMAT, BACKUP_VERSION, BackupHeaderSchema, ITEM_KINDS, LEGACY_BACKUP_VERSION, LegacyHeaderSchema, type BackupCounts, type BackupEvidence, type RestoreHeader } from './backup-format';
import { readBackup, type BackupValue } from './backup-reader';
import { plainBackupHeader } from './plain-text-migration';
import { commitStaged } from './restore-commit';
import { RestoreStaging } from './restore-staging';
import { answerCounts } from './restore/answer-counts';
import { stageItems } from './restore/item-reading';
import { Stager } from './restore/stager';
import type { Store } from './store';
import { isUntouchedDemo } from './untouched-demo';

/**
 * Restores one event's backup (docs/sync.md, Backup) into a server that does not hold the event,
 * from the file's bytes as they arrive (an HTTP body, a file on disk): each line is read, checked
 * with zod and put aside in a staging file of its own (restore-staging.ts), in batches, so that no
 * backup is ever held whole in memory; once the file has been read to its last line, everything is
 * checked against the server and written in one transaction (restore-commit.ts), or nothing is.
 * Refusals are HTTP errors: 400 for a file that is not a valid backup or whose items do not all
 * belong to its event, 409 for what this server already holds, 413 for an over-long line.
 */

export interface RestoreProgress {
	phase: 'reading' | 'writing' | 'done';
	/** Items read so far, and how many the file says it holds (null for a version-1 file). */
	items: number;
	total: number | null;
	bytes: number;
}


export interface RestoreOptions {
	onProgress?: (progress: RestoreProgress) => void;
	/** Items between two progress reports while reading. */
	progressEvery?: number;
}

export async function restoreBackup(store: Store, body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options: RestoreOptions = {}): Promise<RestoreAnswer> {
	let bytes = 0;
	const values = readBackup(body, { onBytes: (n) => (bytes = n) });
	const staging = new RestoreStaging(dirname(store.file));
	try {
		const first = await values.next();
		if (first.done) error(400, 'the backup is empty');
		const header = readHeader(first.value);
		// Said before the file is read (the commit checks it again).
		if (store.getEvent(header.event.id) && !isUntouchedDemo(store, header.event.id))
			error(409, `the event "${header.event.id}" is already on this server: restore into a server without it`);
		const total = header.counts ? ITEM_KINDS.reduce((sum, k) => sum + header.counts![k], 0) : null;
		const progress = (phase: RestoreProgress['phase'], items: number) => options.onProgress?.({ phase, items, total, bytes });
		progress('reading', 0);
		const stager = new Stager(staging, header.event.id);
		await stageItems(values, stager, { every: options.progressEvery ?? 10_000, report: (items) => progress('reading', items) });
		staging.seal();
		progress('writing', stager.items);
		const outcome = commitStaged(store, staging.file, header);
		progress('done', stager.items);
		return { eventId: header.event.id, version: header.version, counts: answerCounts(outcome.counts), numbering: outcome.numbering, replacedDemo: outcome.replacedDemo };
	} catch (e) {
		// Every refusal says so: nothing of the file was stored.
		if (isHttpError(e)) error(e.status, `${e.body.message}; nothing was restored`);
		throw e;
	} finally {
		staging.discard();
		// Stop reading (an error before the end): the caller decides what to do with the rest of the body.
		await values.return(undefined);
	}
}

function readHeader({ where, value }: BackupValue): RestoreHeader {
	const o = (typeof value === 'object' && value !== null ? value : {}) as { format?: unknown; version?: unknown };
	const refuse = (why: string): never => error(400, `not a ${BACKUP_FORMAT} file of version ${LEGACY_BACKUP_VERSION} or ${BACKUP_VERSION}: ${where}: ${why.slice(0, 1000)}`);
	if (o.format !== BACKUP_FORMAT) refuse(`format: expected "${BACKUP_FORMAT}", found ${JSON.stringify(o.format)?.slice(0, 40) ?? 'none'}`);
	const schema = o.version === LEGACY_BACKUP_VERSION ? LegacyHeaderSchema : o.version === BACKUP_VERSION ? BackupHeaderSchema : refuse(`version: expected ${LEGACY_BACKUP_VERSION} or ${BACKUP_VERSION}, found ${JSON.stringify(o.version)?.slice(0, 40) ?? 'none'}`);
	const parsed = schema.safeParse(plainBackupHeader(value));
	if (!parsed.success) refuse(describeIssues(toIssues(parsed.error)));
	const h = parsed.data as z.infer<typeof LegacyHeaderSchema> & { counts?: BackupCounts; evidence?: BackupEvidence };
	return { version: o.version as RestoreHeader['version'], exportedAt: h.exportedAt, event: h.event, counts: h.counts ?? null, ...(h.evidence ? { evidence: h.evidence } : {}) };
}
