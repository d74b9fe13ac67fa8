/**
 * One strict-durability IndexedDB transaction that adds `rows` (store name → one record each),
 * created and filled before this function returns: called from a tap's handler, the write is
 * under way before the handler ends, before anything renders. The promise settles when the
 * transaction completes (on disk, durability 'strict') or fails (its error, e.g. a
 * ConstraintError for a taken key: nothing of it is stored).
 *
 * Raw IndexedDB, not Dexie: Dexie issues its requests a few promise turns later, after what the
 * handler's state changes render. Throws at once (nothing written) when the connection is not
 * usable, e.g. closed by a version change: the caller then writes the slower way.
 */
export function addNow(idb: IDBDatabase, rows: Readonly<Record<string, unknown>>): Promise<void> {
	const names = Object.keys(rows);
	const tx = idb.transaction(names, 'readwrite', { durability: 'strict' });
	const done = new Promise<void>((resolve, reject) => {
		tx.oncomplete = () => resolve();
		tx.onabort = () => reject(tx.error ?? new DOMException('The write was aborted', 'AbortError'));
	});
	for (const name of names) tx.objectStore(name).add(rows[name]);
	// Nothing more comes: the transaction need not wait for this task to end to commit.
	tx.commit?.();
	return done;
}
