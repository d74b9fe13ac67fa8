import { existsSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IdleCheckpoint } from './idle-checkpoint';
import { Store } from './store';
import { storePerTest } from './store-per-test.testkit';

let store: Store;
storePerTest(Store.open, (s) => (store = s));

/** The database file's size: it grows only when a checkpoint copies the log into it. */
const fileSize = () => statSync(store.file).size;

describe('idle checkpoint', () => {
	it('lets the log grow during a burst and checkpoints once writes pause', () => {
		const idle = new IdleCheckpoint(store, 500, 100_000);
		expect(store.db.pragma('wal_autocheckpoint', { simple: true })).toBe(100_000);
		const wal = `${store.file}-wal`;
		const insert = store.db.prepare("INSERT INTO events (id, name, date) VALUES (?, ?, '2026-01-01')");
		for (let i = 0; i < 200; i++) {
			insert.run(`e${i}`, 'x'.repeat(2000));
			idle.wrote(1_000 + i);
		}
		expect(existsSync(wal) && statSync(wal).size).toBeGreaterThan(200 * 2000);
		const before = fileSize();
		expect(before).toBeLessThan(200 * 2000);
		idle.tick(1_000 + 199 + 100); // still within the burst: nothing
		expect(idle.runs).toBe(0);
		expect(fileSize()).toBe(before);
		idle.tick(1_000 + 199 + 500);
		expect(idle.runs).toBe(1);
		expect(fileSize()).toBeGreaterThan(200 * 2000);
		idle.tick(1_000 + 199 + 5_000); // nothing written since: nothing to do
		expect(idle.runs).toBe(1);
		idle.stop();
	});
});
