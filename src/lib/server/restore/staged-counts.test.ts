import { describe, expect, it } from 'vitest';
import { ITEM_KINDS, type BackupCounts } from '../backup-format';
import type { Store } from '../store';
import { stagedPerTest } from './restore-steps.testkit';
import { STAGING_TABLE_OF, stagedCounts } from './staged-counts';

describe('stagedCounts', () => {
	let target: Store;
	let counts: BackupCounts | null;
	stagedPerTest((f) => ({ target, backup: { header: { counts } } } = f));

	it("counts the staged items of each kind: as many as the backup's header says", () => {
		expect(stagedCounts(target.db)).toEqual(counts);
		expect(Object.keys(stagedCounts(target.db))).toEqual([...ITEM_KINDS]);
	});

	it('a table each kind: a device is one item however many judge devices pushed with it', () => {
		expect(new Set(Object.values(STAGING_TABLE_OF)).size).toBe(ITEM_KINDS.length);
		target.db.exec("INSERT INTO staging.device_logs VALUES ('one-more', 'tab-x')");
		target.db.exec('DELETE FROM staging.draws');
		expect(stagedCounts(target.db)).toEqual({ ...counts, draw: 0 });
	});
});
