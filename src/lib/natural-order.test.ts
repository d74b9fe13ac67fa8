import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { naturalCompare } from './natural-order';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const sign = (n: number) => Math.sign(n);

/** Strings of the plain labels' alphabet, with digit runs, leading zeros and spaces likely. */
const plain = fc.string({ unit: fc.constantFrom(...'0012 99aAzZTtk '.split('')), maxLength: 8 });
/** Long digit runs, beyond a double's exact range. */
const digits = fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: 1, maxLength: 30 });

describe('naturalCompare', () => {
	it('orders plain labels as the collator does', () => {
		fc.assert(fc.property(plain, plain, (a, b) => sign(naturalCompare(a, b)) === sign(collator.compare(a, b))), { numRuns: 5000 });
	});

	it('orders long numbers as the collator does', () => {
		fc.assert(fc.property(digits, digits, (a, b) => sign(naturalCompare(a, b)) === sign(collator.compare(a, b))), { numRuns: 2000 });
	});

	it('orders any other text by the collator', () => {
		const text = fc.string({ unit: fc.constantFrom(...'aáAÁčČ1 -_.ěz'.split('')), maxLength: 6 });
		fc.assert(fc.property(text, text, (a, b) => sign(naturalCompare(a, b)) === sign(collator.compare(a, b))), { numRuns: 2000 });
	});

	it('puts 2 before 10, T2 before T10, and ignores case and leading zeros', () => {
		const sorted = ['T10', '10', 't2', '2', 'Table 1', 'b', 'A'].sort(naturalCompare);
		expect(sorted).toEqual(['2', '10', 'A', 'b', 't2', 'T10', 'Table 1']);
		expect(naturalCompare('007', '7')).toBe(0);
		expect(naturalCompare('Stůl 2', 'Stůl 10')).toBeLessThan(0);
	});
});
