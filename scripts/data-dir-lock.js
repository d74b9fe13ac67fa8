// One server per data directory (docs/configuration.md). The lock is SQLite's own: a small
// database `puzzle-judge.lock` beside the store, opened with `locking_mode = EXCLUSIVE` and
// written once, so that its connection keeps an exclusive lock on the file for as long as the
// process lives. The lock is the kernel's (POSIX fcntl): it goes with the process however that
// ends, SIGKILL and power cuts included, so nothing is left to clean up and a new server starts
// at once. A second server's write finds the file locked (SQLITE_BUSY) and refuses to start.
// Who holds it is written beside it (`puzzle-judge.lock.json`: process ID, address, start), only
// to say so: the lock itself is what counts, never that file.
import Database from 'better-sqlite3';
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'puzzle-judge.lock';
export const HOLDER_FILE = 'puzzle-judge.lock.json';

/**
 * @typedef {{ pid: number, startedAt: string, url?: string }} Holder
 * @typedef {{ ok: true, release: () => void } | { ok: false, holder: Holder | null, message: string }} LockResult
 */

/** @param {number} pid */
function alive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (e) {
		// EPERM: it exists, run by another user.
		return /** @type {NodeJS.ErrnoException} */ (e).code === 'EPERM';
	}
}

/** @param {string} dir @returns {Holder | null} */
function readHolder(dir) {
	try {
		const h = JSON.parse(readFileSync(join(dir, HOLDER_FILE), 'utf8'));
		return typeof h?.pid === 'number' && typeof h?.startedAt === 'string' ? h : null;
	} catch {
		return null;
	}
}

/** @param {string} dir @returns {Database.Database | null} the connection holding the lock, or null when another has it */
function tryLock(dir) {
	const db = new Database(join(dir, LOCK_FILE), { timeout: 0 });
	try {
		db.pragma('locking_mode = EXCLUSIVE');
		// The first write takes the exclusive lock; in this locking mode it is never given back.
		db.exec('CREATE TABLE IF NOT EXISTS lock (pid INTEGER NOT NULL)');
		db.prepare('INSERT INTO lock (pid) VALUES (?)').run(process.pid);
		db.exec('DELETE FROM lock WHERE rowid < (SELECT max(rowid) FROM lock)');
		return db;
	} catch (e) {
		db.close();
		if (/** @type {{ code?: string }} */ (e).code?.startsWith('SQLITE_BUSY')) return null;
		throw e;
	}
}

/** @param {string} dir @param {Holder | null} holder */
export function refusal(dir, holder) {
	const who = holder
		? `process ${holder.pid}${holder.url ? `, serving ${holder.url}` : ''}, started ${holder.startedAt}`
		: 'a process that did not say which';
	const stop = holder ? `stop it first (Ctrl+C in its terminal, or: kill ${holder.pid})` : 'stop it first';
	return (
		`Another server is using the data directory ${dir} (${who}). Two servers on one data directory would both write to it: ` +
		`${stop}, or start this one with another DATA_DIR.`
	);
}

/**
 * Takes the data directory's lock for this process. While another live process holds it, the
 * answer is a refusal at once; when its holder is gone but the kernel has not let go yet (a
 * server SIGKILLed a moment ago), it tries again for up to `waitMs`.
 * @param {string} dataDir
 * @param {{ url?: string, waitMs?: number }} [options]
 * @returns {Promise<LockResult>}
 */
export async function lockDataDir(dataDir, options = {}) {
	const dir = resolve(dataDir);
	mkdirSync(dir, { recursive: true });
	const deadline = Date.now() + (options.waitMs ?? 3000);
	for (;;) {
		const db = tryLock(dir);
		if (db) {
			/** @type {Holder} */
			const holder = { pid: process.pid, startedAt: new Date().toISOString(), ...(options.url ? { url: options.url } : {}) };
			writeFileSync(join(dir, HOLDER_FILE), JSON.stringify(holder) + '\n');
			let released = false;
			const release = () => {
				if (released) return;
				released = true;
				const current = readHolder(dir);
				if (current?.pid === process.pid) {
					try {
						unlinkSync(join(dir, HOLDER_FILE));
					} catch {
						// Gone already: nothing to say.
					}
				}
				db.close();
			};
			return { ok: true, release };
		}
		const holder = readHolder(dir);
		if ((holder && alive(holder.pid)) || Date.now() >= deadline) return { ok: false, holder, message: refusal(dir, holder) };
		await new Promise((r) => setTimeout(r, 50));
	}
}
