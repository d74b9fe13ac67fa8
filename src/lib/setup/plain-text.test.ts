import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { describeIssues, validate } from '$lib/validation';
import { controlCharacterIn, plainText } from './plain-text';

describe('names hold no control characters (issue 29 #8)', () => {
	it('issue 29 #8: finds NUL, the other C0 controls, DEL, the C1 controls, the line and paragraph separators and the bidi controls', () => {
		const refused = [
			'\u0000', '\u0001', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f',
			'\u2028', '\u2029', '\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'
		];
		for (const c of refused) expect(controlCharacterIn(`Jan${c}Novák`), `U+${c.codePointAt(0)!.toString(16)}`).toEqual({ codePoint: `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, position: 4 });
	});

	it('issue 29 #8: letters of every script, accents, spaces (also no-break), punctuation and emoji are plain text', () => {
		for (const name of ['Kateřina Nováková', 'Íñigo Peña', 'Ольга', 'Ελένη', 'محمد', 'שָׁלוֹם', '李小龍', 'Team\u00a0Rocket', "O'Brien-Smith, Jr.", '👨‍👩‍👧 Family', 'नमस्ते'])
			expect(controlCharacterIn(name), name).toBeNull();
	});

	it('issue 29 #8: as a zod check, the issue names the field and the character', () => {
		const Schema = z.object({ people: z.array(z.object({ name: z.string().check(plainText()) })) });
		const r = validate(Schema, { people: [{ name: 'Ann' }, { name: 'Bob\u0000' }] });
		expect(r.ok).toBe(false);
		if (r.ok) return;
		expect(describeIssues(r.issues)).toBe('people[1].name: a control character (U+0000 at character 4) is not allowed in a name');
	});
});
