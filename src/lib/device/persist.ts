// Persistent storage: without it the browser may evict IndexedDB (the station's event log) when
// the device runs low on space. Chrome grants it silently to installed apps and sites with
// engagement; Firefox asks the user; Safari ignores it. Requires a secure context.

/** 'persisted': the data stays until the user clears it; 'denied': the browser may evict it;
 * 'unsupported': no StorageManager.persist (old browser, insecure context, server side). */
export type PersistResult = 'persisted' | 'denied' | 'unsupported';

/** The part of `navigator.storage` (StorageManager) used here. */
export interface PersistentStorage {
	persist?: () => Promise<boolean>;
	persisted?: () => Promise<boolean>;
}

/** A function that asks for persistent storage on its first call only and then returns the
 * same answer (so Firefox does not prompt twice). `getStorage` is read at the first call. */
export function createPersistRequest(getStorage: () => PersistentStorage | undefined): () => Promise<PersistResult> {
	let result: Promise<PersistResult> | null = null;
	return () => (result ??= request(getStorage()));
}

async function request(storage: PersistentStorage | undefined): Promise<PersistResult> {
	if (!storage || typeof storage.persist !== 'function') return 'unsupported';
	try {
		// Already granted: no need to ask (asking may show a prompt).
		if (typeof storage.persisted === 'function' && (await storage.persisted())) return 'persisted';
		return (await storage.persist()) ? 'persisted' : 'denied';
	} catch {
		return 'denied';
	}
}

/** Ask once per page load: `await requestPersistentStorage()`. */
export const requestPersistentStorage = createPersistRequest(() =>
	typeof navigator === 'undefined' ? undefined : (navigator.storage as PersistentStorage | undefined)
);
