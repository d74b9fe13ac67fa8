import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { Ruleset } from '$lib/rules/schema';
import type { Person, Registration } from '../schema';
import { foldName } from '../same-person';
import { guessMapping } from './columns';
import { registrationsCsv, REGISTRATION_COLUMNS, type RegistrationsExportInput } from './export';
import type { ImportRow } from './import-rows';
import { readCsvFile } from './parse';
import { previewImport, rowsToImport, type PreviewCompetition } from './preview';

const preset = (id: string): Ruleset => {
	const r = presetById(id);
	if (!r) throw new Error(id);
	return r;
};
const CZ: PreviewCompetition = { id: 'cz-ind', name: 'CZJPA jednotlivci', ruleset: preset('czjpa-individual') };
// Teams registered whole, with their names (the relay preset's teams are drawn: CZ-TEAM-DRAW).
const TEAMS: PreviewCompetition = { id: 'cz-team', name: 'CZJPA týmy', ruleset: { unit: { ...preset('czjpa-team-relay').unit, drawn: false } } };
const COMPETITIONS = [CZ, TEAMS];
const T = Date.UTC(2026, 2, 1, 9, 15);

function person(id: string, name: string, extra: Partial<Person> = {}): Person {
	return { id, eventId: 'ev', name, version: 1, ...extra };
}
function registration(id: string, competitionId: string, name: string, memberIds: string[], extra: Partial<Registration> = {}): Registration {
	return {
		id,
		eventId: 'ev',
		competitionId,
		name,
		memberIds,
		registeredAt: T,
		status: 'registered',
		fee: { amount: 400, currency: 'CZK' },
		paid: null,
		cancelled: null,
		version: 1,
		...extra
	};
}

function parse(csv: string) {
	expect(csv.startsWith('\uFEFF')).toBe(true);
	expect(csv.endsWith('\r\n')).toBe(true);
	const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true });
	expect(parsed.errors).toEqual([]);
	return parsed.data;
}

