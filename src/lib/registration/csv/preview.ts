import { ageOn, categoriesForAge, inAgeRange, registersAlone } from '$lib/rules/registration';
import type { AgeRange, Ruleset } from '$lib/rules/schema';
import type { Person, Registration, RegistrationStatus } from '../schema';
import { emailKey, foldName, personKeys, type PersonKeys } from '../same-person';
import { readPaid, readStatus } from './cell-words';
import { mappingProblems, rowValues, type ColumnMapping, type MappingProblem } from './columns';
import { countryCode } from './country';
import { nonexistentDay, parseDay, parseMoment } from './dates';
import { ImportRowSchema, type ImportRow } from './import-rows';
import type { CsvTable } from './parse';

/**
 * What importing a registration CSV would do, row by row, before anything is stored: each row's
 * values as the import would send them and its problems. The organizer sees every row, changes
 * the column mapping or the file until it is right, and confirms; `rowsToImport` is then what
 * is sent (import-rows.ts). Pure: the register and the competitions are given.
 *
 * A row is
 * - `import`: sent; it may carry warnings (an age outside the competition's category, a child
 *   without an accompanying adult, a person already in the register for another competition,
 *   an e-mail another row or person gives too, a member of a pair, group or team naming
 *   another preferred turn than the unit's first row), which block nothing but are shown;
 * - `skip`: not sent, and nothing is lost: a duplicate of an earlier row (same person, same
 *   competition), a person already registered for this competition (importing the same file
 *   again changes nothing), a row whose status says cancelled;
 * - `blocked`: not sent until the organizer fixes the file: no name, a date that is not a date,
 *   a value the register refuses (an e-mail, a phone, a country), no or an unknown competition,
 *   a pair, group or team without its unit's name, a preferred turn that is not one of the
 *   competition's heats, a paid cell not understood.
 */

export interface PreviewCompetition {
	id: string;
	name: string;
	ruleset: Pick<Ruleset, 'unit'>;
	/** Its heats: the turns a row may prefer (ES-SHIFT), named in the file by their name. */
	heats?: readonly { id: string; name: string }[];
}

export interface PreviewInput {
	table: Pick<CsvTable, 'rows'>;
	mapping: ColumnMapping;
	/** The event's day (ISO): ages are on it (ES-CAT, CZ-GEN-AGE). */
	eventDay: string;
	competitions: readonly PreviewCompetition[];
	/** The competition of the rows that name none (no competition column, or an empty cell). */
	competitionId?: string;
	/** The register as it is. */
	people: readonly (Pick<Person, 'id' | 'name'> & PersonKeys)[];
	registrations: readonly Pick<Registration, 'memberIds' | 'competitionId' | 'status'>[];
}

export type ImportField = 'name' | 'birthDate' | 'country' | 'club' | 'email' | 'phone' | 'notes' | 'accompaniedBy' | 'unit' | 'registeredAt';

export type RowProblem =
	| { code: 'name-missing' }
	| { code: 'not-a-date'; field: 'birthDate' | 'registeredAt'; value: string }
	/** In a day's form, but the month has no such day (31. 2. 2001): `days`, the month's length. */
	| { code: 'no-such-day'; field: 'birthDate' | 'registeredAt'; value: string; month: number; year: number; days: number }
	| { code: 'birth-date-after-event'; value: string }
	| { code: 'invalid'; field: ImportField; value: string; message: string }
	| { code: 'competition-missing' }
	| { code: 'competition-unknown'; value: string }
	| { code: 'unit-missing'; competition: string }
	| { code: 'turn-unknown'; value: string; competition: string }
	| { code: 'paid-unknown'; value: string }
	| { code: 'age-outside'; age: number; range: AgeRange; competition: string; fits: string[] }
	| { code: 'accompanying-adult-missing'; age: number; underAge: number }
	| { code: 'duplicate-row'; of: number }
	| { code: 'email-shared'; with: string }
	| { code: 'already-registered'; person: string; status: RegistrationStatus }
	| { code: 'in-register'; person: string }
	| { code: 'cancelled' }
	/** Another row of the unit named another preferred turn first: the unit gets that one (issue 30 #13). */
	| { code: 'turn-differs'; unit: string; turn: string; kept: string; of: number };

