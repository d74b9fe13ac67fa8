import { describe, expect, it } from 'vitest';
import type { RestoreHeader } from '../backup-format';
import { eventRows } from '../backup.testkit';
import type { Store } from '../store';
import { copyDevices, copySetUp } from './copy-steps';
import { replayMerges } from './merge-replay';
import { refusalOf, stagedPerTest } from './restore-steps.testkit';
import { StagedCopy } from './staged-copy';

describe('replayMerges', () => {
	let source: Store;
	let target: Store;
	let header: RestoreHeader;
	stagedPerTest((f) => {
		({ source, target, backup: { header } } = f);
		const copy = new StagedCopy(target.db, 'busy');
		copySetUp(copy, header.event);
		copyDevices(copy);
	});

	it('stores each merge as recorded, checked against the restored set-up', () => {
		expect(eventRows(target, 'busy').competition_merges).toEqual([]);
		replayMerges(target);
		expect(eventRows(target, 'busy').competition_merges).toEqual(eventRows(source, 'busy').competition_merges);
	});

	it('refuses with 400 a merge that does not fit the restored set-up, naming its line and its problems', () => {
		target.db.exec(`UPDATE staging.merges SET json = json_set(json, '$.foldedCompetitionId', 'nowhere')`);
		expect(refusalOf(() => replayMerges(target))).toEqual({ status: 400, message: expect.stringMatching(/^line \d+: merge b-merge-1: \S+: .+/) });
		expect(eventRows(target, 'busy').competition_merges).toEqual([]);
	});
});
