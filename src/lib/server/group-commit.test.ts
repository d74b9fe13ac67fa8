import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';
import { Store } from './store';

let dir: string;
let store: Store;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-group-'));
	store = Store.open(dir);
});
afterEach(() => {
	store.close();
	rmSync(dir, { recursive: true, force: true });
});

const insertEvent = (id: string) => () => store.db.prepare("INSERT INTO events (id, name, date) VALUES (?, 'E', '2026-01-01')").run(id).changes;

describe('group commit', () => {
	it('writes submitted together share one transaction; each answers after the commit', async () => {
		const group = new GroupCommit(store);
		// Count the transactions that are not nested in another: the commits.
		let commits = 0;
		const transaction = store.transaction.bind(store);
		store.transaction = <T>(fn: () => T): T => {
			if (!store.db.inTransaction) commits++;
			return transaction(fn);
		};
		const results = await Promise.all(['a', 'b', 'c'].map((id) => group.submit(insertEvent(id))));
		expect(results).toEqual([1, 1, 1]);
		expect(commits).toBe(1);
		expect(store.listEvents().map((e) => e.id)).toEqual(['a', 'b', 'c']);
		// Another connection sees all three: they were committed.
		const other = Store.open(dir);
		expect(other.countEvents()).toBe(3);
		other.close();
	});

	it('a write that fails takes nothing else with it', async () => {
		const group = new GroupCommit(store);
		const outcomes = await Promise.allSettled([
			group.submit(insertEvent('a')),
			group.submit(() => {
				insertEvent('b')();
				throw new Error('refused');
			}),
			group.submit(insertEvent('c'))
		]);
		expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
		expect(store.listEvents().map((e) => e.id)).toEqual(['a', 'c']);
	});
});
