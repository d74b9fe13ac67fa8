import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { createServer, isIP, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { makeCert, type CertFiles } from '../scripts/make-cert';
import { FULL_CHROMIUM } from './chromium';

// The service worker is what this spec proves (or what its offline reloads need); playwright.config.ts blocks it elsewhere.
test.use({ serviceWorkers: 'allow' });

/**
 * A venue laptop serving HTTPS itself (README, "Deployment and HTTPS"): `npm run cert` makes a
 * local CA and a certificate for the laptop's name, `scripts/start.js` serves the production
 * build over HTTPS with HTTPS_CERT/HTTPS_KEY (on 127.0.0.1 only here). A client that trusts the
 * CA gets through; one that does not, or asks for a name not in the certificate, is refused.
 */

const HOST_NAME = 'puzzle.test';

let dir: string;
let tls: CertFiles;
let server: ChildProcess | undefined;
let port: number;
let output = '';

async function freePort(): Promise<number> {
	const s = createServer();
	await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
	const p = (s.address() as AddressInfo).port;
	await new Promise((ok) => s.close(ok));
	return p;
}

interface Reply {
	status: number;
	body: string;
	subjectAltName: string;
}

/** GET over https to 127.0.0.1, checking the certificate as `servername`, trusting only `ca`. */
function get(path: string, options: { ca?: Buffer; servername?: string } = {}): Promise<Reply> {
	const servername = options.servername ?? HOST_NAME;
	return new Promise((resolve, reject) => {
		const req = https.request(
			// An address is checked without SNI (RFC 6066 allows names only).
			{ host: '127.0.0.1', port, path, servername: isIP(servername) ? undefined : servername, headers: { host: `${servername}:${port}` }, ca: options.ca, agent: false },
			(res) => {
				const subjectAltName = (res.socket as import('node:tls').TLSSocket).getPeerCertificate().subjectaltname ?? '';
				let body = '';
				res.setEncoding('utf8');
				res.on('data', (chunk) => (body += chunk));
				res.on('end', () => resolve({ status: res.statusCode ?? 0, body, subjectAltName }));
			}
		);
		req.on('error', reject);
		req.end();
	});
}

test.beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-https-'));
	tls = makeCert({ hosts: [HOST_NAME, '192.168.1.20'], out: join(dir, 'tls') });
	port = await freePort();
	// Reports the event on which the app closes its store (src/lib/server/db.ts).
	const listen = `process.on('sveltekit:shutdown', (reason) => console.log('sveltekit:shutdown ' + reason))`;
	server = spawn(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(listen)}`, 'scripts/start.js'], {
		env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: join(dir, 'data'), HTTPS_CERT: tls.cert, HTTPS_KEY: tls.key },
		stdio: ['ignore', 'pipe', 'pipe']
	});
	server.stdout!.on('data', (d) => (output += d));
	server.stderr!.on('data', (d) => (output += d));
	const deadline = Date.now() + 30_000;
	while (!output.includes('Listening on')) {
		if (server.exitCode !== null || Date.now() > deadline) throw new Error(`The HTTPS server did not start:\n${output}`);
		await new Promise((ok) => setTimeout(ok, 100));
	}
});

test.afterAll(async () => {
	if (server && server.exitCode === null) server.kill('SIGKILL');
	rmSync(dir, { recursive: true, force: true });
});

test('serves /api/health over HTTPS to a client trusting the generated CA, with the requested name', async () => {
	expect(output).toContain(`Puzzle judge on https://127.0.0.1:${port}/`);
	const ca = readFileSync(tls.ca);
	const health = await get('/api/health', { ca });
	expect(health.status).toBe(200);
	expect(JSON.parse(health.body)).toEqual({ ok: true });
	expect(health.subjectAltName.split(', ')).toEqual(expect.arrayContaining([`DNS:${HOST_NAME}`, 'IP Address:192.168.1.20', 'DNS:localhost', 'IP Address:127.0.0.1']));

	// Also by address, as a tablet typing https://127.0.0.1:PORT would.
	expect((await get('/api/health', { ca, servername: '127.0.0.1' })).status).toBe(200);

	// The CA for tablets to download is the generated one.
	const download = await get('/ca.crt', { ca });
	expect(download.status).toBe(200);
	expect(new X509Certificate(download.body).fingerprint256).toBe(new X509Certificate(ca).fingerprint256);
});

