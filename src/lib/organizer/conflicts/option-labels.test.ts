import { describe, expect, it } from 'vitest';
import type { ResolutionOption } from '../resolution';
import { optionLabels } from './option-labels';

/** Events named by ID, as event-phrases.ts would. */
const phraseOf = (id: string) => `«${id}»`;

describe('optionLabels', () => {
	it('labels each option in order: keep one and void the others, void, apply', () => {
		const options: ResolutionOption[] = [
			{ kind: 'keep', keep: 'e1', voids: ['e2', 'e3'] },
			{ kind: 'void', voids: ['e4'] },
			{ kind: 'apply', applies: 'e5' }
		];
		expect(optionLabels({ kind: 'double-finish' }, options, phraseOf, { locale: 'en' })).toEqual([
			'Keep «e1», void «e2» and «e3»',
			'Void «e4»',
			'Apply «e5» after all, although the record was agreed and locked'
		]);
	});

	it('a correction kept undoes the others; a late event voided is left out', () => {
		expect(optionLabels({ kind: 'double-correction' }, [{ kind: 'keep', keep: 'c1', voids: ['c2'] }], phraseOf, { locale: 'en' })).toEqual(['Keep «c1», undo «c2»']);
		expect(optionLabels({ kind: 'after-lock' }, [{ kind: 'void', voids: ['late'] }], phraseOf, { locale: 'en' })).toEqual(['Leave «late» out: the agreed record stands']);
	});

	it("joins the voided events in the locale's words", () => {
		const keep: ResolutionOption[] = [{ kind: 'keep', keep: 'e1', voids: ['e2', 'e3', 'e4'] }];
		expect(optionLabels({ kind: 'double-finish' }, keep, phraseOf, { locale: 'es' })).toEqual(['Mantener «e1», anular «e2», «e3» y «e4»']);
		expect(optionLabels({ kind: 'double-finish' }, keep, phraseOf, { locale: 'cs' })[0]).toMatch(/«e2», «e3» a\u00a0«e4»$/);
	});

	it('no options, no labels', () => {
		expect(optionLabels({ kind: 'id-collision' }, [], phraseOf, { locale: 'en' })).toEqual([]);
	});
});
