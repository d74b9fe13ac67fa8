import { describe, expect, it } from 'vitest';
import { PRESETS } from '$lib/rules/presets';
import { LOCALES } from './locales';
import { presetName, TRANSLATED_PRESET_IDS } from './preset-names';

/** The numbers in a name, in order of size: what a translation must keep. */
function numbers(name: string): number[] {
	return [...name.matchAll(/\d+/g)].map((x) => Number(x[0])).sort((a, b) => a - b);
}

describe('presetName', () => {
	it('has a name in every locale for every preset, and for nothing else', () => {
		expect([...TRANSLATED_PRESET_IDS].sort()).toEqual(PRESETS.map((p) => p.id).sort());
	});

	it('is the preset’s own name in English', () => {
		for (const p of PRESETS) expect(presetName(p, { locale: 'en' }), p.id).toBe(p.name);
	});

	it('keeps the preset’s numbers (pieces, sizes, ages, hours) in every locale, in words of its own', () => {
		for (const p of PRESETS)
			for (const locale of LOCALES) {
				const name = presetName(p, { locale });
				expect(numbers(name), `${locale} ${p.id}`).toEqual(numbers(p.name));
				if (locale !== 'en') expect(name, `${locale} ${p.id}`).not.toBe(p.name);
			}
	});

	it('says the presets in Czech and Spanish', () => {
		const byId = (id: string) => PRESETS.find((p) => p.id === id)!;
		expect(presetName(byId('czjpa-individual'), { locale: 'cs' })).toBe('CZJPA jednotlivci (500 dílků, 90 min)');
		expect(presetName(byId('es-adult-individual'), { locale: 'es' })).toBe('Individual adultos 18+ (200 piezas, 2 h)');
		expect(presetName(byId('es-kids-pairs-9-10'), { locale: 'cs' })).toBe('Dětské dvojice 9–10 let (50 dílků, 1 h)');
	});

	it('leaves any other ruleset its own name', () => {
		expect(presetName({ id: 'club-night', name: 'Club night (300 pieces)' }, { locale: 'cs' })).toBe('Club night (300 pieces)');
		expect(presetName({ id: 'toString', name: 'Odd ID' }, { locale: 'es' })).toBe('Odd ID');
	});

	it('follows the current locale when none is given (English outside a browser)', () => {
		expect(presetName(PRESETS[0]!)).toBe(PRESETS[0]!.name);
	});
});
