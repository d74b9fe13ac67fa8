import { describe, expect, it } from 'vitest';
import { importOutcome, importOutcomeText } from './regfiles-outcome';
import { CZ, registration } from './regfiles.testkit';

const added = (n: number, waiting: number) =>
	Array.from({ length: n }, (_, i) => registration(`r${i}`, CZ.competition.id, `P ${i}`, [`p${i}`], { status: i < n - waiting ? 'registered' : 'waiting' }));

describe('what a registration import added, in words (CZ-IND-CAP: the registered and the waiting ones)', () => {
	it('counts the registered and the waiting registrations and the rows skipped in the preview and on the server', () => {
		const o = importOutcome({ peopleAdded: 85, registrationsAdded: 85, rowsUnchanged: 2, registrations: added(85, 5) }, 1);
		expect(o).toEqual({ people: 85, registered: 80, waiting: 5, skipped: 3 });
	});

	it('words it in the three languages', () => {
		const o = { people: 85, registered: 80, waiting: 5, skipped: 1 };
		expect(importOutcomeText(o, { locale: 'en' })).toBe('85 people and 85 registrations added (80 registered, 5 waiting). 1 row skipped.');
		expect(importOutcomeText(o, { locale: 'cs' })).toBe('Přidáno: 85 osob a 85 přihlášek (přihlášeno 80, čeká 5). Přeskočen 1 řádek.');
		expect(importOutcomeText(o, { locale: 'es' })).toBe('Añadidas: 85 personas y 85 inscripciones (80 inscritas, 5 en espera). 1 fila omitida.');
		expect(importOutcomeText({ people: 1, registered: 2, waiting: 0, skipped: 0 }, { locale: 'en' })).toBe('1 person and 2 registrations added (2 registered, 0 waiting).');
		expect(importOutcomeText({ people: 3, registered: 3, waiting: 0, skipped: 3 }, { locale: 'cs' })).toBe('Přidáno: 3 osoby a 3 přihlášky (přihlášeno 3, čeká 0). Přeskočeny 3 řádky.');
	});

	it('says that nothing changed when the file was all in the register already', () => {
		const o = importOutcome({ peopleAdded: 0, registrationsAdded: 0, rowsUnchanged: 85, registrations: [] }, 1);
		expect(importOutcomeText(o, { locale: 'en' })).toBe('Nothing changed: everyone in the file is already in the register.');
		expect(importOutcomeText(o, { locale: 'es' })).toMatch(/^No ha cambiado nada/);
	});
});
