import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { checkRegistration, checkUnit } from '$lib/rules/registration';
import { unitProblemWords } from './unit-problem-words';

const DAY = '2026-05-16';
const born = (age: number) => `${2026 - age}-01-01`;
const preset = (id: string) => presetById(id)!;
const words = (problems: ReturnType<typeof checkUnit>, locale: 'en' | 'cs' | 'es') => problems.map((p) => unitProblemWords(p, { locale }));

describe('unit problems in the UI language', () => {
	const family = (kids: number, adults: number) => [
		...Array.from({ length: kids }, (_, i) => ({ name: `Kid ${i + 1}`, birthDate: born(8) })),
		...Array.from({ length: adults }, (_, i) => ({ name: `Adult ${i + 1}`, birthDate: born(40) }))
	];

	it('ES-CAT: a family group with one child: "needs at least 2 children, has 1" in en, cs and es', () => {
		const problems = checkUnit(preset('es-family-group'), family(1, 5), DAY);
		expect(words(problems, 'en')).toEqual(['needs at least 2 children (ages 5–14), has 1']);
		expect(words(problems, 'cs')).toEqual(['potřebuje alespoň 2 děti (věk 5–14), má 1']);
		expect(words(problems, 'es')).toEqual(['necesita al menos 2 niños (edades 5–14), tiene 1']);
	});

	it('CZ-TEAM-DRAW: two people in one registration for the drawn relay: everyone registers alone', () => {
		const two = checkRegistration(preset('czjpa-team-relay'), [{ name: 'Eva', birthDate: born(30) }, { name: 'Jan', birthDate: born(40) }], DAY);
		expect(words(two, 'en')).toEqual(['everyone registers alone (the units of 4 are drawn), has 2']);
		expect(words(two, 'cs')).toEqual(['každý se přihlašuje sám (jednotky po 4 se losují), přihláška má 2']);
		expect(words(two, 'es')).toEqual(['cada persona se inscribe sola (las unidades de 4 se sortean), tiene 2']);
	});

	it('ES-CAT: a group of the wrong size and a member of the wrong age', () => {
		const size = checkUnit(preset('es-family-group'), family(2, 3), DAY);
		expect(words(size, 'en')).toEqual(['needs 6–8 members, has 5']);
		expect(words(size, 'cs')).toEqual(['počet členů má být 6–8, je 5']);
		expect(words(size, 'es')).toEqual(['necesita 6–8 miembros, tiene 5']);
		const age = checkUnit(preset('es-kids-pairs-5-7'), [{ name: 'Lía', birthDate: born(6) }, { name: 'Hugo', birthDate: born(9) }], DAY);
		expect(words(age, 'en')).toEqual(['Hugo is 9: the category takes ages 5–7']);
		expect(words(age, 'cs')).toEqual(['Hugo: věk 9, kategorie je pro věk 5–7']);
		expect(words(age, 'es')).toEqual(['Hugo tiene 9 años: la categoría es para edades 5–7']);
		const adults = checkUnit(preset('es-adult-individual'), [{ name: 'Ana', birthDate: born(17) }], DAY);
		expect(words(adults, 'en')).toEqual(['Ana is 17: the category takes ages 18+']);
	});

	it('CZ-GEN-AGE: under 16 without an accompanying adult; a date of birth missing', () => {
		const young = checkUnit(preset('czjpa-individual'), [{ name: 'Eva', birthDate: born(14) }], DAY);
		expect(words(young, 'en')).toEqual(['Eva is under 16: an accompanying adult is required']);
		expect(words(young, 'cs')).toEqual(['Eva je mladší 16 let: potřebuje doprovod dospělé osoby']);
		expect(words(young, 'es')).toEqual(['Eva tiene menos de 16 años: necesita un adulto acompañante']);
		const unknown = checkUnit(preset('czjpa-individual'), [{ name: 'Petr' }], DAY);
		expect(words(unknown, 'en')).toEqual(['Petr: date of birth missing']);
		expect(words(unknown, 'cs')).toEqual(['Petr: chybí datum narození']);
		expect(words(unknown, 'es')).toEqual(['Petr: falta la fecha de nacimiento']);
	});

	it('ES-CAT: a composition rule of adults is not worded as children', () => {
		const r = { unit: { ...preset('es-family-group').unit, composition: [{ label: 'adults', age: { min: 18 }, atLeast: 2 }] } };
		expect(words(checkUnit(r, family(6, 0), DAY), 'en')).toEqual(['needs at least 2 members (ages 18+), has 0']);
	});
});
