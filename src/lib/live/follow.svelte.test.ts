import { describe, expect, it } from 'vitest';
import { Follow, followKey, MAX_PINS } from './follow.svelte';

function memory(): Storage {
	const items = new Map<string, string>();
	return {
		getItem: (k) => items.get(k) ?? null,
		setItem: (k, v) => void items.set(k, v),
		removeItem: (k) => void items.delete(k),
		clear: () => items.clear(),
		key: () => null,
		get length() {
			return items.size;
		}
	};
}

describe('Follow', () => {
	it('pins and unpins names, remembered per event on this phone', () => {
		const store = memory();
		const a = new Follow('e1', () => store);
		a.load();
		expect(a.pinned).toEqual([]);
		a.toggle('x');
		a.toggle('y');
		a.toggle('x');
		expect(a.pinned).toEqual(['y']);
		expect(a.has('y')).toBe(true);
		expect(store.getItem(followKey('e1'))).toBe('["y"]');
		// A reload: the same pins; another event: its own.
		const again = new Follow('e1', () => store);
		again.load();
		expect(again.pinned).toEqual(['y']);
		const other = new Follow('e2', () => store);
		other.load();
		expect(other.pinned).toEqual([]);
	});

	it('survives a storage that refuses or holds nonsense, and keeps at most MAX_PINS', () => {
		const refusing = {
			getItem: () => {
				throw new Error('SecurityError');
			},
			setItem: () => {
				throw new Error('QuotaExceededError');
			}
		};
		const f = new Follow('e1', () => refusing);
		f.load();
		f.toggle('x');
		expect(f.pinned).toEqual(['x']);
		const store = memory();
		store.setItem(followKey('e1'), '{"not":"a list"}');
		const g = new Follow('e1', () => store);
		g.load();
		expect(g.pinned).toEqual([]);
		store.setItem(followKey('e1'), JSON.stringify(['a', 2, 'b']));
		g.load();
		expect(g.pinned).toEqual(['a', 'b']);
		for (let i = 0; i < MAX_PINS + 5; i++) g.toggle(`p${i}`);
		expect(g.pinned).toHaveLength(MAX_PINS);
		expect(g.has(`p${MAX_PINS + 4}`)).toBe(true);
		const none = new Follow('e1', () => null);
		none.load();
		none.toggle('z');
		expect(none.pinned).toEqual(['z']);
	});
});
