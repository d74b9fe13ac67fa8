// Serves the production build (adapter-node) on 127.0.0.1:3000 unless HOST/PORT say otherwise.
// With HTTPS_CERT and HTTPS_KEY (PEM files) it serves HTTPS itself, for a venue laptop on a local
// network (README, "Deployment and HTTPS"); without them, plain HTTP (for localhost, or behind a
// TLS reverse proxy). Either way every answer carries the security headers (./security-headers.js),
// and a second server on the same DATA_DIR refuses to start.
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { answerClientErrors, stampConnectionScheme, takeSchemeFromConnection } from './http-edges.js';
import { securityHeaders } from './security-headers.js';
import { lockDataDir } from './data-dir-lock.js';

process.env.HOST ||= '127.0.0.1';
process.env.PORT ||= '3000';
// No limit of adapter-node's own: the app limits every body to 64 MiB but a restore's, which streams
// a backup of any size (src/lib/server/body-limit.ts); each endpoint enforces its own, smaller limit.
process.env.BODY_SIZE_LIMIT ||= 'Infinity';
// Resolved once here so that the log and the store agree whatever the server's cwd is.
process.env.DATA_DIR = resolve(process.env.DATA_DIR || './data');

const HOST = process.env.HOST;
const PORT = Number(process.env.PORT);
const certFile = process.env.HTTPS_CERT;
const keyFile = process.env.HTTPS_KEY;
const secure = Boolean(certFile || keyFile);

const entry = fileURLToPath(new URL('../build/handler.js', import.meta.url));
if (!existsSync(entry)) {
	console.error(`No build at ${entry}: run "npm run build" first.`);
	process.exit(1);
}

/** @param {string} address */
const urlHost = (address) => (address.includes(':') ? `[${address}]` : address);

/** The addresses tablets can type when the server listens on every interface. */
function lanAddresses() {
	/** @type {string[]} */
	const found = [];
	for (const list of Object.values(networkInterfaces())) {
		for (const a of list ?? []) {
			if (a.internal) continue;
			if (a.family === 'IPv4' || (a.family === 'IPv6' && !a.address.toLowerCase().startsWith('fe80:'))) {
				found.push(a.address);
			}
		}
	}
	return found;
}

/** @type {{ cert: Buffer, key: Buffer } | undefined} */
let tls;
/** @type {X509Certificate | undefined} */
let x509;
if (secure) {
	if (!certFile || !keyFile) {
		console.error('HTTPS needs both HTTPS_CERT and HTTPS_KEY (PEM files): "npm run cert" makes a pair.');
		process.exit(1);
	}
	try {
		tls = { cert: readFileSync(resolve(certFile)), key: readFileSync(resolve(keyFile)) };
		x509 = new X509Certificate(tls.cert);
	} catch (e) {
		console.error(`Cannot read the certificate or key: ${e instanceof Error ? e.message : String(e)}`);
		process.exit(1);
	}
	if (new Date(x509.validTo).getTime() < Date.now()) {
		console.error(`The certificate ${certFile} expired on ${x509.validTo}: make a new one ("npm run cert").`);
		process.exit(1);
	}
}

const scheme = secure ? 'https' : 'http';
/** @param {string} address */
const coverage = (address) => {
	if (!x509) return '';
	const ok = isIP(address) ? x509.checkIP(address) : x509.checkHost(address);
	return ok ? '' : '   (not in the certificate: browsers will refuse it)';
};

// One server per data directory: a second one refuses to start (scripts/data-dir-lock.js).
const lock = await lockDataDir(process.env.DATA_DIR, { url: `${scheme}://${urlHost(HOST)}:${PORT}/` });
if (!lock.ok) {
	console.error(lock.message);
	process.exit(1);
}
// The kernel lets go of the lock however the process ends; on a normal exit the note of who held it goes too.
process.once('exit', lock.release);