describe('the registrations CSV', () => {
	const kata = person('p1', 'Nováková, Kateřina "Kája"', { birthDate: '1990-04-03', country: 'CZ', email: 'kata@example.cz', phone: '+420 777 123 456', notes: 'vegan\nlate' });
	const jiri = person('p2', 'Jiří Dvořák');
	const eva = person('p3', '=Eva');
	const input: RegistrationsExportInput = {
		people: [kata, jiri, eva],
		registrations: [
			registration('r-team', TEAMS.id, 'Rychlé prsty', ['p2', 'p1'], { registeredAt: T + 5 }),
			registration('r2', CZ.id, 'Jiří Dvořák', ['p2'], { registeredAt: T + 2, status: 'cancelled', cancelled: { at: T + 60_000, refundDue: true } }),
			registration('r1', CZ.id, kata.name, ['p1'], { registeredAt: T + 1, paid: { amount: 400, at: T + 1000 } }),
			registration('r3', CZ.id, '=Eva', ['p3'], { registeredAt: T + 3, status: 'waiting' })
		],
		competitions: COMPETITIONS
	};

	it('is Excel-friendly: BOM, CRLF, the import\u2019s headers, one line per person and registration in competition and registration order', () => {
		const csv = registrationsCsv(input);
		expect(csv.split('\r\n')[0]).toBe(`\uFEFF${REGISTRATION_COLUMNS.map((c) => c.header).join(',')}`);
		const rows = parse(csv);
		expect(rows.map((r) => [r['Registration ID'], r['Name'], r['Team'], r['Status']])).toEqual([
			['r1', kata.name, '', 'registered'],
			['r2', 'Jiří Dvořák', '', 'cancelled'],
			['r3', "'=Eva", '', 'waiting'],
			['r-team', 'Jiří Dvořák', 'Rychlé prsty', 'registered'],
			['r-team', kata.name, 'Rychlé prsty', 'registered']
		]);
		expect(rows[0]).toMatchObject({
			'Date of birth': '1990-04-03',
			'E-mail': 'kata@example.cz',
			Phone: "'+420 777 123 456",
			Notes: 'vegan\nlate',
			Competition: 'CZJPA jednotlivci',
			'Registered at': '2026-03-01T09:15:00.001Z',
			Fee: '400',
			Currency: 'CZK',
			Paid: 'yes',
			'Paid amount': '400',
			'Paid at': '2026-03-01T09:15:01.000Z',
			'Cancelled at': '',
			'Refund due': ''
		});
		expect(rows[1]).toMatchObject({ Paid: 'no', 'Cancelled at': '2026-03-01T09:16:00.000Z', 'Refund due': 'yes' });
	});

	it('issue 30 #21: after the relay’s draw (CZ-TEAM-DRAW) each person’s line names their drawn team in Team', () => {
		const RELAY: PreviewCompetition = { id: 'cz-relay', name: 'Štafeta', ruleset: preset('czjpa-team-relay') };
		const relay: RegistrationsExportInput = {
			people: [kata, jiri, eva],
			registrations: [registration('r-k', RELAY.id, kata.name, ['p1']), registration('r-j', RELAY.id, jiri.name, ['p2'], { registeredAt: T + 1 }), registration('r-e', RELAY.id, eva.name, ['p3'], { registeredAt: T + 2 })],
			competitions: [RELAY],
			drawnTeams: [{ competitionId: RELAY.id, name: 'Štafeta 1', memberIds: ['p3', 'p1'] }]
		};
		const lines = parse(registrationsCsv(relay));
		expect(lines.map((l) => [l['Name'], l['Team']])).toEqual([
			[kata.name, 'Štafeta 1'],
			['Jiří Dvořák', ''],
			["'=Eva", 'Štafeta 1']
		]);
	});

	it('escapes every cell that starts like a formula (= + - @)', () => {
		const csv = registrationsCsv({
			people: [person('a', '@SUM(1)', { notes: '-2+3', club: '+Klub', accompaniedBy: "'=quoted" })],
			registrations: [registration('r', CZ.id, '@SUM(1)', ['a'])],
			competitions: COMPETITIONS
		});
		const [row] = parse(csv);
		expect([row!['Name'], row!['Notes'], row!['Club'], row!['Accompanied by']]).toEqual(["'@SUM(1)", "'-2+3", "'+Klub", "''=quoted"]);
	});

	it('reads back through the import as the registrations that are not cancelled', () => {
		const rows = reimport(registrationsCsv(input));
		expect(rows).toEqual([
			{ name: kata.name, birthDate: '1990-04-03', country: 'CZ', email: 'kata@example.cz', phone: '+420 777 123 456', notes: 'vegan\nlate', competitionId: CZ.id, registeredAt: T + 1, paid: true },
			{ name: '=Eva', competitionId: CZ.id, registeredAt: T + 3, paid: false },
			{ name: 'Jiří Dvořák', competitionId: TEAMS.id, unit: 'Rychlé prsty', registeredAt: T + 5, paid: false },
			{ name: kata.name, birthDate: '1990-04-03', country: 'CZ', email: 'kata@example.cz', phone: '+420 777 123 456', notes: 'vegan\nlate', competitionId: TEAMS.id, unit: 'Rychlé prsty', registeredAt: T + 5, paid: false }
		]);
	});
});

/** The CSV's bytes read, mapped by its headers and previewed against an empty register: what the import would send. */
function reimport(csv: string): ImportRow[] {
	const table = readCsvFile(new TextEncoder().encode(csv));
	if (!table.ok) throw new Error(table.problem.code);
	const preview = previewImport({
		table: table.value,
		mapping: guessMapping(table.value.header),
		eventDay: '2026-05-16',
		competitions: COMPETITIONS,
		people: [],
		registrations: []
	});
	expect(preview.counts.blocked).toBe(0);
	return rowsToImport(preview);
}

/** What a registration's line imports as: the person's values, the competition, the unit's name (not an individual's), the time, paid. */
function expectedRow(p: Person, r: Registration): ImportRow {
	const competition = COMPETITIONS.find((c) => c.id === r.competitionId)!;
	const { id: _id, eventId: _e, version: _v, erasedAt: _x, ...values } = p;
	return {
		...values,
		competitionId: r.competitionId,
		...(competition.ruleset.unit.kind === 'individual' ? {} : { unit: r.name }),
		registeredAt: r.registeredAt,
		paid: r.paid !== null
	} as ImportRow;
}

