/**
 * Labels and names in the order people count them ("2" before "10", "T2" before "T10", case
 * ignored): Intl.Collator('en', { numeric: true, sensitivity: 'base' }), the one order of every
 * device. A page's first collator costs 25–70 ms on a tablet (ICU loads its collation data), so
 * labels of ASCII letters, digits and spaces, which are most seat and table labels, are compared
 * here the collator's way without it (natural-order.test.ts proves it against the collator), and
 * the collator is made only when a label holds anything else.
 */

let collator: Intl.Collator | null = null;

/** Only ASCII letters, digits and spaces. */
const PLAIN = /^[0-9A-Za-z ]*$/;

/** Primary weight classes of ICU's root order: space, then digits, then letters. */
const SPACE = 0;
const DIGIT = 1;
const LETTER = 2;

function classOf(code: number): number {
	return code === 32 ? SPACE : code <= 57 ? DIGIT : LETTER;
}

/** Compares two digit runs by value (leading zeros do not count, as under numeric collation). */
function compareDigits(a: string, aStart: number, aEnd: number, b: string, bStart: number, bEnd: number): number {
	while (aStart < aEnd - 1 && a.charCodeAt(aStart) === 48) aStart++;
	while (bStart < bEnd - 1 && b.charCodeAt(bStart) === 48) bStart++;
	const lengths = aEnd - aStart - (bEnd - bStart);
	if (lengths !== 0) return lengths < 0 ? -1 : 1;
	for (; aStart < aEnd; aStart++, bStart++) {
		const d = a.charCodeAt(aStart) - b.charCodeAt(bStart);
		if (d !== 0) return d < 0 ? -1 : 1;
	}
	return 0;
}

function runEnd(s: string, i: number): number {
	while (i < s.length && classOf(s.charCodeAt(i)) === DIGIT) i++;
	return i;
}

function comparePlain(a: string, b: string): number {
	let i = 0;
	let j = 0;
	while (i < a.length && j < b.length) {
		const ca = a.charCodeAt(i);
		const cb = b.charCodeAt(j);
		const ka = classOf(ca);
		const kb = classOf(cb);
		if (ka !== kb) return ka < kb ? -1 : 1;
		if (ka === DIGIT) {
			const ea = runEnd(a, i);
			const eb = runEnd(b, j);
			const d = compareDigits(a, i, ea, b, j, eb);
			if (d !== 0) return d;
			i = ea;
			j = eb;
			continue;
		}
		// Letters: case is not a difference at base sensitivity.
		const la = ca | 32;
		const lb = cb | 32;
		if (la !== lb) return la < lb ? -1 : 1;
		i++;
		j++;
	}
	return i < a.length ? 1 : j < b.length ? -1 : 0;
}

/** Negative, zero or positive, as Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare. */
export function naturalCompare(a: string, b: string): number {
	if (PLAIN.test(a) && PLAIN.test(b)) return comparePlain(a, b);
	collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
	return collator.compare(a, b);
}
