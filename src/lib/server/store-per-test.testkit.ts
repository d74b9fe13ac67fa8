import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { Store } from './store';

/**
 * Every test of the file gets a fresh store on disk, made by `open` in a directory of its own;
 * `use` receives it before the test (and before the file's own beforeEach hooks that come
 * after this call); after the test it is closed and its directory removed.
 */
export function storePerTest(open: (dir: string) => Store, use: (store: Store, dir: string) => void): void {
	let dir = '';
	let store: Store | undefined;
	beforeEach(() => {
		dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-test-'));
		store = open(dir);
		use(store, dir);
	});
	afterEach(() => {
		store?.close();
		store = undefined;
		rmSync(dir, { recursive: true, force: true });
	});
}
