/**
 * Table and seat labels (issue 29 #8): two seats that a person reads as the same are one seat.
 *
 * A label is stored and shown in its display form (`seatLabel`): as typed — "T1" stays "T1",
 * "t1" stays "t1" — but trimmed, in Unicode NFC, without invisible characters (soft hyphen,
 * zero-width space, word joiner, byte order mark), every run of spaces (no-break, narrow,
 * en, em, ideographic … spaces too) one plain space, and a label that is only a number
 * without its leading zeros ("01" is "1"). The set-up schemas (src/lib/setup/schema.ts) apply
 * it once at every boundary: the organizer's writes, a tablet's quick set-up, imported files,
 * restores.
 *
 * Labels are compared by their key (`seatLabelKey`), which further:
 * - applies NFKC (a full-width "１" is "1", "Ａ" is "A"),
 * - drops the zero-width joiners and variation selectors,
 * - folds case ("T1" is "t1", "ß" is "ss"),
 * - folds the Cyrillic and Greek letters whose capital looks like a Latin capital onto that
 *   Latin letter (Cyrillic "А", Greek "Α" and Latin "A" are one seat). Chosen over refusing a
 *   label that mixes scripts: a label all in Cyrillic ("А") mixes nothing and still reads as
 *   Latin "A". Letters without a Latin look-alike (Ж, Ш, Π …) stay themselves; accents still
 *   tell labels apart ("Á" is not "A"),
 * - drops the leading zeros of every number in the label ("T01" is "T1", "A-007" is "a-7").
 * Spaces still count ("Table 2" is not "Table2"), and so do digits that look like letters
 * ("0" is not "O").
 */

/** Never meant to be seen: soft hyphen, Mongolian vowel separator, zero-width space, word joiner, byte order mark. */
const INVISIBLE = /[\u00AD\u180E\u200B\u2060\uFEFF]/g;
/** Also ignored in the comparison: zero-width non-joiner and joiner, variation selectors. */
const IGNORABLE = /[\u00AD\u180E\u200B-\u200D\u2060\uFEFF\uFE00-\uFE0F]/g;
const SPACES = /\s+/g;
const NUMBER = /^[0-9]+$/;

/** The label as stored and shown (see above); '' for a blank one. */
export function seatLabel(raw: string): string {
	const s = raw.replace(INVISIBLE, '').replace(SPACES, ' ').trim().normalize('NFC');
	return NUMBER.test(s) ? withoutLeadingZeros(s) : s;
}

/** What two labels are compared by: equal keys, one seat (see above). */
export function seatLabelKey(raw: string): string {
	const folded = seatLabel(raw).normalize('NFKC').replace(IGNORABLE, '').replace(SPACES, ' ').trim().toUpperCase().toLowerCase();
	const latin = [...folded.normalize('NFD')].map((c) => LOOK_ALIKES[c] ?? c).join('');
	return latin.normalize('NFC').replace(/[0-9]+/g, withoutLeadingZeros);
}

/** Whether two labels name one table or one seat. */
export function sameSeatLabel(a: string, b: string): boolean {
	return seatLabelKey(a) === seatLabelKey(b);
}

function withoutLeadingZeros(digits: string): string {
	return digits.replace(/^0+(?=[0-9])/, '');
}

/**
 * Lower-case Cyrillic and Greek letters whose capital (or the letter itself) looks like a
 * Latin letter, and that letter; the key is case-folded first, so the capitals fold too.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
	// Cyrillic
	а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
	і: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ӏ: 'l', ԛ: 'q', ԝ: 'w', ү: 'y', һ: 'h', ѵ: 'v',
	// Greek
	α: 'a', β: 'b', ε: 'e', ζ: 'z', η: 'h', ι: 'i', κ: 'k', μ: 'm', ν: 'n', ο: 'o', ρ: 'p', τ: 't', υ: 'y', χ: 'x', ϳ: 'j', ϲ: 'c'
};
