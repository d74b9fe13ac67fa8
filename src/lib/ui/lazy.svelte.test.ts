import { describe, expect, it } from 'vitest';
import { Lazy, lazyComponent } from './lazy.svelte';

/** A load that the test settles by hand, counting its calls. */
function pendingLoad<C>() {
	const calls: { resolve: (m: { default: C }) => void; reject: (e: unknown) => void }[] = [];
	const load = () => new Promise<{ default: C }>((resolve, reject) => calls.push({ resolve, reject }));
	return { calls, load };
}

const settled = () => new Promise((r) => setTimeout(r, 0));

describe('code loaded when first wanted', () => {
	it('loads nothing until wanted, then once however often it is wanted', async () => {
		const { calls, load } = pendingLoad<string>();
		const lazy = lazyComponent(load);
		expect(calls).toHaveLength(0);
		expect(lazy.current).toBeNull();
		lazy.want();
		lazy.want();
		expect(calls).toHaveLength(1);
		calls[0]!.resolve({ default: 'Grid' });
		await settled();
		expect(lazy.current).toBe('Grid');
		lazy.want();
		expect(calls).toHaveLength(1);
	});

	it('says why it could not load, and tries again when wanted again', async () => {
		const { calls, load } = pendingLoad<string>();
		const lazy = lazyComponent(load);
		lazy.want();
		calls[0]!.reject(new Error('Failed to fetch dynamically imported module'));
		await settled();
		expect(lazy.current).toBeNull();
		expect(lazy.error).toBe('Failed to fetch dynamically imported module');
		lazy.want();
		expect(lazy.error).toBeNull();
		expect(calls).toHaveLength(2);
		calls[1]!.resolve({ default: 'Grid' });
		await settled();
		expect(lazy.current).toBe('Grid');
	});

	it('holds what any load gives, not only a module\u2019s default', async () => {
		const lazy = new Lazy(() => Promise.all([Promise.resolve('tree'), Promise.resolve('cards')]));
		lazy.want();
		await settled();
		expect(lazy.current).toEqual(['tree', 'cards']);
	});
});
