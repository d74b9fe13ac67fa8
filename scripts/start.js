// Serves the production build (adapter-node) on 127.0.0.1:3000 unless HOST/PORT say otherwise.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

process.env.HOST ||= '127.0.0.1';
process.env.PORT ||= '3000';
// Backups and imported files are large; each endpoint enforces its own, smaller limit (pushes 512 KiB).
process.env.BODY_SIZE_LIMIT ||= '64M';
// Resolved once here so that the log and the store agree whatever the server's cwd is.
process.env.DATA_DIR = resolve(process.env.DATA_DIR || './data');

const entry = fileURLToPath(new URL('../build/index.js', import.meta.url));
if (!existsSync(entry)) {
	console.error(`No build at ${entry}: run "npm run build" first.`);
	process.exit(1);
}

const host = process.env.HOST.includes(':') ? `[${process.env.HOST}]` : process.env.HOST;
console.log(`Puzzle judge on http://${host}:${process.env.PORT}/`);
console.log(`Data directory: ${process.env.DATA_DIR}`);

await import('../build/index.js');
