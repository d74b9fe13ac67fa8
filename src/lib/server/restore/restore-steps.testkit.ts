import { isHttpError } from '@sveltejs/kit';
import { dirname } from 'node:path';
import { afterEach } from 'vitest';
import { ITEM_SCHEMAS, type BackupItem, type ItemKind, type RestoreHeader } from '../backup-format';
import { backupLinesOf, busyEvent, EVENT, MIN, T0 } from '../backup.testkit';
import { RestoreStaging } from '../restore-staging';
import { Store } from '../store';
import { storePerTest } from '../store-per-test.testkit';
import { Stager } from './stager';

/** Tests of the restore's steps: a backup as restore.ts reads it, staged, and attached to a store as `staging` (as restore-commit.ts does). */
export interface ReadBackup {
	header: RestoreHeader;
	/** Each item, checked as restore.ts checks it, with its line. */
	items: { item: BackupItem; where: string }[];
}

export function readBackupOf(source: Store, eventId = EVENT): ReadBackup {
	const [first, ...rest] = backupLinesOf(source, eventId, T0 + 100 * MIN);
	const h = first as unknown as RestoreHeader;
	const items = rest
		.slice(0, -1)
		.map((line, i) => ({ item: ITEM_SCHEMAS[line.kind as ItemKind].parse(line) as BackupItem, where: `line ${i + 2}` }));
	return { header: { version: 2, exportedAt: h.exportedAt, event: h.event, counts: h.counts }, items };
}

/** Stages the items into a file beside `target` (stager.ts) and attaches it as `staging`; `detach` undoes both. */
export function attachStaged(target: Store, backup: ReadBackup): { stager: Stager; detach: () => void } {
	const staging = new RestoreStaging(dirname(target.file));
	const stager = new Stager(staging, backup.header.event.id);
	try {
		for (const { item, where } of backup.items) stager.add(item, where);
		staging.seal();
		target.db.prepare('ATTACH DATABASE ? AS staging').run(staging.file);
	} catch (e) {
		staging.discard();
		throw e;
	}
	return {
		stager,
		detach: () => {
			target.db.exec('DETACH DATABASE staging');
			staging.discard();
		}
	};
}

/**
 * Per test: a source server holding the busy event (backup.testkit.ts), read as a backup, and a
 * target server (empty, or made by `target`) with that backup staged and attached.
 */
export function stagedPerTest(use: (fixture: { source: Store; target: Store; backup: ReadBackup }) => void, target: (store: Store) => void = () => {}): void {
	let source: Store;
	let detach = () => {};
	storePerTest(
		(dir) => Store.open(dir),
		(store) => {
			busyEvent(store);
			source = store;
		}
	);
	storePerTest(
		(dir) => Store.open(dir),
		(store) => {
			target(store);
			const backup = readBackupOf(source);
			detach = attachStaged(store, backup).detach;
			use({ source, target: store, backup });
		}
	);
	// Before the stores close: vitest runs afterEach hooks last registered first.
	afterEach(() => detach());
}

/** The status and message of the HttpError `fn` throws; undefined when it throws none. */
export function refusalOf(fn: () => unknown): { status: number; message: string } | undefined {
	try {
		fn();
	} catch (e) {
		if (isHttpError(e)) return { status: e.status, message: e.body.message };
		throw e;
	}
	return undefined;
}
