import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from './store';

/** Tests of tokens and access: a fresh store on disk holding two events, "spring" and "autumn". */
export function openTwoEventStore(prefix: string): { dir: string; store: Store } {
	const dir = mkdtempSync(join(tmpdir(), prefix));
	const store = Store.open(dir);
	store.insertSetup({
		events: [
			{ id: 'spring', name: 'Spring puzzle day', date: '2026-05-16' },
			{ id: 'autumn', name: 'Autumn puzzle day', date: '2026-10-10' }
		]
	});
	return { dir, store };
}