const letters = 'aábcčdďeéěfghiíjklmnňoópqrřsštťuúůvwxyýzžñüAÁČĎÉŘŠŽÑ';
const word = fc.string({ unit: fc.constantFrom(...letters, ',', ';', '"', "'", '-', '.'), minLength: 1, maxLength: 10 });
const formulaStart = fc.constantFrom('', '=', '+', '-', '@');
const nameArb = fc
	.tuple(formulaStart, fc.array(word, { minLength: 1, maxLength: 3 }))
	.map(([start, words]) => `${start}${words.join(' ')}`)
	.filter((n) => n.trim() === n);
const dayArb = fc.date({ min: new Date(Date.UTC(1930, 0, 1)), max: new Date(Date.UTC(2020, 11, 31)), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const textArb = fc
	.tuple(formulaStart, fc.array(word, { minLength: 1, maxLength: 4 }), fc.constantFrom(' ', '\n', ', '))
	.map(([start, words, sep]) => `${start}${words.join(sep)}`)
	.filter((t) => t.trim() === t);

const personArb = fc.record(
	{
		name: nameArb,
		birthDate: dayArb,
		country: fc.constantFrom('CZ', 'ES', 'SK', 'DE'),
		club: textArb,
		email: fc.tuple(fc.stringMatching(/^[a-z0-9._+-]{1,12}$/), fc.constantFrom('example.cz', 'example.es')).map(([u, d]) => `${u}@${d}`),
		phone: fc.tuple(fc.constantFrom('', '+', '-'), fc.stringMatching(/^[0-9]{3}( [0-9]{3}){1,3}$/)).map(([s, n]) => `${s}${n}`),
		notes: textArb,
		accompaniedBy: nameArb
	},
	{ requiredKeys: ['name'] }
);

const registerArb = fc
	.uniqueArray(personArb, { minLength: 1, maxLength: 12, selector: (p) => foldName(p.name) })
	.chain((people) =>
		fc.record({
			people: fc.constant(people.map((p, i) => ({ ...p, id: `p${i}`, eventId: 'ev', version: 1 }) as Person)),
			individual: fc.array(
				fc.record({ status: fc.constantFrom('registered', 'waiting', 'cancelled'), paid: fc.boolean(), at: fc.integer({ min: T, max: T + 1e9 }) }),
				{ minLength: people.length, maxLength: people.length }
			),
			teams: fc.array(
				fc.record({ name: nameArb, members: fc.uniqueArray(fc.nat({ max: people.length - 1 }), { minLength: 1, maxLength: Math.min(4, people.length) }), paid: fc.boolean(), at: fc.integer({ min: T, max: T + 1e9 }) }),
				{ maxLength: 3 }
			)
		})
	);

describe('export and import back (property)', () => {
	it('a file exported and imported back gives the same people and registrations (cancelled ones left out)', () => {
		fc.assert(
			fc.property(registerArb, ({ people, individual, teams }) => {
				// Each person in at most one team, so that one competition never holds a person twice.
				const inTeam = new Set<number>();
				const teamRegs = teams
					.map((t, i) => ({ ...t, members: t.members.filter((m) => !inTeam.has(m) && (inTeam.add(m), true)), i }))
					.filter((t) => t.members.length > 0)
					.map((t) => registration(`t${t.i}`, TEAMS.id, t.name, t.members.map((m) => `p${m}`), { registeredAt: t.at, paid: t.paid ? { amount: 800, at: t.at } : null }));
				const individualRegs = individual.map((x, i) =>
					registration(`r${i}`, CZ.id, people[i]!.name, [people[i]!.id], {
						registeredAt: x.at,
						status: x.status as Registration['status'],
						paid: x.paid ? { amount: 400, at: x.at } : null,
						cancelled: x.status === 'cancelled' ? { at: x.at + 1, refundDue: false } : null
					})
				);
				const registrations = [...individualRegs, ...teamRegs];
				const byId = new Map(people.map((p) => [p.id, p]));
				const key = (r: ImportRow) => JSON.stringify([r.competitionId, r.unit ?? '', r.registeredAt, r.name, r.birthDate]);
				const expected = registrations
					.filter((r) => r.status !== 'cancelled')
					.flatMap((r) => r.memberIds.map((id) => expectedRow(byId.get(id)!, r)));
				const actual = reimport(registrationsCsv({ people, registrations, competitions: COMPETITIONS }));
				expect([...actual].sort((a, b) => key(a).localeCompare(key(b)))).toEqual([...expected].sort((a, b) => key(a).localeCompare(key(b))));
			}),
			{ numRuns: 200 }
		);
	}, 30_000);
});