/** POST of JSON over https to 127.0.0.1 as `puzzle.test`, trusting `ca`. */
function post(path: string, body: unknown, ca: Buffer, token?: string): Promise<Reply> {
	const text = JSON.stringify(body);
	return new Promise((resolve, reject) => {
		const req = https.request(
			{
				host: '127.0.0.1',
				port,
				path,
				method: 'POST',
				servername: HOST_NAME,
				ca,
				agent: false,
				headers: { host: `${HOST_NAME}:${port}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...(token ? { authorization: `Bearer ${token}` } : {}) }
			},
			(res) => {
				let answer = '';
				res.setEncoding('utf8');
				res.on('data', (chunk) => (answer += chunk));
				res.on('end', () => resolve({ status: res.statusCode ?? 0, body: answer, subjectAltName: '' }));
			}
		);
		req.on('error', reject);
		req.end(text);
	});
}

test('ISSUE-12.11 the pairing link the HTTPS server hands out is https:// at the name the tablet used', async () => {
	const ca = readFileSync(tls.ca);
	const created = await post('/api/events', { event: { name: 'HTTPS cup', date: '2026-05-16' } }, ca);
	expect(created.status, created.body).toBe(201);
	const { eventId, token } = JSON.parse(created.body) as { eventId: string; token: string };
	const added = await post(`/api/events/${eventId}/devices`, { role: 'judge', label: 'Table 1' }, ca, token);
	expect(added.status, added.body).toBe(201);
	expect(new URL(JSON.parse(added.body).pairUrl).origin).toBe(`https://${HOST_NAME}:${port}`);
});

test('refuses a client that does not trust the CA, or asks for a name not in the certificate', async () => {
	await expect(get('/api/health')).rejects.toMatchObject({ code: expect.stringMatching(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED|UNABLE_TO_GET_ISSUER/) });
	const otherCa = makeCert({ hosts: [HOST_NAME], out: join(dir, 'other') });
	await expect(get('/api/health', { ca: readFileSync(otherCa.ca) })).rejects.toMatchObject({ code: expect.stringMatching(/UNABLE_TO_VERIFY|CERT_SIGNATURE_FAILURE|SELF_SIGNED/) });
	await expect(get('/api/health', { ca: readFileSync(tls.ca), servername: 'elsewhere.test' })).rejects.toMatchObject({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
});

test('a browser trusting the certificate gets a secure context at the LAN name: the service worker registers', async () => {
	// Chromium trusts the server's key (as a tablet that installed the CA trusts the chain) and
	// resolves puzzle.test to 127.0.0.1: a name that is not localhost, so only HTTPS makes it secure.
	const spki = createHash('sha256').update(new X509Certificate(readFileSync(tls.cert)).publicKey.export({ type: 'spki', format: 'der' })).digest('base64');
	const browser = await chromium.launch({
		executablePath: FULL_CHROMIUM,
		args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${HOST_NAME} 127.0.0.1`, `--ignore-certificate-errors-spki-list=${spki}`]
	});
	try {
		const page = await browser.newPage();
		const response = await page.goto(`https://${HOST_NAME}:${port}/station`);
		expect(response?.status()).toBe(200);
		expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
		const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
		expect(scope).toBe(`https://${HOST_NAME}:${port}/`);
	} finally {
		await browser.close();
	}
});

test('stops on SIGTERM: the server closes, then the app (its store), and the process exits 0', async () => {
	// SQLite in WAL mode removes the -wal file when the last connection closes cleanly.
	const wal = join(dir, 'data', 'puzzle-judge.sqlite-wal');
	expect(existsSync(wal)).toBe(true);
	const exited = new Promise<number | null>((ok) => server!.once('exit', (code) => ok(code)));
	server!.kill('SIGTERM');
	expect(await exited).toBe(0);
	expect(output).toContain('sveltekit:shutdown SIGTERM');
	expect(existsSync(wal), 'the store was closed').toBe(false);
	await expect(get('/api/health', { ca: readFileSync(tls.ca) })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
});
