import { foldName } from '../same-person';

/**
 * The fields a registration CSV can fill, and which column fills which: a guess from the
 * header names in Czech, Spanish and English (case, diacritics and punctuation ignored), which
 * the organizer can change before the import.
 */

export const CSV_FIELDS = [
	'name',
	'firstName',
	'lastName',
	'birthDate',
	'country',
	'club',
	'email',
	'phone',
	'notes',
	'accompaniedBy',
	'competition',
	'unit',
	'preferredTurn',
	'registeredAt',
	'paid',
	'status'
] as const;
export type CsvField = (typeof CSV_FIELDS)[number];

/** For each column of the file (by position), the field it fills; null: ignored. */
export type ColumnMapping = (CsvField | null)[];

/** A header as compared: folded (same-person.ts), punctuation as spaces. */
export function headerKey(header: string): string {
	return foldName(header)
		.replace(/[^a-z0-9]+/g, ' ')
		.trim();
}

/**
 * The header names recognised for each field (folded). "Jméno" and "Nombre" are the whole name
 * unless the file also has a surname column ("Příjmení", "Apellidos"): then the first name.
 */
export const HEADER_NAMES: Record<CsvField, readonly string[]> = {
	name: [
		'name', 'full name', 'participant', 'competitor', 'person',
		'jmeno', 'jmeno a prijmeni', 'cele jmeno', 'soutezici', 'zavodnik', 'ucastnik', 'osoba',
		'nombre', 'nombre completo', 'nombre y apellidos', 'participante', 'concursante', 'persona'
	],
	firstName: ['first name', 'given name', 'forename', 'krestni jmeno', 'nombre de pila'],
	lastName: ['last name', 'surname', 'family name', 'prijmeni', 'apellidos', 'apellido', 'primer apellido'],
	birthDate: [
		'date of birth', 'birth date', 'birthdate', 'birthday', 'dob', 'born',
		'datum narozeni', 'narozeni', 'narozen', 'narozena', 'datum nar',
		'fecha de nacimiento', 'nacimiento', 'fecha nacimiento', 'f nacimiento'
	],
	country: ['country', 'nationality', 'zeme', 'stat', 'narodnost', 'pais', 'nacionalidad'],
	club: ['club', 'association', 'klub', 'oddil', 'spolek', 'asociacion', 'entidad'],
	email: ['email', 'e mail', 'mail', 'email address', 'e mail address', 'e mailova adresa', 'emailova adresa', 'correo', 'correo electronico', 'correo e', 'mail electronico'],
	phone: ['phone', 'telephone', 'mobile', 'phone number', 'tel', 'telefon', 'mobil', 'telefonni cislo', 'telefono', 'movil', 'celular'],
	notes: ['notes', 'note', 'comment', 'comments', 'remarks', 'poznamka', 'poznamky', 'komentar', 'notas', 'nota', 'observaciones', 'comentarios'],
	accompaniedBy: ['accompanied by', 'accompanying adult', 'guardian', 'doprovod', 'doprovazejici osoba', 'zakonny zastupce', 'acompanante', 'adulto acompanante', 'tutor'],
	competition: ['competition', 'category', 'event', 'soutez', 'kategorie', 'disciplina', 'competicion', 'categoria', 'modalidad', 'prueba'],
	unit: [
		'unit', 'team', 'team name', 'pair', 'group', 'entry',
		'tym', 'nazev tymu', 'druzstvo', 'dvojice', 'skupina',
		'equipo', 'nombre del equipo', 'pareja', 'grupo', 'familia'
	],
	preferredTurn: ['preferred turn', 'turn', 'preferovany turnus', 'turnus', 'turno preferido', 'turno'],
	registeredAt: [
		'registered at', 'registered', 'registration date', 'registration time', 'timestamp',
		'datum registrace', 'registrace', 'prihlaseno', 'datum prihlaseni', 'prihlaska', 'casova znacka',
		'fecha de inscripcion', 'inscripcion', 'fecha de registro', 'fecha inscripcion', 'marca temporal'
	],
	paid: ['paid', 'payment', 'fee paid', 'zaplaceno', 'platba', 'uhrazeno', 'pagado', 'pago', 'abonado'],
	status: ['status', 'registration status', 'stav', 'stav registrace', 'estado', 'estado de la inscripcion']
};

/** Headers that are the whole name alone and the first name beside a surname column. */
const NAME_OR_FIRST = new Set(['name', 'jmeno', 'nombre']);

const BY_HEADER = new Map<string, CsvField>(CSV_FIELDS.flatMap((field) => HEADER_NAMES[field].map((h) => [headerKey(h), field] as const)));

/** The mapping guessed from a file's header row: each field from the first column that names it. */
export function guessMapping(header: readonly string[]): ColumnMapping {
	const taken = new Set<CsvField>();
	const mapping: ColumnMapping = header.map((h) => {
		const field = BY_HEADER.get(headerKey(h));
		if (!field || taken.has(field)) return null;
		taken.add(field);
		return field;
	});
	const nameAt = mapping.indexOf('name');
	if (nameAt >= 0 && taken.has('lastName') && !taken.has('firstName') && NAME_OR_FIRST.has(headerKey(header[nameAt] ?? ''))) mapping[nameAt] = 'firstName';
	return mapping;
}

/** The mapping with column `index` set to `field`; a field fills one column, so another column that had it is cleared. */
export function withColumn(mapping: ColumnMapping, index: number, field: CsvField | null): ColumnMapping {
	return mapping.map((f, i) => (i === index ? field : field !== null && f === field ? null : f));
}

export type MappingProblem = { code: 'no-name-column' } | { code: 'name-and-parts' };

/** What keeps a mapping from being imported: no column for the name; a whole name and its parts at once. */
export function mappingProblems(mapping: ColumnMapping): MappingProblem[] {
	const has = (f: CsvField) => mapping.includes(f);
	if (!has('name') && !has('firstName') && !has('lastName')) return [{ code: 'no-name-column' }];
	if (has('name') && (has('firstName') || has('lastName'))) return [{ code: 'name-and-parts' }];
	return [];
}

/** The values of one row by field (trimmed; a field without a column: absent). */
export function rowValues(mapping: ColumnMapping, cells: readonly string[]): Partial<Record<CsvField, string>> {
	const values: Partial<Record<CsvField, string>> = {};
	mapping.forEach((field, i) => {
		if (field) values[field] = (cells[i] ?? '').trim();
	});
	return values;
}
