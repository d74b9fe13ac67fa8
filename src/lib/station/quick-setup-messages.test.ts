import { describe, expect, it } from 'vitest';
import { describeQuickSetupProblem, quickSetupNames } from './quick-setup-messages';

describe('describeQuickSetupProblem', () => {
	it('says each problem in each locale', () => {
		expect(describeQuickSetupProblem({ code: 'no-seats' }, { locale: 'cs' })).toBe('Nastavte aspoň jedno místo.');
		expect(describeQuickSetupProblem({ code: 'no-seats' }, { locale: 'es' })).toBe('Configure al menos un puesto.');
		expect(describeQuickSetupProblem({ code: 'preset' }, { locale: 'en' })).toBe('Choose one of the presets.');
		expect(describeQuickSetupProblem({ code: 'too-many-seats', max: 60 }, { locale: 'cs' })).toBe('Nejvýše 60 míst.');
		expect(describeQuickSetupProblem({ code: 'too-many-seats', max: 3 }, { locale: 'cs' })).toBe('Nejvýše 3 místa.');
		expect(describeQuickSetupProblem({ code: 'too-many-seats', max: 60 }, { locale: 'es' })).toBe('Como máximo 60 puestos.');
		expect(describeQuickSetupProblem({ code: 'seat-name-too-long', seat: 3, max: 200 }, { locale: 'es' })).toBe(
			'El nombre del puesto 3 es demasiado largo (máximo 200 caracteres).'
		);
		expect(describeQuickSetupProblem({ code: 'competition-name-too-long', max: 200 }, { locale: 'cs' })).toBe('Název soutěže je příliš dlouhý (nejvýše 200 znaků).');
		expect(describeQuickSetupProblem({ code: 'table-too-long', max: 40 }, { locale: 'en' })).toBe('The table name is too long (at most 40 characters).');
		expect(describeQuickSetupProblem({ code: 'other', path: 'day', message: 'Invalid date' }, { locale: 'cs' })).toBe('Rozběh se nepodařilo nastavit (day: Invalid date).');
	});
});

describe('quickSetupNames', () => {
	it('names the competition after the preset and the heat, in the locale', () => {
		expect(quickSetupNames('czjpa-individual', { locale: 'cs' })).toMatchObject({ competition: 'CZJPA jednotlivci (500 dílků, 90 min)', heat: 'Rozběh 1' });
		expect(quickSetupNames('es-adult-group', { locale: 'es' })).toMatchObject({ competition: 'Grupo adulto 4–6, 18+ (500 piezas, 2 h)', heat: 'Turno 1' });
		expect(quickSetupNames('czjpa-individual', { locale: 'en' })).toMatchObject({ competition: 'CZJPA individual (500 pieces, 90 min)', heat: 'Heat 1' });
		expect(quickSetupNames('nope', { locale: 'cs' })).not.toHaveProperty('competition');
		expect(quickSetupNames('czjpa-team-relay', { locale: 'cs' }).member?.(3)).toBe('Člen 3');
		expect(quickSetupNames('czjpa-team-relay', { locale: 'es' }).member?.(1)).toBe('Miembro 1');
	});
});
