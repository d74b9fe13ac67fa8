import { describe, expect, it } from 'vitest';
import { ITEM_KINDS } from '../backup-format';
import { backupLinesOf, T0 } from '../backup.testkit';
import type { Store } from '../store';
import { backupCounts } from './backup-counts';
import { busyStorePerTest } from './backup-lines.testkit';

let store: Store;
busyStorePerTest((s) => (store = s));

describe('backupCounts', () => {
	it('counts each kind of item the backup holds of the event, as many as its lines', () => {
		const lines = backupLinesOf(store, 'busy', T0);
		const competitions = store.listCompetitions('busy');
		const counts = backupCounts(store, 'busy', 2, competitions);
		expect(counts).toEqual(Object.fromEntries(ITEM_KINDS.map((k) => [k, lines.filter((l) => l.kind === k).length])));
		for (const k of ITEM_KINDS) expect(counts[k], k).toBeGreaterThan(0);
	});

	it("takes the rulesets' number as given, and counts nothing of another event", () => {
		expect(backupCounts(store, 'nowhere', 7, [])).toEqual(Object.fromEntries(ITEM_KINDS.map((k) => [k, k === 'ruleset' ? 7 : 0])));
	});
});