export type RowAction = 'import' | 'skip' | 'blocked';

export interface PreviewRow {
	/** The row number as a spreadsheet shows it (the header is 1). */
	row: number;
	/** What would be sent (the fields the row gives and that are good). */
	values: Partial<ImportRow>;
	problems: RowProblem[];
	action: RowAction;
}

export interface CsvPreview {
	/** What keeps the whole file from importing (no column for the name): every row is then blocked. */
	mappingProblems: MappingProblem[];
	rows: PreviewRow[];
	counts: Record<RowAction, number>;
}

const BLOCKING = new Set<RowProblem['code']>([
	'name-missing',
	'not-a-date',
	'no-such-day',
	'birth-date-after-event',
	'invalid',
	'competition-missing',
	'competition-unknown',
	'unit-missing',
	'turn-unknown',
	'paid-unknown'
]);
const SKIPPING = new Set<RowProblem['code']>(['duplicate-row', 'already-registered', 'cancelled']);

function actionOf(problems: readonly RowProblem[]): RowAction {
	if (problems.some((p) => BLOCKING.has(p.code))) return 'blocked';
	if (problems.some((p) => SKIPPING.has(p.code))) return 'skip';
	return 'import';
}

/** A date that could not be read: a day the month does not have, or no date at all. */
function dateProblem(field: 'birthDate' | 'registeredAt', value: string): RowProblem {
	const missing = nonexistentDay(value);
	return missing ? { code: 'no-such-day', field, value, month: missing.month, year: missing.year, days: missing.days } : { code: 'not-a-date', field, value };
}

/** The person's name: the name column, or first and last name joined. */
function nameOf(v: Partial<Record<string, string>>): string {
	if (v.name !== undefined) return v.name.replace(/\s+/g, ' ');
	return [v.firstName, v.lastName]
		.filter((x) => x)
		.join(' ')
		.replace(/\s+/g, ' ');
}

const FIELDS: readonly ImportField[] = ['name', 'birthDate', 'country', 'club', 'email', 'phone', 'notes', 'accompaniedBy', 'unit', 'registeredAt'];

interface Read {
	values: Partial<ImportRow>;
	problems: RowProblem[];
	competition?: PreviewCompetition;
	status?: RegistrationStatus;
}

/** The heat a preferred-turn cell names: by its ID, or its name ignoring case and accents. */
function turnNamed(competition: PreviewCompetition, named: string): string | undefined {
	return (competition.heats ?? []).find((h) => h.id === named || foldName(h.name) === foldName(named))?.id;
}

