import { describe, expect, it } from 'vitest';
import { JUDGE_KEY } from './judge-name';
import { StationJudge } from './judge.svelte';

function memoryStorage(initial: Record<string, string> = {}): Storage {
	const items = new Map(Object.entries(initial));
	return {
		get length() {
			return items.size;
		},
		key: (i: number) => [...items.keys()][i] ?? null,
		clear: () => items.clear(),
		getItem: (k: string) => items.get(k) ?? null,
		setItem: (k: string, v: string) => void items.set(k, v),
		removeItem: (k: string) => void items.delete(k)
	};
}

/** A storage event as another tab's change makes it (StorageEvent is not in Node). */
function storageEvent(key: string | null, newValue: string | null): Event {
	return Object.assign(new Event('storage'), { key, newValue });
}

describe('StationJudge', () => {
	it('has no name on a blank tablet, and remembers the one given', () => {
		const storage = memoryStorage();
		const judge = new StationJudge();
		judge.connect(storage, new EventTarget());
		expect(judge.name).toBeNull();
		expect(judge.set('  Eva  Nováková ')).toBe('Eva Nováková');
		expect(storage.getItem(JUDGE_KEY)).toBe('Eva Nováková');

		const afterReload = new StationJudge();
		afterReload.connect(storage, new EventTarget());
		expect(afterReload.name).toBe('Eva Nováková');
	});

	it('forgets the name when it is blanked', () => {
		const storage = memoryStorage({ [JUDGE_KEY]: 'Eva' });
		const judge = new StationJudge();
		judge.connect(storage, new EventTarget());
		expect(judge.set('   ')).toBeNull();
		expect(storage.getItem(JUDGE_KEY)).toBeNull();
	});

	it("follows another tab's change until it stops", () => {
		const target = new EventTarget();
		const judge = new StationJudge();
		const stop = judge.connect(memoryStorage({ [JUDGE_KEY]: 'Eva' }), target);
		target.dispatchEvent(storageEvent('something-else', 'x'));
		expect(judge.name).toBe('Eva');
		target.dispatchEvent(storageEvent(JUDGE_KEY, 'Marta'));
		expect(judge.name).toBe('Marta');
		target.dispatchEvent(storageEvent(JUDGE_KEY, null));
		expect(judge.name).toBeNull();
		stop();
		target.dispatchEvent(storageEvent(JUDGE_KEY, 'Pilar'));
		expect(judge.name).toBeNull();
	});
});
