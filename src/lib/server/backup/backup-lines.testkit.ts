import { ITEM_SCHEMAS, type ItemKind } from '../backup-format';
import { busyEvent } from '../backup.testkit';
import { Store } from '../store';
import { storePerTest } from '../store-per-test.testkit';
import type { BackupLines } from './backup-line';

/** Tests of the backup's sections: per test, a store with the busy event (backup.testkit.ts). */
export function busyStorePerTest(use: (store: Store, busy: ReturnType<typeof busyEvent>) => void): void {
	storePerTest(
		(dir) => Store.open(dir),
		(store) => use(store, busyEvent(store))
	);
}

/** A section's lines, each checked as a restore checks an item of its kind. */
export function itemsOf(lines: BackupLines): { kind: ItemKind; text: string; item: Record<string, unknown> }[] {
	return [...lines].map((text) => {
		if (!text.endsWith('\n') || text.slice(0, -1).includes('\n')) throw new Error(`not one line: ${text}`);
		const value = JSON.parse(text) as { kind: ItemKind };
		return { kind: value.kind, text, item: ITEM_SCHEMAS[value.kind].parse(value) as Record<string, unknown> };
	});
}
