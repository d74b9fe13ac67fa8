import { z } from 'zod/mini';

/**
 * Names are one line of plain text (issue 29 #8): people's, teams', entries', competitions',
 * heats' and events' names and table and seat labels hold no control characters. Refused: the
 * C0 controls (NUL, tab, line feed, carriage return, escape …), DEL and the C1 controls, the
 * Unicode line and paragraph separators (U+2028, U+2029), and the bidirectional controls — the
 * Arabic letter mark, the left-to-right and right-to-left marks, embeddings, overrides and
 * isolates (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) — which make a name show
 * in another order than it is stored (a printed list, a results page, a CSV in a spreadsheet).
 * Letters of any script, accents, spaces (no-break ones too), the zero-width joiners of emoji
 * and Indic scripts and every other printable character stay allowed.
 */
/**
 * The characters refused (above), as ranges of code points, first and last included: the one
 * list that the check below and the store's clean-up of older data (src/lib/server/plain-text-migration.ts)
 * are made from.
 */
export const REFUSED_RANGES: readonly (readonly [first: number, last: number])[] = [
	[0x0000, 0x001f], // C0 controls
	[0x007f, 0x009f], // DEL, C1 controls
	[0x2028, 0x2029], // line and paragraph separators
	[0x061c, 0x061c], // Arabic letter mark
	[0x200e, 0x200f], // left-to-right and right-to-left marks
	[0x202a, 0x202e], // embeddings and overrides
	[0x2066, 0x2069] // isolates
];
const u = (n: number) => `\\u${n.toString(16).padStart(4, '0')}`;
const CONTROL = new RegExp(`[${REFUSED_RANGES.map(([a, b]) => (a === b ? u(a) : `${u(a)}-${u(b)}`)).join('')}]`);

/** The first control character in `text` (its code point as "U+0000" and its 1-based position), or null. */
export function controlCharacterIn(text: string): { codePoint: string; position: number } | null {
	const m = CONTROL.exec(text);
	if (!m) return null;
	return { codePoint: `U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`, position: [...text.slice(0, m.index)].length + 1 };
}

/**
 * A zod check for a name (or, `what`, a label): refused with the control character and where it
 * is (counted in characters, not UTF-16 units), so that a 400 (describeIssues) reads
 * "entries[3].name: a control character (U+0000 at character 4) is not allowed in a name".
 * Put it first in the field's checks, before a trim: a name is refused for a line break at its
 * end as for one inside it.
 */
export function plainText(what = 'a name') {
	return z.superRefine<string>((text, ctx) => {
		const found = controlCharacterIn(text);
		if (found) ctx.addIssue({ code: 'custom', message: `a control character (${found.codePoint} at character ${found.position}) is not allowed in ${what}`, input: text });
	});
}