const everywhere = HOST === '0.0.0.0' || HOST === '::';
console.log(`Puzzle judge on ${scheme}://${urlHost(HOST)}:${PORT}/`);
if (everywhere) {
	console.log('On the local network, open:');
	for (const address of lanAddresses()) console.log(`  ${scheme}://${urlHost(address)}:${PORT}/${coverage(address)}`);
	if (!secure) console.log('(the station needs HTTPS off this machine: see README, "Deployment and HTTPS")');
} else if (secure && coverage(HOST)) {
	console.log(`  ${HOST}${coverage(HOST)}`);
}
console.log(`Data directory: ${process.env.DATA_DIR}`);

// Without ORIGIN or PROTOCOL_HEADER the origin's scheme is the connection's (http-edges.js), not
// adapter-node's assumed https. Called before the handler is imported: it reads the environment then.
const stampScheme = takeSchemeFromConnection();

// adapter-node's middleware: static files, prerendered pages, then SvelteKit. It reads ORIGIN,
// PROTOCOL_HEADER, HOST_HEADER, ADDRESS_HEADER, XFF_DEPTH and BODY_SIZE_LIMIT itself. Served here
// rather than by its own server (build/index.js) so that the headers are set around it: the
// static files and the prerendered pages never reach SvelteKit's hooks.
const { handler } = await import('../build/handler.js');
const setSecurityHeaders = securityHeaders(fileURLToPath(new URL('../build/prerendered', import.meta.url)));

// The local CA that `npm run cert` writes beside the certificate, for tablets to download.
const caFile = secure ? join(dirname(resolve(certFile ?? '')), 'ca.crt') : '';
const ca = secure && existsSync(caFile) ? readFileSync(caFile) : undefined;
if (ca) console.log(`Tablets can download the CA to trust from ${scheme}://<address>:${PORT}/ca.crt`);

/** @type {import('node:http').RequestListener} */
const listener = (req, res) => {
	setSecurityHeaders(req, res);
	if (ca && req.method === 'GET' && req.url === '/ca.crt') {
		res.writeHead(200, { 'content-type': 'application/x-x509-ca-cert', 'content-length': ca.length });
		res.end(ca);
		return;
	}
	handler(req, res, () => {
		res.statusCode = 404;
		res.end('Not found');
	});
};
const server = tls ? https.createServer(tls, listener) : http.createServer(listener);
if (stampScheme) stampConnectionScheme(server, tls ? 'https' : 'http');
answerClientErrors(server);

/** @param {string} name */
const seconds = (name) => {
	const v = process.env[name];
	return v && Number.isFinite(Number(v)) ? Number(v) : undefined;
};
const keepAlive = seconds('KEEP_ALIVE_TIMEOUT');
if (keepAlive !== undefined) server.keepAliveTimeout = keepAlive * 1000;
const headersTimeout = seconds('HEADERS_TIMEOUT');
if (headersTimeout !== undefined) server.headersTimeout = headersTimeout * 1000;
const shutdownTimeout = seconds('SHUTDOWN_TIMEOUT') ?? 30;

server.on('error', (e) => {
	console.error(`Cannot serve on ${urlHost(HOST)}:${PORT}: ${e.message}`);
	process.exit(1);
});
server.listen(PORT, HOST, () => console.log(`Listening on ${scheme}://${urlHost(HOST)}:${PORT}/`));

/** @type {NodeJS.Timeout | undefined} */
let forceClose;
/** Like adapter-node: stop accepting, let requests finish, then let the app close its store. */
const shutdown = (/** @type {NodeJS.Signals} */ reason) => {
	if (forceClose) return;
	forceClose = setTimeout(() => server.closeAllConnections(), shutdownTimeout * 1000);
	server.closeIdleConnections();
	server.close((error) => {
		clearTimeout(forceClose);
		if (error) return;
		process.emit(/** @type {any} */ ('sveltekit:shutdown'), reason);
	});
	// Keep-alive connections that go idle after their request must not hold the server open.
	server.on('request', (_req, res) => res.on('finish', () => server.closeIdleConnections()));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
