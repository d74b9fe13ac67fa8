import { describe, expect, it } from 'vitest';
import { CHOICE_KEY, checkSelection, loadChoice, saveChoice } from './remembered-choice';

function memory(initial: Record<string, string> = {}) {
	const items = new Map(Object.entries(initial));
	return {
		items,
		getItem: (k: string) => items.get(k) ?? null,
		setItem: (k: string, v: string) => void items.set(k, v)
	};
}

describe('the remembered choice', () => {
	it('comes back as it was saved, the "other" event and "all seats" (null) included', () => {
		const s = memory();
		saveChoice(s, { event: null, competition: 'q-abcd1234', heat: 'q-abcd1234-h1', table: null });
		expect(loadChoice(s)).toEqual({ event: null, competition: 'q-abcd1234', heat: 'q-abcd1234-h1', table: null });
		saveChoice(s, { event: 'spring', at: 'competition' });
		expect(loadChoice(s)).toEqual({ event: 'spring', at: 'competition' });
		expect(JSON.parse(s.items.get(CHOICE_KEY)!)).toEqual({ event: 'spring', at: 'competition' });
	});

	it('is no choice when nothing, or something unreadable, is stored', () => {
		expect(loadChoice(memory())).toEqual({});
		expect(loadChoice(memory({ [CHOICE_KEY]: '{not json' }))).toEqual({});
		expect(loadChoice(memory({ [CHOICE_KEY]: JSON.stringify({ heat: 'bad id!' }) }))).toEqual({});
		expect(loadChoice(memory({ [CHOICE_KEY]: JSON.stringify({ at: 'seat' }) }))).toEqual({});
		expect(loadChoice(memory({ [CHOICE_KEY]: '42' }))).toEqual({});
	});

	it('keeps only the choice’s fields, and refuses a bad one whole', () => {
		expect(checkSelection({ event: 'spring', heat: 'h1', extra: 1 })).toEqual({ event: 'spring', heat: 'h1' });
		expect(checkSelection({ table: 't'.repeat(40) })).toEqual({ table: 't'.repeat(40) });
		expect(checkSelection({ table: 't'.repeat(41) })).toBeNull();
		expect(checkSelection({ competition: null })).toBeNull();
		expect(checkSelection({ event: 'spring', heat: '-h1' })).toBeNull();
		expect(checkSelection([])).toBeNull();
		expect(checkSelection(null)).toBeNull();
		const s = memory();
		saveChoice(s, { event: 'spring', heat: 'bad id!' });
		expect(s.items.has(CHOICE_KEY)).toBe(false);
	});

	it('a storage that refuses to write costs nothing but the memory', () => {
		const full = {
			getItem: () => null,
			setItem: () => {
				throw new DOMException('full', 'QuotaExceededError');
			}
		};
		expect(() => saveChoice(full, { event: 'spring' })).not.toThrow();
	});
});
