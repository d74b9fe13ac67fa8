import { describe, expect, it } from 'vitest';
import { presetById, PRESETS } from '$lib/rules/presets';
import { competitionWords, durationWords } from './competition-words';

const preset = (id: string) => presetById(id)!;

describe('a competition in plain words', () => {
	it('CZ-IND-CAP: the CZJPA individual reads "500 pieces, 90 minutes, at most 80 competitors, 400 CZK" in en, cs and es', () => {
		const r = preset('czjpa-individual');
		expect(competitionWords(r, { locale: 'en' })).toBe('500 pieces, 90 minutes, at most 80 competitors, 400 CZK, under 16 with an adult');
		expect(competitionWords(r, { locale: 'cs' })).toBe('500 dílků, 90 minut, nejvýše 80 soutěžících, 400 CZK, mladší 16 let s doprovodem dospělého');
		expect(competitionWords(r, { locale: 'es' })).toBe('500 piezas, 90 minutos, como máximo 80 participantes, 400 CZK, menores de 16 con un adulto');
	});

	it('CZ-TEAM-CAP, CZ-TEAM-DRAW: the team relay: its puzzles stage by stage, 5 hours, 20 entries, 800 CZK per person, teams of 4 drawn from people who register alone', () => {
		const r = preset('czjpa-team-relay');
		expect(competitionWords(r, { locale: 'en' })).toBe(
			'4 × 500 + 2 × 500 + 500 + 1,000 pieces, 5 hours, at most 20 entries, 800 CZK per person, teams of 4 drawn from people who register alone, under 16 with an adult'
		);
		expect(competitionWords(r, { locale: 'cs' })).toContain('5 hodin, nejvýše 20 přihlášek, 800 CZK za osobu, týmy po 4 vylosované z jednotlivě přihlášených');
		expect(competitionWords(r, { locale: 'es' })).toContain('equipos de 4 sorteados entre quienes se inscriben solos');
		expect(competitionWords({ ...r, unit: { ...r.unit, drawn: false } }, { locale: 'en' })).toContain('800 CZK per person, teams of 4, under 16');
	});

	it('ES-CAT, ES-FEE: Spanish categories say their ages, composition and fee paid at check-in', () => {
		expect(competitionWords(preset('es-kids-pairs-5-7'), { locale: 'en' })).toBe('20 pieces, 1 hour, no limit on numbers, free, pairs, ages 5–7');
		expect(competitionWords(preset('es-adult-individual'), { locale: 'es' })).toBe('200 piezas, 2 horas, sin límite de plazas, 1 EUR, se paga en la acreditación, edades 18+');
		expect(competitionWords(preset('es-family-group'), { locale: 'en' })).toBe(
			'300 pieces, 2 hours, no limit on numbers, 5 EUR per entry, paid at check-in, groups of 6–8, at least 2 aged 5–14'
		);
		expect(competitionWords(preset('es-family-group'), { locale: 'cs' })).toContain('5 EUR za přihlášku, platí se při prezenci, skupiny po 6–8');
	});

	it('every preset has a summary in every language, with its pieces and time limit', () => {
		for (const r of PRESETS)
			for (const locale of ['en', 'cs', 'es'] as const) {
				const words = competitionWords(r, { locale });
				expect(words, `${r.id} ${locale}`).toMatch(/^\S.*\d/);
				expect(words).toContain(durationWords(r.timeLimitMs, { locale }));
			}
	});

	it('durations: whole hours in hours, anything else in minutes, with the plural of each language', () => {
		expect(durationWords(90 * 60_000, { locale: 'en' })).toBe('90 minutes');
		expect(durationWords(60_000, { locale: 'en' })).toBe('1 minute');
		expect(durationWords(2 * 3_600_000, { locale: 'cs' })).toBe('2 hodiny');
		expect(durationWords(5 * 3_600_000, { locale: 'cs' })).toBe('5 hodin');
		expect(durationWords(3 * 60_000, { locale: 'cs' })).toBe('3 minuty');
		expect(durationWords(1 * 3_600_000, { locale: 'es' })).toBe('1 hora');
	});
});
