import { describe, expect, it, vi } from 'vitest';
import { createPersistRequest, requestPersistentStorage, type PersistentStorage } from './persist';

function storage(options: { persisted?: boolean; grant?: boolean | Error; noPersisted?: boolean }) {
	const s = {
		persist: vi.fn(async () => {
			if (options.grant instanceof Error) throw options.grant;
			return options.grant ?? false;
		}),
		persisted: vi.fn(async () => options.persisted ?? false)
	};
	if (options.noPersisted) return { persist: s.persist, spy: s };
	return { ...s, spy: s };
}

describe('requestPersistentStorage', () => {
	it('answers unsupported without a StorageManager, or without persist()', async () => {
		expect(await createPersistRequest(() => undefined)()).toBe('unsupported');
		expect(await createPersistRequest(() => ({}) as PersistentStorage)()).toBe('unsupported');
	});

	it('answers unsupported here in Node, where navigator.storage does not exist', async () => {
		expect(await requestPersistentStorage()).toBe('unsupported');
	});

	it('does not ask when the storage is already persistent', async () => {
		const s = storage({ persisted: true });
		expect(await createPersistRequest(() => s)()).toBe('persisted');
		expect(s.spy.persist).not.toHaveBeenCalled();
	});

	it('asks, and reports the answer', async () => {
		expect(await createPersistRequest(() => storage({ grant: true }))()).toBe('persisted');
		expect(await createPersistRequest(() => storage({ grant: false }))()).toBe('denied');
		expect(await createPersistRequest(() => storage({ grant: true, noPersisted: true }))()).toBe('persisted');
	});

	it('treats a failing request as denied', async () => {
		expect(await createPersistRequest(() => storage({ grant: new Error('SecurityError') }))()).toBe('denied');
	});

	it('asks only once', async () => {
		const s = storage({ grant: false });
		const getStorage = vi.fn(() => s);
		const request = createPersistRequest(getStorage);
		const [a, b] = await Promise.all([request(), request()]);
		expect(await request()).toBe('denied');
		expect([a, b]).toEqual(['denied', 'denied']);
		expect(getStorage).toHaveBeenCalledTimes(1);
		expect(s.spy.persist).toHaveBeenCalledTimes(1);
	});
});
