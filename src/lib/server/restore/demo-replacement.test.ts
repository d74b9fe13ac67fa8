import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../db';
import { DEMO_EVENT_ID } from '../demo';
import { busyEvent } from '../backup.testkit';
import { Store } from '../store';
import { replaceUntouchedDemo } from './demo-replacement';
import { refusalOf } from './restore-steps.testkit';

const opened: { store: Store; dir: string }[] = [];
function server(open: (dir: string) => Store): Store {
	const dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-demo-replacement-'));
	const store = open(dir);
	opened.push({ store, dir });
	return store;
}
afterEach(() => {
	for (const { store, dir } of opened.splice(0)) {
		store.close();
		rmSync(dir, { recursive: true, force: true });
	}
});

describe('replaceUntouchedDemo', () => {
	it('an event this server does not hold: nothing to replace', () => {
		const store = server(openStore);
		expect(replaceUntouchedDemo(store, 'fresh')).toBe(false);
		expect(store.getEvent(DEMO_EVENT_ID)).toBeDefined();
	});

	it('the untouched demo is deleted to make room', () => {
		const store = server(openStore);
		expect(store.transaction(() => replaceUntouchedDemo(store, DEMO_EVENT_ID))).toBe(true);
		expect(store.getEvent(DEMO_EVENT_ID)).toBeUndefined();
	});

	it("somebody's event of that ID: 409, and it stays", () => {
		const store = server((dir) => Store.open(dir));
		busyEvent(store);
		expect(refusalOf(() => replaceUntouchedDemo(store, 'busy'))).toEqual({ status: 409, message: 'the event "busy" is already on this server: restore into a server without it' });
		expect(store.getEvent('busy')).toBeDefined();
	});
});
