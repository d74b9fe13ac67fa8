import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openOrganizer, signInOrganizer } from './organizer-kit';
import { freePort, spawnServer, startServer, type ServerProcess } from './server-spawn';

/**
 * The server's guards against a careless user and a guesser, each on servers of its own
 * (`node scripts/start.js`, the production build, a fresh data directory), not the config's:
 * - one server per data directory (scripts/data-dir-lock.js): a second start refuses, saying
 *   which process holds the directory and how to stop it; after a SIGKILL a new one starts at once;
 * - wrong pairing codes are throttled (src/lib/server/pairing-guard.ts): a burst gets 429 with
 *   Retry-After, the right code pairs after the wait, and the organizer sees the failed attempts.
 */

const dirs: string[] = [];
const servers: ServerProcess[] = [];
test.afterAll(async () => {
	for (const s of servers) await s.kill();
	for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
	const dir = mkdtempSync(join(tmpdir(), 'pj-guards-'));
	dirs.push(dir);
	return join(dir, 'data');
}

test('a second server on the same data directory refuses to start, saying who holds it; after a SIGKILL a new one starts at once', async () => {
	test.setTimeout(90_000);
	const dir = dataDir();
	const first = await startServer(dir, await freePort());
	servers.push(first);

	const second = spawnServer(dir, await freePort());
	servers.push(second);
	expect(await second.exited).toBe(1);
	expect(second.output()).toContain(`Another server is using the data directory ${dir}`);
	expect(second.output()).toContain(`process ${first.child.pid}, serving ${first.origin}/`);
	expect(second.output()).toContain(`kill ${first.child.pid}`);
	// The first one still serves, alone.
	expect((await fetch(`${first.origin}/api/health`)).status).toBe(200);

	// SIGKILLed, it leaves no lock behind: a new server starts at once on the same directory, with its data.
	const created = await fetch(`${first.origin}/api/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: { name: 'Kept', date: '2026-05-16' } }) });
	const { eventId, token } = (await created.json()) as { eventId: string; token: string };
	await first.kill();
	const started = Date.now();
	const third = await startServer(dir, await freePort());
	servers.push(third);
	expect(Date.now() - started).toBeLessThan(15_000);
	const setup = await fetch(`${third.origin}/api/events/${eventId}/setup`, { headers: { authorization: `Bearer ${token}` } });
	expect(setup.status).toBe(200);
});

test('wrong pairing codes: a burst gets 429 with Retry-After, the right code pairs after the wait, the organizer sees the failed attempts', async ({ browser }) => {
	test.setTimeout(120_000);
	const server = await startServer(dataDir(), await freePort());
	servers.push(server);
	const api = (path: string, body: unknown, token?: string) =>
		fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
	const eventName = 'Guarded cup';
	const { eventId, token: key } = (await (await api('/api/events', { event: { name: eventName, date: '2026-05-16' } })).json()) as { eventId: string; token: string };
	const added = (await (await api(`/api/events/${eventId}/devices`, { role: 'judge', label: 'Table 4' }, key)).json()) as { code: string };

	// A burst of wrong codes from this address: the first few are looked at (404), the rest wait (429).
	const statuses: number[] = [];
	let last: Response | undefined;
	for (let i = 0; i < 12; i++) {
		last = await api('/api/pair', { code: `ABCD-EF${'23456789'[i % 8]}${'23456789'[Math.floor(i / 8)]}` });
		statuses.push(last.status);
	}
	expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
	expect(statuses.slice(5)).toEqual(Array(7).fill(429));
	const retryAfter = Number(last!.headers.get('retry-after'));
	expect(retryAfter).toBeGreaterThanOrEqual(1);
	expect(retryAfter).toBeLessThanOrEqual(12);
	expect(await last!.json()).toEqual({ message: `too many wrong pairing codes: wait ${retryAfter} s, then type the code again` });
	const throttledAt = Date.now();

	// The tablet types the right code meanwhile: told to wait; after the wait it pairs.
	const tablet = await browser.newContext({ baseURL: server.origin });
	const page = await tablet.newPage();
	await page.goto('/pair');
	await page.getByTestId('pair-code').fill(added.code);
	await page.getByTestId('pair-code-submit').click();
	const problem = page.getByTestId('pair-problem');
	await expect(problem).toHaveAttribute('data-kind', 'code-throttled');
	await expect(problem).toContainText(/Too many wrong codes were typed\. Wait \d+ s, then type the code again\./);
	await page.waitForTimeout(Math.max(0, throttledAt + retryAfter * 1000 + 300 - Date.now()));
	await page.getByTestId('pair-code-submit').click();
	await expect(page.getByTestId('pair-done')).toContainText(`Paired with ${eventName} as judge “Table 4”.`);
	await tablet.close();

	// The organizer sees them: 12 wrong codes and the one refused unread, the last from this address.
	const desk = await browser.newContext({ baseURL: server.origin });
	const organizer = await desk.newPage();
	await signInOrganizer(organizer, key, eventId, eventName);
	await openOrganizer(organizer, 'devices');
	const failures = organizer.getByTestId('pairing-failures');
	await expect(failures).toContainText('Wrong pairing codes or table cards: 13');
	await expect(failures).toContainText('from 127.0.0.1');
	await desk.close();
});
