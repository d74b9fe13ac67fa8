/** npm run device-token: the first organizer key of an event, issued on the server machine's store. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../src/lib/server/db';
import { authenticate } from '../src/lib/server/tokens';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SLOW = 60_000;
const dirs: string[] = [];

function deviceToken(dataDir: string, ...args: string[]) {
	const r = spawnSync('node_modules/.bin/tsx', ['scripts/device-token.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: { ...process.env, DATA_DIR: dataDir } });
	if (r.error) throw r.error;
	return r;
}

function freshDataDir(): string {
	const dir = mkdtempSync(join(tmpdir(), 'pj-device-token-'));
	dirs.push(dir);
	return dir;
}

afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('npm run device-token', () => {
	it('issues a token of the demo event that the store then knows, with its role and label; printed once as JSON', () => {
		const dir = freshDataDir();
		const r = deviceToken(dir, '--event', 'demo', '--role', 'judge', '--label', 'Table 1');
		expect([r.status, r.stderr]).toEqual([0, '']);
		const issued = JSON.parse(r.stdout) as { id: string; token: string; eventId: string; role: string; label: string };
		expect(issued).toMatchObject({ eventId: 'demo', role: 'judge', label: 'Table 1' });
		const store = openStore(dir);
		try {
			expect(authenticate(store, issued.token)).toMatchObject({ id: issued.id, eventId: 'demo', role: 'judge', label: 'Table 1' });
			expect(authenticate(store, `${issued.token.slice(0, -1)}x`)).toBeNull();
		} finally {
			store.close();
		}
	}, SLOW);

	it('an unknown event: exit 1 with the reason, no token; a missing role: exit 2 with the usage', () => {
		const dir = freshDataDir();
		const unknown = deviceToken(dir, '--event', 'no-such-event', '--role', 'organizer', '--label', 'X');
		expect(unknown.status).toBe(1);
		expect(unknown.stdout).toBe('');
		expect(unknown.stderr).not.toBe('');
		const usage = deviceToken(dir, '--event', 'demo', '--label', 'X');
		expect(usage.status).toBe(2);
		expect(usage.stderr).toContain('Usage: npm run device-token');
	}, SLOW);
});
