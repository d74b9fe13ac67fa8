import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The house choice for Spanish: the user is addressed with "tú", never "usted", as Spanish
 * consumer and sports apps do (issue 30 #15). A list of telltale usted forms: the pronoun,
 * the imperatives the catalog would use ("elija", "escriba", "pulse") and their forms with a
 * pronoun attached ("guárdelo", "inténtelo"), the past of the user ("abriera", "escribió usted").
 * Words that are the same in both (an -er verb's "escribe") or that mean something else ("importe",
 * the amount; "entre", between; "toque", a tap) are left out: the list must never hit a "tú" text.
 */
const USTED = [
	'usted',
	'ustedes',
	'abra',
	'añada',
	'arrastre',
	'asigne',
	'cambie',
	'compare',
	'compruebe',
	'configure',
	'conserve',
	'desplace',
	'corrija',
	'elija',
	'empareje',
	'escanee',
	'escriba',
	'espere',
	'guarde',
	'indique',
	'integre',
	'introduzca',
	'pulse',
	'recargue',
	'seleccione',
	'tome',
	'abriera',
	'escribiera',
	'añádalas',
	'anúnciela',
	'cámbielo',
	'confírmelo',
	'corríjala',
	'divídalo',
	'emparéjela',
	'emparéjelo',
	'escríbalo',
	'guárdelo',
	'inscríbala',
	'inténtelo',
	'muéstreselos',
	'revíselo'
];

type Variant = { match: Record<string, string> };

function spanishTexts(): [string, string][] {
	const url = new URL('../../../messages/es.json', import.meta.url);
	const { $schema: _schema, ...messages } = JSON.parse(readFileSync(url, 'utf8')) as Record<string, string | Variant[]>;
	return Object.entries(messages).flatMap(([key, m]) => (typeof m === 'string' ? [[key, m]] : m.flatMap((v) => Object.values(v.match).map((t): [string, string] => [key, t]))));
}

/** A whole word, Spanish letters included (\b knows ASCII only). */
const word = (w: string) => new RegExp(`(?<![\\p{L}])${w}(?![\\p{L}])`, 'iu');

describe('Spanish messages', () => {
	it('address the user with "tú", never "usted" (issue 30 #15)', () => {
		const found = spanishTexts().flatMap(([key, text]) => USTED.filter((w) => word(w).test(text)).map((w) => `${key}: «${w}» in "${text}"`));
		expect(found).toEqual([]);
	});

	it('the check sees an usted form where there is one', () => {
		expect(USTED.filter((w) => word(w).test('Elija un puesto libre y guárdelo.'))).toEqual(['elija', 'guárdelo']);
		expect(USTED.filter((w) => word(w).test('Elige un puesto libre y guárdalo; el importe entre comillas.'))).toEqual([]);
	});
});
