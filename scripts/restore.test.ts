/** `npm run restore -- FILE`: a backup restored into DATA_DIR on the server machine (issue 12, points 1 and 5). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { backupText } from '../src/lib/server/backup';
import { busyEvent, eventRows, T0 } from '../src/lib/server/backup.testkit';
import { openStore } from '../src/lib/server/db';
import { DEMO_EVENT_ID } from '../src/lib/server/demo';
import { addDevice } from '../src/lib/server/devices';
import { Store } from '../src/lib/server/store';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SLOW = 60_000;
const dirs: string[] = [];
afterEach(() => {
	for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
	const d = mkdtempSync(join(tmpdir(), 'puzzle-judge-restore-cli-'));
	dirs.push(d);
	return d;
};

function restore(dataDir: string, ...args: string[]) {
	const r = spawnSync('node_modules/.bin/tsx', ['scripts/restore.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: { ...process.env, DATA_DIR: dataDir } });
	if (r.error) throw r.error;
	return r;
}

describe('npm run restore', () => {
	it('restores a backup into a fresh data directory (its unused demo replaced), printing progress; a second time it is refused (exit 1)', () => {
		const source = openStore(tempDir());
		busyEvent(source);
		// Used: a restored copy is somebody's, not replaced again.
		addDevice(source, DEMO_EVENT_ID, { role: 'display', label: 'Hall' }, 'http://x', T0);
		const file = join(tempDir(), 'demo.ndjson');
		writeFileSync(file, backupText(source, DEMO_EVENT_ID, T0));
		const target = tempDir();
		const first = restore(target, file);
		expect(first.status, first.stderr).toBe(0);
		expect(JSON.parse(first.stdout)).toMatchObject({ eventId: DEMO_EVENT_ID, replacedDemo: true, numbering: 'kept' });
		expect(first.stderr).toMatch(/reading and checking: 0 of \d+ items/);
		expect(first.stderr).toMatch(/writing 60 of 60 items into the store in one transaction/);
		expect(first.stderr).toMatch(/peak memory \(RSS\): [\d.]+ MB/);
		const restored = Store.open(target);
		expect(eventRows(restored, DEMO_EVENT_ID)).toEqual(eventRows(source, DEMO_EVENT_ID));
		restored.close();
		source.close();

		const again = restore(target, file);
		expect(again.status).toBe(1);
		expect(again.stdout).toBe('');
		expect(again.stderr).toMatch(/refused \(409\): the event "demo" is already on this server/);
	}, SLOW);

	it('refuses a crafted file naming another event\'s items (exit 1, nothing stored), and says how to use it', () => {
		const target = tempDir();
		const file = join(tempDir(), 'crafted.json');
		writeFileSync(file, JSON.stringify({ format: 'puzzle-judge-backup', version: 1, exportedAt: T0, event: { id: 'injector', name: 'I', date: '2026-05-16' }, rulesets: [], competitions: [], heats: [{ id: 'h', competitionId: 'demo-czjpa-individual', name: 'H' }], entries: [], judgeEvents: [], devices: [] }));
		const r = restore(target, file);
		expect(r.status).toBe(1);
		expect(r.stderr).toMatch(/refused \(400\): heats\[0\]: heat h is in competition demo-czjpa-individual, which is not a competition of the event "injector"/);
		const store = Store.open(target);
		expect(store.getEvent('injector')).toBeUndefined();
		store.close();
		expect(restore(target).status).toBe(2);
		expect(restore(target, join(target, 'missing.ndjson')).stderr).toMatch(/cannot read/);
	}, SLOW);
});