/** One row's values and the problems found in it alone. */
function readRow(input: PreviewInput, cells: readonly string[]): Read {
	const v = rowValues(input.mapping, cells);
	const problems: RowProblem[] = [];
	const raw: Record<string, unknown> = {};
	const name = nameOf(v);
	if (name === '') problems.push({ code: 'name-missing' });
	else raw.name = name;
	if (v.birthDate) {
		const day = parseDay(v.birthDate);
		if (day === null) problems.push(dateProblem('birthDate', v.birthDate));
		else if (day > input.eventDay) problems.push({ code: 'birth-date-after-event', value: v.birthDate });
		else raw.birthDate = day;
	}
	if (v.registeredAt) {
		const at = parseMoment(v.registeredAt);
		if (at === null) problems.push(dateProblem('registeredAt', v.registeredAt));
		else raw.registeredAt = at;
	}
	const country = countryCode(v.country ?? '');
	if (country) raw.country = country;
	for (const f of ['club', 'email', 'phone', 'notes', 'accompaniedBy', 'unit'] as const) if (v[f]) raw[f] = v[f];
	if (v.paid !== undefined) {
		const paid = readPaid(v.paid);
		if (paid === undefined) problems.push({ code: 'paid-unknown', value: v.paid });
		else raw.paid = paid;
	}
	let competition: PreviewCompetition | undefined;
	const named = v.competition ?? '';
	if (named !== '') {
		competition = input.competitions.find((c) => c.id === named || foldName(c.name) === foldName(named));
		if (!competition) problems.push({ code: 'competition-unknown', value: named });
	} else {
		competition = input.competitions.find((c) => c.id === input.competitionId);
		if (!competition) problems.push({ code: 'competition-missing' });
	}
	if (competition) {
		raw.competitionId = competition.id;
		if (!registersAlone(competition.ruleset) && !raw.unit) problems.push({ code: 'unit-missing', competition: competition.name });
		if (v.preferredTurn) {
			const turn = turnNamed(competition, v.preferredTurn);
			if (turn) raw.preferredTurn = turn;
			else problems.push({ code: 'turn-unknown', value: v.preferredTurn, competition: competition.name });
		}
	}
	// What the register refuses (an e-mail, a phone, a country code, a text too long): the field and the reason.
	const checked = ImportRowSchema.safeParse(raw);
	const values: Partial<ImportRow> = { ...(raw as Partial<ImportRow>) };
	if (!checked.success) {
		for (const issue of checked.error.issues) {
			const field = issue.path[0];
			if (!FIELDS.includes(field as ImportField) || raw[field as string] === undefined) continue;
			problems.push({ code: 'invalid', field: field as ImportField, value: String(raw[field as string]), message: issue.message });
			delete values[field as keyof ImportRow];
		}
	} else Object.assign(values, checked.data);
	return { values, problems, competition, status: v.status ? readStatus(v.status) : undefined };
}

/** Age problems: outside the competition's category (ES-CAT; which competitions the age fits), under the age that needs an accompanying adult (CZ-GEN-AGE). */
function ageProblems(input: PreviewInput, read: Read): RowProblem[] {
	const { competition, values } = read;
	if (!competition || !values.birthDate) return [];
	const age = ageOn(values.birthDate, input.eventDay);
	const unit = competition.ruleset.unit;
	const problems: RowProblem[] = [];
	if (!inAgeRange(age, unit.memberAge)) {
		const fitting = new Set(categoriesForAge(input.competitions.map((c) => c.ruleset as Ruleset), age));
		problems.push({
			code: 'age-outside',
			age,
			range: unit.memberAge ?? {},
			competition: competition.name,
			fits: input.competitions.filter((c) => fitting.has(c.ruleset as Ruleset)).map((c) => c.name)
		});
	}
	if (unit.accompaniedUnderAge !== undefined && age < unit.accompaniedUnderAge && !values.accompaniedBy)
		problems.push({ code: 'accompanying-adult-missing', age, underAge: unit.accompaniedUnderAge });
	return problems;
}

/** The first of each key's values, in order. */
function firstBy<T>(items: readonly T[], keys: (item: T) => readonly string[]): Map<string, T> {
	const map = new Map<string, T>();
	for (const item of items) for (const k of keys(item)) if (!map.has(k)) map.set(k, item);
	return map;
}

/** Of the people given an e-mail, the first whose name is not `name` (a family's shared address). */
function otherAtEmail(byEmail: Map<string, Map<string, string>>, keys: PersonKeys): string | undefined {
	const names = byEmail.get(emailKey(keys.email));
	if (!names) return undefined;
	const own = foldName(keys.name);
	for (const [folded, name] of names) if (folded !== own) return name;
	return undefined;
}

function addEmail(byEmail: Map<string, Map<string, string>>, keys: PersonKeys): void {
	const email = emailKey(keys.email);
	if (!email) return;
	const names = byEmail.get(email) ?? new Map<string, string>();
	if (!names.has(foldName(keys.name))) names.set(foldName(keys.name), keys.name);
	byEmail.set(email, names);
}

