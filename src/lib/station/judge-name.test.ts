import { describe, expect, it } from 'vitest';
import { JudgeEventSchema } from '$lib/events/schema';
import { cleanJudgeName, JUDGE_KEY, JUDGE_NAME_MAX, loadJudgeName, saveJudgeName } from './judge-name';

function memoryStorage(initial: Record<string, string> = {}) {
	const items = new Map(Object.entries(initial));
	return {
		items,
		getItem: (k: string) => items.get(k) ?? null,
		setItem: (k: string, v: string) => void items.set(k, v),
		removeItem: (k: string) => void items.delete(k)
	};
}

const event = (judge: string) => ({
	id: 'e1',
	deviceId: 'tab-1',
	seq: 1,
	at: 1,
	mono: 1,
	judge,
	competitionId: 'c1',
	heatId: 'h1',
	entryId: null,
	type: 'incident.noted',
	payload: { note: 'n' }
});

describe('cleanJudgeName', () => {
	it('trims the name and makes runs of white space one space', () => {
		expect(cleanJudgeName('  Eva   Nováková \n')).toBe('Eva Nováková');
	});

	it('gives no name for nothing, blanks or white space: a name is never made up', () => {
		for (const typed of [null, undefined, '', '   ', '\n\t']) expect(cleanJudgeName(typed)).toBeNull();
	});

	it('keeps a name an event can carry: at most JUDGE_NAME_MAX characters, as the event schema allows', () => {
		const long = cleanJudgeName('x'.repeat(JUDGE_NAME_MAX + 30))!;
		expect(long).toHaveLength(JUDGE_NAME_MAX);
		expect(JudgeEventSchema.safeParse(event(long)).success).toBe(true);
		expect(JudgeEventSchema.safeParse(event(`${long}x`)).success).toBe(false);
	});
});

describe('loadJudgeName and saveJudgeName', () => {
	it('remember the cleaned name, and forget it when it is blanked', () => {
		const storage = memoryStorage();
		expect(loadJudgeName(storage)).toBeNull();
		expect(saveJudgeName(storage, ' Eva ')).toBe('Eva');
		expect(storage.items.get(JUDGE_KEY)).toBe('Eva');
		expect(loadJudgeName(storage)).toBe('Eva');
		expect(saveJudgeName(storage, '  ')).toBeNull();
		expect(storage.items.has(JUDGE_KEY)).toBe(false);
		expect(loadJudgeName(storage)).toBeNull();
	});

	it('read a blank stored name as none', () => {
		expect(loadJudgeName(memoryStorage({ [JUDGE_KEY]: '   ' }))).toBeNull();
	});

	it('survive a storage that throws: nothing read, the name still given back', () => {
		const broken = {
			getItem: () => {
				throw new Error('blocked');
			},
			setItem: () => {
				throw new Error('full');
			},
			removeItem: () => {
				throw new Error('blocked');
			}
		};
		expect(loadJudgeName(broken)).toBeNull();
		expect(saveJudgeName(broken, 'Eva')).toBe('Eva');
	});
});
