/**
 * Restores an event's backup file into this server's store, on the server machine itself:
 *
 *   npm run restore -- FILE
 *
 * Uses DATA_DIR like the server (default ./data). The same restore as POST /api/restore (the
 * same checks, all or nothing), without the network: this is how a venue laptop without an
 * ADMIN_KEY restores (docs/backup-and-restore.md). The file is read as it streams from disk,
 * never whole; progress goes to stderr, the result as JSON to stdout. Best with the server
 * stopped: while it runs, its writes wait for the last step (or fail after 5 s, and tablets push
 * again). Exit status: 0 restored; 1 refused (the reason on stderr); 2 a usage error.
 */
import { createReadStream, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isHttpError } from '@sveltejs/kit';
import { dataDir, openStore } from '$lib/server/db';
import { restoreBackup, type RestoreProgress } from '$lib/server/restore';

const USAGE = 'Usage: npm run restore -- FILE   (into the store of DATA_DIR, default ./data)';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const count = (n: number) => n.toLocaleString('en-US');

async function main(): Promise<number> {
	let positionals: string[];
	let help = false;
	try {
		const parsed = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
		positionals = parsed.positionals;
		help = parsed.values.help ?? false;
	} catch (e) {
		console.error(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
		return 2;
	}
	if (help) {
		console.log(USAGE);
		return 0;
	}
	if (positionals.length !== 1) {
		console.error(USAGE);
		return 2;
	}
	const file = positionals[0]!;
	let size: number;
	try {
		size = statSync(file).size;
	} catch (e) {
		console.error(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
		return 1;
	}
	const started = Date.now();
	let last = 0;
	const report = (p: RestoreProgress) => {
		const now = Date.now();
		if (p.phase === 'reading' && now - last < 1000 && p.items > 0) return;
		last = now;
		const items = p.total === null ? `${count(p.items)} items` : `${count(p.items)} of ${count(p.total)} items`;
		const read = `${mb(p.bytes)} of ${mb(size)}`;
		console.error(p.phase === 'reading' ? `reading and checking: ${items}, ${read}` : p.phase === 'writing' ? `writing ${items} into the store in one transaction…` : `done in ${((now - started) / 1000).toFixed(1)} s`);
	};
	console.error(`restoring ${file} (${mb(size)}) into ${dataDir()}`);
	const store = openStore();
	try {
		const result = await restoreBackup(store, createReadStream(file, { highWaterMark: 1024 * 1024 }), { onProgress: report });
		console.error(`restored the event "${result.eventId}": ${Object.entries(result.counts).map(([k, n]) => `${count(n)} ${k}`).join(', ')}; server numbers ${result.numbering}${result.replacedDemo ? '; it replaced the unused demo event' : ''}`);
		console.error(`peak memory (RSS): ${mb(process.resourceUsage().maxRSS * 1024)}`);
		console.log(JSON.stringify(result));
		return 0;
	} catch (e) {
		if (isHttpError(e)) {
			console.error(`refused (${e.status}): ${e.body.message}`);
			return 1;
		}
		throw e;
	} finally {
		store.close();
	}
}

process.exitCode = await main();