/** The preview of every row of the table under the mapping, against the register. Indexed: 10,000 rows against a large register stay quick. */
export function previewImport(input: PreviewInput): CsvPreview {
	const fileProblems = mappingProblems(input.mapping);
	// The register: people by their keys (same-person.ts) and by e-mail; registrations by competition and member.
	const known = firstBy(input.people, personKeys);
	const registered = firstBy(input.registrations, (g) => g.memberIds.map((id) => `${g.competitionId}|${id}`));
	const registerEmails = new Map<string, Map<string, string>>();
	for (const p of input.people) addEmail(registerEmails, p);
	// Earlier rows of the file that are not blocked: by competition, unit and person key; by e-mail.
	const earlierRows = new Map<string, number>();
	const fileEmails = new Map<string, Map<string, string>>();
	// The first preferred turn each unit's rows name (the one the import gives the unit), with its row.
	const unitTurns = new Map<string, { turn: string; row: number }>();
	const rows = input.table.rows.map((r): PreviewRow => {
		const read = readRow(input, r.cells);
		const { values } = read;
		const problems = [...read.problems, ...ageProblems(input, read)];
		const unitKey = read.competition && values.unit && !registersAlone(read.competition.ruleset) ? `${read.competition.id}|${foldName(values.unit)}` : null;
		const firstTurn = unitKey === null ? undefined : unitTurns.get(unitKey);
		if (firstTurn && values.preferredTurn !== undefined && values.preferredTurn !== firstTurn.turn) {
			const turnName = (id: string) => read.competition!.heats?.find((h) => h.id === id)?.name ?? id;
			problems.push({ code: 'turn-differs', unit: values.unit!, turn: turnName(values.preferredTurn), kept: turnName(firstTurn.turn), of: firstTurn.row });
		}
		if (read.status === 'cancelled') problems.push({ code: 'cancelled' });
		if (values.name) {
			const keys: PersonKeys = { name: values.name, birthDate: values.birthDate, email: values.email };
			const rowKeys = personKeys(keys).map((k) => `${values.competitionId ?? ''}|${values.unit ?? ''}|${k}`);
			const twin = rowKeys.map((k) => earlierRows.get(k)).find((row) => row !== undefined);
			const sharer = otherAtEmail(fileEmails, keys) ?? otherAtEmail(registerEmails, keys);
			if (twin !== undefined) problems.push({ code: 'duplicate-row', of: twin });
			else if (sharer) problems.push({ code: 'email-shared', with: sharer });
			const person = personKeys(keys)
				.map((k) => known.get(k))
				.find((p) => p !== undefined);
			if (person) {
				const registration = registered.get(`${values.competitionId}|${person.id}`);
				problems.push(registration ? { code: 'already-registered', person: person.name, status: registration.status } : { code: 'in-register', person: person.name });
			}
			// A blocked row is not imported: a later row of the same person is not its duplicate.
			if (twin === undefined && actionOf(problems) !== 'blocked') {
				for (const k of rowKeys) if (!earlierRows.has(k)) earlierRows.set(k, r.row);
				addEmail(fileEmails, keys);
			}
		}
		const action = fileProblems.length > 0 ? 'blocked' : actionOf(problems);
		if (unitKey !== null && !firstTurn && values.preferredTurn !== undefined && action === 'import') unitTurns.set(unitKey, { turn: values.preferredTurn, row: r.row });
		return { row: r.row, values, problems, action };
	});
	const counts: Record<RowAction, number> = { import: 0, skip: 0, blocked: 0 };
	for (const r of rows) counts[r.action] += 1;
	return { mappingProblems: fileProblems, rows, counts };
}

/** What the confirmed import sends: the rows to import, in the file's order. */
export function rowsToImport(preview: CsvPreview): ImportRow[] {
	if (preview.mappingProblems.length > 0) return [];
	return preview.rows.filter((r) => r.action === 'import').map((r) => ImportRowSchema.parse(r.values));
}
