import { request as httpRequest } from 'node:http';
import { afterEach, expect, test, vi } from 'vitest';
import { startServer, type FreshServer } from '../server-process';
import { BASE, createEvent, RUN } from '../sync-kit';

/**
 * The pairing link a server hands out (POST /api/events/{e}/devices → pairUrl, the QR code's
 * content) carries the origin tablets reach it by (issue 12 point 11). adapter-node assumes
 * https://<Host> unless told: scripts/start.js takes the scheme from the connection itself when
 * neither ORIGIN nor PROTOCOL_HEADER is set (scripts/http-edges.js); ORIGIN, or a proxy's
 * headers named by PROTOCOL_HEADER/HOST_HEADER, win when set. tests/https.spec.ts checks the
 * server that serves HTTPS itself.
 */

// One after another (vitest runs a file's tests in order), 60 s each.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let server: FreshServer | undefined;
afterEach(async () => {
	await server?.stop();
	server = undefined;
});

/** POST of JSON over node:http, which (unlike fetch) sends the Host header it is given. */
function postJson(base: string, path: string, token: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; text: string }> {
	const text = JSON.stringify(body);
	return new Promise((resolve, reject) => {
		const req = httpRequest(`${base}${path}`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), authorization: `Bearer ${token}`, ...headers } }, (res) => {
			let answer = '';
			res.setEncoding('utf8');
			res.on('data', (c) => (answer += c));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, text: answer }));
		});
		req.on('error', reject);
		req.end(text);
	});
}

/** The pairing link of a new judge device, asked with `headers`. */
async function pairUrlOf(base: string, headers: Record<string, string> = {}): Promise<URL> {
	const created = await createEvent(`Origin ${RUN}`, base);
	const added = await postJson(base, `/api/events/${created.eventId}/devices`, created.token, { role: 'judge', label: 'Table 1' }, headers);
	expect(added.status, added.text).toBe(201);
	const link = new URL(JSON.parse(added.text).pairUrl);
	// The server named in the fragment is the link's own origin (src/lib/contract/pair-link.ts).
	expect(new URLSearchParams(link.hash.slice(1)).get('server')).toBe(link.origin);
	return link;
}

test('ISSUE-12.11 a plain-HTTP server without ORIGIN builds http:// pairing links (was https://), and a client cannot make them https', async () => {
	server = await startServer();
	expect((await pairUrlOf(server.base)).origin).toBe(server.base);
	// The header the server stamps the connection's scheme in is overwritten, whatever a client sends.
	expect((await pairUrlOf(server.base, { 'x-puzzle-judge-connection-scheme': 'https', 'x-forwarded-proto': 'https' })).origin).toBe(server.base);
	// The Host the client used is kept (a tablet on the LAN reaches the laptop by its address).
	expect((await pairUrlOf(server.base, { host: `judge.local:${server.port}` })).origin).toBe(`http://judge.local:${server.port}`);
});

test('ISSUE-12.11 with ORIGIN the pairing link is ORIGIN’s, whatever the request says', async () => {
	server = await startServer({ ORIGIN: 'https://judge.example.org' });
	expect((await pairUrlOf(server.base)).origin).toBe('https://judge.example.org');
	expect((await pairUrlOf(server.base, { 'x-forwarded-proto': 'http', host: 'elsewhere.test' })).origin).toBe('https://judge.example.org');
});

test('ISSUE-12.11 behind a TLS proxy (PROTOCOL_HEADER, HOST_HEADER) the pairing link is https at the proxy’s host', async () => {
	server = await startServer({ PROTOCOL_HEADER: 'x-forwarded-proto', HOST_HEADER: 'x-forwarded-host' });
	expect((await pairUrlOf(server.base, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'judge.example.org' })).origin).toBe('https://judge.example.org');
	// A proxy that forwards plain HTTP says so.
	expect((await pairUrlOf(server.base, { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'judge.local:8080' })).origin).toBe('http://judge.local:8080');
});

test('the e2e servers run without ORIGIN (tests/e2e-servers.ts): their pairing links are http:// too', async () => {
	expect((await pairUrlOf(BASE)).protocol).toBe('http:');
});
