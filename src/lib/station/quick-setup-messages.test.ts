import { describe, expect, it } from 'vitest';
import { describeQuickSetupProblem, quickSetupNames } from './quick-setup-messages';

describe('describeQuickSetupProblem', () => {
	it('says each problem in each locale', () => {
		expect(describeQuickSetupProblem({ code: 'no-seats' }, { locale: 'cs' })).toBe('Nastavte aspoň jedno místo.');
		expect(describeQuickSetupProblem({ code: 'no-seats' }, { locale: 'es' })).toBe('Configura al menos un puesto.');
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

describe('describeQuickSetupProblem of a control character', () => {
	it('issue 29 #8: says which name holds a character that cannot be shown, in each locale', () => {
		for (const locale of ['cs', 'en', 'es'] as const) {
			const seat = describeQuickSetupProblem({ code: 'seat-name-control', seat: 3 }, { locale });
			const competition = describeQuickSetupProblem({ code: 'competition-name-control' }, { locale });
			const table = describeQuickSetupProblem({ code: 'table-control' }, { locale });
			expect(seat, locale).toContain('3');
			// Each is its own sentence, not the too-long one nor the generic failure.
			const others = [
				describeQuickSetupProblem({ code: 'seat-name-too-long', seat: 3, max: 200 }, { locale }),
				describeQuickSetupProblem({ code: 'competition-name-too-long', max: 200 }, { locale }),
				describeQuickSetupProblem({ code: 'table-too-long', max: 40 }, { locale })
			];
			expect(new Set([seat, competition, table, ...others]).size, locale).toBe(6);
			for (const text of [seat, competition, table]) expect(text, locale).not.toMatch(/station_setup|undefined|\{/);
		}
		expect(describeQuickSetupProblem({ code: 'seat-name-control', seat: 3 }, { locale: 'en' })).toBe(
			'The name for seat 3 holds a character that cannot be shown (a tab, line break or invisible mark): type it again.'
		);
		expect(describeQuickSetupProblem({ code: 'competition-name-control' }, { locale: 'en' })).toBe(
			'The competition name holds a character that cannot be shown (a tab, line break or invisible mark): type it again.'
		);
		expect(describeQuickSetupProblem({ code: 'table-control' }, { locale: 'en' })).toBe(
			'The table name holds a character that cannot be shown (a tab, line break or invisible mark): type it again.'
		);
		expect(describeQuickSetupProblem({ code: 'seat-name-control', seat: 3 }, { locale: 'cs' })).toBe(
			'Jméno na místě 3 obsahuje znak, který nelze zobrazit (tabulátor, konec řádku nebo neviditelnou značku): napište ho znovu.'
		);
		expect(describeQuickSetupProblem({ code: 'seat-name-control', seat: 3 }, { locale: 'es' })).toBe(
			'El nombre del puesto 3 contiene un carácter que no se puede mostrar (un tabulador, un salto de línea o una marca invisible): escríbelo de nuevo.'
		);
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
