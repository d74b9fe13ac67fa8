import { formatNumber, m, type Locale } from '$lib/i18n';
import type { AgeRange } from '$lib/rules/schema';
import type { CsvField, MappingProblem } from './columns';
import type { CsvFileProblem } from './file-problem';
import type { ImportField, RowProblem } from './preview';

/** The problems of a registration import in words, in the current language or a given one. */

type Options = { locale?: Locale };

const FIELD_LABELS: Record<CsvField, (inputs: Record<string, never>, options: Options) => string> = {
	name: m.org_csv_field_name,
	firstName: m.org_csv_field_first_name,
	lastName: m.org_csv_field_last_name,
	birthDate: m.org_csv_field_birth_date,
	country: m.org_csv_field_country,
	club: m.org_csv_field_club,
	email: m.org_csv_field_email,
	phone: m.org_csv_field_phone,
	notes: m.org_csv_field_notes,
	accompaniedBy: m.org_csv_field_accompanied_by,
	competition: m.org_csv_field_competition,
	unit: m.org_csv_field_unit,
	preferredTurn: m.org_csv_field_preferred_turn,
	registeredAt: m.org_csv_field_registered_at,
	paid: m.org_csv_field_paid,
	status: m.org_csv_field_status
};

/** A field's name as the column mapping's choices show it; null: the column is not imported. */
export function csvFieldLabel(field: CsvField | null, options: Options = {}): string {
	return field === null ? m.org_csv_field_ignore({}, options) : FIELD_LABELS[field]({}, options);
}

/** Why a file cannot be imported, and that nothing of it was. */
export function csvFileProblemText(p: CsvFileProblem, options: Options = {}): string {
	const mb = (bytes: number) => formatNumber(Math.ceil((bytes / (1024 * 1024)) * 10) / 10, { locale: options.locale });
	const text = (() => {
		switch (p.code) {
			case 'empty':
				return m.org_csv_file_empty({}, options);
			case 'too-large':
				return m.org_csv_file_too_large({ size: mb(p.bytes), limit: mb(p.limit) }, options);
			case 'not-text':
				return m.org_csv_file_not_text({}, options);
			case 'workbook':
				return m.org_csv_file_workbook({}, options);
			case 'not-csv':
				return m.org_csv_file_not_csv({}, options);
			case 'no-rows':
				return m.org_csv_file_no_rows({}, options);
			case 'too-many-rows':
				return m.org_csv_file_too_many_rows({ rows: formatNumber(p.rows, options), limit: formatNumber(p.limit, options) }, options);
			case 'too-many-columns':
				return m.org_csv_file_too_many_columns({ row: p.line, columns: p.columns, limit: p.limit }, options);
			case 'unclosed-quote':
				return m.org_csv_file_unclosed_quote({ row: p.line }, options);
		}
	})();
	return `${text} ${m.org_csv_nothing_imported({}, options)}`;
}

export function mappingProblemText(p: MappingProblem, options: Options = {}): string {
	return p.code === 'no-name-column' ? m.org_csv_mapping_no_name({}, options) : m.org_csv_mapping_name_and_parts({}, options);
}

/** An age range in figures: 5–14, 18+, ≤ 14. */
function rangeText(r: AgeRange): string {
	if (r.min !== undefined && r.max !== undefined) return `${r.min}–${r.max}`;
	if (r.min !== undefined) return `${r.min}+`;
	return r.max !== undefined ? `≤ ${r.max}` : '';
}

function invalidText(field: ImportField, value: string, options: Options): string {
	if (field === 'email') return m.org_csv_row_bad_email({ value }, options);
	if (field === 'phone') return m.org_csv_row_bad_phone({ value }, options);
	if (field === 'country') return m.org_csv_row_bad_country({ value }, options);
	return m.org_csv_row_too_long({ field: csvFieldLabel(field, options) }, options);
}

/** One problem of a row, in a sentence. */
export function rowProblemText(p: RowProblem, options: Options = {}): string {
	switch (p.code) {
		case 'name-missing':
			return m.org_csv_row_name_missing({}, options);
		case 'not-a-date':
			return m.org_csv_row_not_a_date({ field: csvFieldLabel(p.field, options), value: p.value }, options);
		case 'no-such-day':
			return m.org_csv_row_no_such_day({ field: csvFieldLabel(p.field, options), value: p.value, month: p.month, year: p.year, days: p.days }, options);
		case 'birth-date-after-event':
			return m.org_csv_row_birth_after_event({ value: p.value }, options);
		case 'invalid':
			return invalidText(p.field, p.value, options);
		case 'competition-missing':
			return m.org_csv_row_competition_missing({}, options);
		case 'competition-unknown':
			return m.org_csv_row_competition_unknown({ value: p.value }, options);
		case 'unit-missing':
			return m.org_csv_row_unit_missing({ competition: p.competition }, options);
		case 'turn-unknown':
			return m.org_csv_row_turn_unknown({ value: p.value, competition: p.competition }, options);
		case 'paid-unknown':
			return m.org_csv_row_paid_unknown({ value: p.value }, options);
		case 'age-outside': {
			const fits = p.fits.length > 0 ? m.org_csv_row_age_fits({ competitions: p.fits.join(', ') }, options) : m.org_csv_row_age_fits_none({}, options);
			return `${m.org_csv_row_age_outside({ age: p.age, competition: p.competition, range: rangeText(p.range) }, options)} ${fits}`;
		}
		case 'accompanying-adult-missing':
			return m.org_csv_row_adult_missing({ age: p.age, under: p.underAge }, options);
		case 'duplicate-row':
			return m.org_csv_row_duplicate({ row: p.of }, options);
		case 'email-shared':
			return m.org_csv_row_email_shared({ name: p.with }, options);
		case 'already-registered':
			return m.org_csv_row_already_registered({ name: p.person }, options);
		case 'in-register':
			return m.org_csv_row_in_register({ name: p.person }, options);
		case 'cancelled':
			return m.org_csv_row_cancelled({}, options);
		case 'turn-differs':
			return m.org_csv_row_turn_differs({ unit: p.unit, turn: p.turn, kept: p.kept, row: p.of }, options);
	}
}
