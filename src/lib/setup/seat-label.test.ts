import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sameSeatLabel, seatLabel, seatLabelKey } from './seat-label';

describe('a table or seat label as stored and shown (issue 29 #8)', () => {
	it('issue 29 #8: trimmed, NFC, every Unicode space run one plain space, invisible characters gone; a number without leading zeros; the case and the rest as typed', () => {
		expect(seatLabel(' 1 ')).toBe('1');
		expect(seatLabel('01')).toBe('1');
		expect(seatLabel('000')).toBe('0');
		expect(seatLabel('T1')).toBe('T1');
		expect(seatLabel('t1')).toBe('t1');
		expect(seatLabel('T01')).toBe('T01');
		expect(seatLabel('Table\u00a0\u00a02')).toBe('Table 2');
		expect(seatLabel('\u3000B\u2009 7\u202f')).toBe('B 7');
		expect(seatLabel('A\u200b')).toBe('A');
		expect(seatLabel('\ufeff12')).toBe('12');
		expect(seatLabel('Sta\u0301l')).toBe('Stál');
		expect(seatLabel('')).toBe('');
		expect(seatLabel('  ')).toBe('');
	});

	it('issue 29 #8: the labels the app and its fixtures use are unchanged', () => {
		for (const l of ['1', '2', '10', '21', 'A', 'B', 'T1', 'T10', 'Table 2', 'Bohdan', 'Ana']) expect(seatLabel(l)).toBe(l);
	});

	it('issue 29 #8: the display form is a fixed point', () => {
		const text = fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: fc.constantFrom('0', '1', ' ', '\u00a0', '\u200b', 'A', 'a', '\u0410', '\u0301', 'ß', '\uff11') }));
		fc.assert(
			fc.property(text, (s) => {
				expect(seatLabel(seatLabel(s))).toBe(seatLabel(s));
				expect(seatLabelKey(seatLabel(s))).toBe(seatLabelKey(s));
				expect(seatLabelKey(seatLabelKey(s))).toBe(seatLabelKey(s));
			})
		);
	});
});

describe('two labels a person reads as the same are one seat (issue 29 #8)', () => {
	it('issue 29 #8: "1", "1 ", "01" and a full-width "１" are one label', () => {
		expect(sameSeatLabel('1', '1 ')).toBe(true);
		expect(sameSeatLabel('1', '01')).toBe(true);
		expect(sameSeatLabel('1', '\uff11')).toBe(true);
		expect(sameSeatLabel('1', '10')).toBe(false);
		expect(sameSeatLabel('0', '00')).toBe(true);
	});

	it('issue 29 #8: case does not tell labels apart: "T1" and "t1", "A" and "a"', () => {
		expect(sameSeatLabel('T1', 't1')).toBe(true);
		expect(sameSeatLabel('A', 'a')).toBe(true);
		expect(sameSeatLabel('Straße', 'STRASSE')).toBe(true);
		expect(sameSeatLabel('A', 'B')).toBe(false);
	});

	it('issue 29 #8: numbers inside a label lose their leading zeros in the comparison: "T01" is "T1", "A-007" is "a-7"', () => {
		expect(sameSeatLabel('T01', 'T1')).toBe(true);
		expect(sameSeatLabel('A-007', 'a-7')).toBe(true);
		expect(sameSeatLabel('T10', 'T1')).toBe(false);
	});

	it('issue 29 #8: a no-break or other Unicode space is a plain space; spaces are collapsed', () => {
		expect(sameSeatLabel('Table 2', 'Table\u00a02')).toBe(true);
		expect(sameSeatLabel('Table 2', 'Table   2')).toBe(true);
		expect(sameSeatLabel('Table 2', 'Table\u20072')).toBe(true);
		expect(sameSeatLabel('Table 2', 'Table2')).toBe(false);
	});

	it('issue 29 #8: Cyrillic and Greek letters that look like Latin ones are folded: Cyrillic "А", Greek "Α" and Latin "A" are one seat', () => {
		expect(sameSeatLabel('A', '\u0410')).toBe(true); // Cyrillic А
		expect(sameSeatLabel('A', '\u0391')).toBe(true); // Greek Α
		expect(sameSeatLabel('B', '\u0412')).toBe(true); // Cyrillic В
		expect(sameSeatLabel('C1', '\u04211')).toBe(true); // Cyrillic С
		expect(sameSeatLabel('H', '\u041d')).toBe(true); // Cyrillic Н
		expect(sameSeatLabel('P', '\u03a1')).toBe(true); // Greek Ρ
		expect(sameSeatLabel('ABC', '\u0410\u0412\u0421')).toBe(true);
		// Letters with no Latin look-alike stay themselves.
		expect(sameSeatLabel('\u0416', 'X')).toBe(false); // Ж
		expect(seatLabelKey('\u0416')).toBe('\u0436');
	});

	it('issue 29 #8: accents still tell labels apart (Á is not A)', () => {
		expect(sameSeatLabel('\u00c1', 'A')).toBe(false);
		expect(sameSeatLabel('\u00c1', 'A\u0301')).toBe(true);
	});
});
