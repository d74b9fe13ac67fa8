import { resolve } from 'node:path';
import { seedDemo } from './demo';
import { GroupCommit } from './group-commit';
import { IdleCheckpoint } from './idle-checkpoint';
import { Store } from './store';

/**
 * The server's one store, opened on first use (never at import, so that building and
 * prerendering do not touch the database). The data directory comes from DATA_DIR
 * (default ./data, relative to the working directory).
 */

export function dataDir(): string {
	return resolve(process.env.DATA_DIR || './data');
}

/** Opens the store in `dir` and inserts the demo event if it holds no events yet. */
export function openStore(dir: string = dataDir()): Store {
	const store = Store.open(dir);
	try {
		seedDemo(store);
	} catch (e) {
		store.close();
		throw e;
	}
	return store;
}

let store: Store | undefined;
let groupCommit: GroupCommit | undefined;
let checkpoint: IdleCheckpoint | undefined;

/**
 * The store's group commit: pushes that arrive together share one transaction (group-commit.ts),
 * and the log is checkpointed when they pause (idle-checkpoint.ts).
 */
export function getGroupCommit(): GroupCommit {
	const s = getStore();
	if (!groupCommit) {
		const idle = (checkpoint = new IdleCheckpoint(s));
		groupCommit = new GroupCommit(s, 0, () => idle.wrote());
	}
	return groupCommit;
}

export function getStore(): Store {
	if (!store) {
		store = openStore();
		// adapter-node emits this after the HTTP server has closed (SIGINT/SIGTERM).
		process.once('sveltekit:shutdown', closeStore);
	}
	return store;
}

export function closeStore(): void {
	checkpoint?.stop();
	checkpoint = undefined;
	store?.close();
	store = undefined;
	groupCommit = undefined;
}
