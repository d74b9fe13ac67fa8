/**
 * One server per data directory (scripts/data-dir-lock.js): the lock taken by `npm start`, refused
 * to a second holder with who holds it, and let go by the kernel when its process dies however it
 * dies (SIGKILL included), so that a new server starts at once.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { HOLDER_FILE, lockDataDir } from './data-dir-lock.js';

const dirs: string[] = [];
const tempDir = () => {
	const d = mkdtempSync(join(tmpdir(), 'data-dir-lock-test-'));
	dirs.push(d);
	return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const LOCK_MODULE = fileURLToPath(new URL('./data-dir-lock.js', import.meta.url));

/** Another process that takes the lock of `dir` and holds it until killed; resolves once it holds it. */
function holder(dir: string) {
	const code = `import { lockDataDir } from ${JSON.stringify(LOCK_MODULE)};
		const r = await lockDataDir(${JSON.stringify(dir)}, { url: 'http://127.0.0.1:9/' });
		console.log(r.ok ? 'held' : 'refused');
		setInterval(() => {}, 1000);`;
	const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
	const exited = new Promise<void>((r) => child.once('exit', () => r()));
	const held = new Promise<string>((resolve) => child.stdout!.once('data', (d) => resolve(String(d).trim())));
	return { child, held, exited };
}

describe('the data directory lock', { timeout: 30_000 }, () => {
	it('is refused to a second holder, with who holds it and how to stop it; released, it is free again', async () => {
		const dir = tempDir();
		const first = await lockDataDir(join(dir, 'data'), { url: 'http://127.0.0.1:3000/' });
		expect(first.ok).toBe(true);
		const second = await lockDataDir(join(dir, 'data'));
		expect(second).toEqual({ ok: false, holder: { pid: process.pid, startedAt: expect.any(String), url: 'http://127.0.0.1:3000/' }, message: expect.any(String) });
		if (second.ok) return;
		expect(second.message).toContain(`Another server is using the data directory ${join(dir, 'data')}`);
		expect(second.message).toContain(`process ${process.pid}, serving http://127.0.0.1:3000/`);
		expect(second.message).toContain(`kill ${process.pid}`);
		if (first.ok) first.release();
		expect(existsSync(join(dir, 'data', HOLDER_FILE))).toBe(false);
		const third = await lockDataDir(join(dir, 'data'));
		expect(third.ok).toBe(true);
		if (third.ok) third.release();
	});

	it('is refused while another process holds it, and free at once after that process is SIGKILLed', async () => {
		const dir = tempDir();
		const other = holder(dir);
		expect(await other.held).toBe('held');
		const pid = other.child.pid!;
		expect(JSON.parse(readFileSync(join(dir, HOLDER_FILE), 'utf8'))).toMatchObject({ pid });
		const refused = await lockDataDir(dir);
		expect(refused.ok).toBe(false);
		if (!refused.ok) expect(refused.message).toContain(`kill ${pid}`);

		other.child.kill('SIGKILL');
		await other.exited;
		const started = Date.now();
		const mine = await lockDataDir(dir);
		expect(mine.ok).toBe(true);
		expect(Date.now() - started).toBeLessThan(1000);
		if (mine.ok) mine.release();
	});
});
