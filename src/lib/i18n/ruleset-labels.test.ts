import { describe, expect, it } from 'vitest';
import { piecesLabel, rulebookName, unitLabel } from './ruleset-labels';

const NBSP = '\u00a0';

describe('ruleset labels', () => {
	it('name the rulebooks', () => {
		expect(rulebookName('czjpa', { locale: 'en' })).toBe('CZJPA (Czech)');
		expect(rulebookName('es-torneo', { locale: 'cs' })).toBe('Torneo (španělská pravidla)');
		expect(rulebookName('custom', { locale: 'es' })).toBe('Personalizada');
	});

	it('name the unit and its size', () => {
		expect(unitLabel('individual', { min: 1, max: 1 }, { locale: 'en' })).toBe('individual (1)');
		expect(unitLabel('group', { min: 4, max: 6 }, { locale: 'cs' })).toBe('skupiny (4–6)');
		expect(unitLabel('team', { min: 4, max: 4 }, { locale: 'es' })).toBe('por equipos (4)');
	});

	it('count a single puzzle’s pieces, or a relay’s and its puzzles', () => {
		expect(piecesLabel(500, 1, { locale: 'cs' })).toBe('500');
		expect(piecesLabel(4500, 8, { locale: 'en' })).toBe('4,500 in 8 puzzles');
		expect(piecesLabel(4500, 8, { locale: 'cs' })).toBe(`4${NBSP}500 v 8 puzzle`);
		expect(piecesLabel(4500, 8, { locale: 'es' })).toBe('4500 en 8 puzzles');
	});
});
