import Papa from 'papaparse';
import { registersAlone } from '$lib/rules/registration';
import type { Person, Registration } from '../schema';
import type { PreviewCompetition } from './preview';

/**
 * The registrations as CSV for a spreadsheet, made like the results CSV
 * (src/lib/results/export.ts): a byte order mark (Excel then reads UTF-8), CRLF line endings,
 * a header row, text a spreadsheet would run as a formula (starting with = + - @, a tab or CR)
 * behind a ' (papaparse's escapeFormulae; the reader takes it off again: parse.ts).
 *
 * One line per person and registration, competitions in the order given, then by registration
 * time: a pair, group or team gives a line for each member, with the unit's name in Team (a
 * relay's people, who register alone, their drawn team's once drawn: CZ-TEAM-DRAW). The
 * headers are the import's own (columns.ts), so the file reads back as the same people and
 * registrations (cancelled ones are skipped on the way back in). People without a registration
 * are not in it.
 *
 * Dates are ISO (1990-04-03), moments ISO in UTC (2026-03-01T09:15:00.000Z), amounts with a
 * decimal point. Pure: no DOM, no database.
 */

/** A team drawn from people who registered alone (CZ-TEAM-DRAW): its competition, name and members. */
export interface ExportDrawnTeam {
	competitionId: string;
	name: string;
	memberIds: readonly string[];
}

export interface RegistrationsExportInput {
	people: readonly Person[];
	registrations: readonly Registration[];
	competitions: readonly PreviewCompetition[];
	/** The teams of the draws in force: a relay's Team column names them (issue 30 #21). */
	drawnTeams?: readonly ExportDrawnTeam[];
}

/** One person's line of one registration; `team`: the unit's name, or the drawn team's where everyone registers alone. */
type Line = { person: Person; registration: Registration; competition: PreviewCompetition; team: string };
/** A moment as ISO 8601 in UTC; empty when there is none. */
const moment = (ms: number | undefined) => (ms === undefined ? '' : new Date(ms).toISOString());

/** The columns in order: the header and the cell of a line. */
export const REGISTRATION_COLUMNS: readonly { header: string; value: (l: Line) => string }[] = [
	{ header: 'Name', value: (l) => l.person.name },
	{ header: 'Date of birth', value: (l) => l.person.birthDate ?? '' },
	{ header: 'Country', value: (l) => l.person.country ?? '' },
	{ header: 'Club', value: (l) => l.person.club ?? '' },
	{ header: 'E-mail', value: (l) => l.person.email ?? '' },
	{ header: 'Phone', value: (l) => l.person.phone ?? '' },
	{ header: 'Notes', value: (l) => l.person.notes ?? '' },
	{ header: 'Accompanied by', value: (l) => l.person.accompaniedBy ?? '' },
	{ header: 'Competition', value: (l) => l.competition.name },
	{ header: 'Team', value: (l) => l.team },
	{ header: 'Preferred turn', value: (l) => (l.competition.heats ?? []).find((h) => h.id === l.registration.preferredTurn)?.name ?? '' },
	{ header: 'Status', value: (l) => l.registration.status },
	{ header: 'Registered at', value: (l) => moment(l.registration.registeredAt) },
	{ header: 'Moved up at', value: (l) => moment(l.registration.movedUpAt) },
	{ header: 'Fee', value: (l) => String(l.registration.fee.amount) },
	{ header: 'Currency', value: (l) => l.registration.fee.currency },
	{ header: 'Paid', value: (l) => (l.registration.paid ? 'yes' : 'no') },
	{ header: 'Paid amount', value: (l) => (l.registration.paid ? String(l.registration.paid.amount) : '') },
	{ header: 'Paid at', value: (l) => moment(l.registration.paid?.at) },
	{ header: 'Cancelled at', value: (l) => moment(l.registration.cancelled?.at) },
	{ header: 'Refund due', value: (l) => (l.registration.cancelled ? (l.registration.cancelled.refundDue ? 'yes' : 'no') : '') },
	{ header: 'Registration ID', value: (l) => l.registration.id },
	{ header: 'Person ID', value: (l) => l.person.id }
];

/** Every person's line of every registration, in export order. */
export function registrationLines(input: RegistrationsExportInput): Line[] {
	const people = new Map(input.people.map((p) => [p.id, p]));
	const order = new Map(input.competitions.map((c, i) => [c.id, i]));
	const registrations = input.registrations
		.filter((r) => order.has(r.competitionId))
		.map((r, i) => ({ r, i }))
		.sort((a, b) => order.get(a.r.competitionId)! - order.get(b.r.competitionId)! || a.r.registeredAt - b.r.registeredAt || a.i - b.i)
		.map(({ r }) => r);
	const drawnTeam = new Map((input.drawnTeams ?? []).flatMap((t) => t.memberIds.map((id) => [`${t.competitionId}|${id}`, t.name] as const)));
	return registrations.flatMap((registration) => {
		const competition = input.competitions[order.get(registration.competitionId)!]!;
		const alone = registersAlone(competition.ruleset);
		return registration.memberIds.flatMap((id) => {
			const person = people.get(id);
			const team = alone ? (drawnTeam.get(`${competition.id}|${id}`) ?? '') : registration.name;
			return person ? [{ person, registration, competition, team }] : [];
		});
	});
}

/**
 * Text a spreadsheet would run as a formula: starting with = + - @, a tab or CR; also behind
 * apostrophes, so that a text that itself starts with ' and one of those reads back unchanged
 * (the reader takes one ' off: parse.ts).
 */
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;

export function registrationsCsv(input: RegistrationsExportInput): string {
	const data = registrationLines(input).map((line) => REGISTRATION_COLUMNS.map((c) => c.value(line)));
	const csv = Papa.unparse({ fields: REGISTRATION_COLUMNS.map((c) => c.header), data }, { escapeFormulae: FORMULA_LIKE, newline: '\r\n' });
	return `\uFEFF${csv}\r\n`;
}
