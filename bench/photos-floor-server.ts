/**
 * The floor of `npm run bench:photos`: a bare Node HTTP server doing the least a photo upload must
 * do, with nothing of the app (no framework, no token, no query, no type check):
 *
 *   PUT /photo/{hash}   reads the body, hashes it (SHA-256) and inserts it into a SQLite table as
 *                       a BLOB (better-sqlite3, WAL, synchronous NORMAL, as the app's store), 201;
 *   GET /file           streams DATA_FILE (a backup's size) from disk: the floor of a backup;
 *   POST /sink          reads the body and throws it away: the floor of a restore upload.
 *
 * Listens on 127.0.0.1:PORT; a child process of the bench (`fork`), so its CPU is its own. It
 * answers "ready" over IPC once it listens.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

const dir = process.env.DATA_DIR!;
const db = new Database(join(dir, 'floor.sqlite3'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec('CREATE TABLE IF NOT EXISTS photos (hash TEXT PRIMARY KEY, bytes BLOB NOT NULL)');
const insert = db.prepare('INSERT OR IGNORE INTO photos (hash, bytes) VALUES (?, ?)');

const server = createServer((req, res) => {
	if (req.method === 'PUT' && req.url?.startsWith('/photo/')) {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const body = Buffer.concat(chunks);
			const hash = createHash('sha256').update(body).digest('hex');
			insert.run(hash, body);
			res.writeHead(201, { 'content-type': 'application/json' }).end(`{"hash":"${hash}"}`);
		});
		return;
	}
	if (req.method === 'GET' && req.url === '/file') {
		const file = process.env.DATA_FILE!;
		res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(statSync(file).size) });
		createReadStream(file).pipe(res);
		return;
	}
	if (req.method === 'POST' && req.url === '/sink') {
		req.resume();
		req.on('end', () => res.writeHead(201).end('{}'));
		return;
	}
	res.writeHead(404).end();
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
