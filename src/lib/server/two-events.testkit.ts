import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from './store';

/** Tests of tokens and access: a store in `dir` holding two events, "spring" and "autumn". */
export function openTwoEvents(dir: string): Store {
	const store = Store.open(dir);
	store.insertSetup({
		events: [
			{ id: 'spring', name: 'Spring puzzle day', date: '2026-05-16' },
			{ id: 'autumn', name: 'Autumn puzzle day', date: '2026-10-10' }
		]
	});
	return store;
}

/** The same in a fresh directory of its own. */
export function openTwoEventStore(prefix: string): { dir: string; store: Store } {
	const dir = mkdtempSync(join(tmpdir(), prefix));
	return { dir, store: openTwoEvents(dir) };
}
