import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { PersonSchema, RegistrationSchema } from '$lib/registration/schema';
import { controlCharacterIn } from '$lib/setup/plain-text';
import { DrawRecordSchema } from '$lib/contract';
import { backupLinesOf, busyEvent, EVENT, restoreAnswer, T0, textOf, withItems, type Line } from './backup.testkit';
import { listDraws } from './draws';
import { cleanedName, PLAIN_TEXT_MIGRATION, plainBackupItem } from './plain-text-migration';
import { getPerson, getRegistration, listPeople } from './register-store';
import { MIGRATIONS } from './migrations';
import { DB_FILE, Store } from './store';

let dir: string;
const open: Store[] = [];
const track = (s: Store) => (open.push(s), s);

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-plain-text-'));
});
afterEach(() => {
	for (const s of open.splice(0)) s.close();
	rmSync(dir, { recursive: true, force: true });
});

const R = presetById('czjpa-individual')!;
const by = { tokenId: 'tok-1', label: 'Desk' };

/** A database as a version before the clean-up left it: every migration before it, rows written with SQL as older versions could. */
function oldDatabase(at: string): void {
	const mine = MIGRATIONS.indexOf(PLAIN_TEXT_MIGRATION);
	const before = mine < 0 ? MIGRATIONS.length : mine;
	const old = new Database(join(at, DB_FILE));
	for (const m of MIGRATIONS.slice(0, before)) old.exec(m);
	old.pragma(`user_version = ${before}`);
	const run = (sql: string, ...args: unknown[]) => old.prepare(sql).run(...args);
	run('INSERT INTO events (id, name, date) VALUES (?, ?, ?)', 'ev', 'Spring\u0000 cup', '2026-05-16');
	run('INSERT INTO rulesets (id, version, json) VALUES (?, ?, ?)', R.id, R.version, JSON.stringify(R));
	run('INSERT INTO competitions (id, event_id, name, ruleset_id, ruleset_version, position) VALUES (?, ?, ?, ?, ?, ?)', 'c1', 'ev', '\u202EIndividuals\u202C', R.id, R.version, 0);
	run('INSERT INTO heats (id, competition_id, name, position) VALUES (?, ?, ?, ?)', 'h1', 'c1', 'Heat\t1\r\n', 0);
	const members = [
		{ id: 'm1', name: 'Anna\nNováková', country: 'CZ' },
		{ id: 'm2', name: 'Bára' },
		{ id: 'm3', name: '\u0007' }
	];
	run('INSERT INTO entries (id, competition_id, heat_id, name, members, table_label, seat, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', 'e1', 'c1', 'h1', 'Team\u2028A', JSON.stringify(members), '\u200F01', ' 2\u0000', 0);
	run('INSERT INTO entries (id, competition_id, heat_id, name, members, table_label, seat, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', 'e2', 'c1', 'h1', '\u2066\u2069', '[]', null, null, 1);
	run('INSERT INTO entries (id, competition_id, heat_id, name, members, table_label, seat, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', 'e3', 'c1', 'h1', '  Clean  ', JSON.stringify([{ id: 'm4', name: ' Carla ' }]), 'T1', '3', 2);
	const person = PersonSchema.parse({ id: 'p1', eventId: 'ev', name: 'Jana Nováková', accompaniedBy: 'Petr Novák', version: 1 });
	run('INSERT INTO people (event_id, id, version, json) VALUES (?, ?, ?, ?)', 'ev', 'p1', 1, JSON.stringify({ ...person, name: 'Jana \u0000Nováková', accompaniedBy: 'Petr\u0085Novák' }));
	const registration = RegistrationSchema.parse({
		id: 'r1', eventId: 'ev', competitionId: 'c1', name: 'Jana Nováková', memberIds: ['p1'], registeredAt: T0, status: 'registered',
		fee: { amount: 400, currency: 'CZK' }, paid: null, cancelled: null, version: 1
	});
	run('INSERT INTO registrations (event_id, id, competition_id, status, registered_at, version, json) VALUES (?, ?, ?, ?, ?, ?, ?)', 'ev', 'r1', 'c1', 'registered', T0, 1, JSON.stringify({ ...registration, name: 'Jana Nováková\u001b' }));
	const draw = DrawRecordSchema.parse({
		id: 'd1', eventId: 'ev', competitionId: 'c1', kind: 'teams', seed: 'dice', input: [{ id: 'p1', name: 'Jana' }],
		teams: [{ id: 't1', name: 'Sovy', memberIds: ['p1'], short: true }, { id: 't2', name: 'Lišky', memberIds: ['p1'], short: true }],
		leftovers: [], leftoverChoice: 'short-team', at: T0, by, reason: null, superseded: null, renames: []
	});
	const teams = [{ id: 't1', name: 'Sovy', memberIds: ['p1'], short: true }, { id: 't2', name: 'Li\u200Eš\u0000ky', memberIds: ['p1'], short: true }];
	run('INSERT INTO draws (event_id, id, competition_id, kind, made_at, json) VALUES (?, ?, ?, ?, ?, ?)', 'ev', 'd1', 'c1', 'teams', T0, JSON.stringify({ ...draw, teams }));
	old.close();
}

/** Every string in a JSON value. */
const stringsIn = (v: unknown): string[] => (typeof v === 'string' ? [v] : typeof v === 'object' && v !== null ? Object.values(v).flatMap(stringsIn) : []);

describe('names stored before the check (issue 29 #8)', () => {
	it('issue 29 #8: the store’s migration cleans names and labels of an older database, and its reads work again', () => {
		oldDatabase(dir);
		const store = track(Store.open(dir));
		expect(store.userVersion).toBe(MIGRATIONS.length);
		expect(store.getEvent('ev')?.name).toBe('Spring cup');
		expect(store.getCompetition('ev', 'c1')?.name).toBe('Individuals');
		expect(store.getHeat('ev', 'h1')?.name).toBe('Heat 1');
		expect(store.listEntries('ev', 'c1')).toEqual([
			// A tab or line break is a space, the rest is dropped; the label is tidied as it is read ("01" is "1").
			{ id: 'e1', competitionId: 'c1', heatId: 'h1', name: 'Team A', members: [{ id: 'm1', name: 'Anna Nováková', country: 'CZ' }, { id: 'm2', name: 'Bára' }, { id: 'm3', name: 'm3' }], table: '1', seat: '2' },
			// A name left empty is named by its ID.
			{ id: 'e2', competitionId: 'c1', heatId: 'h1', name: 'e2', members: [] },
			// Names holding nothing refused stay as they were, spaces and all.
			{ id: 'e3', competitionId: 'c1', heatId: 'h1', name: '  Clean  ', members: [{ id: 'm4', name: ' Carla ' }], table: 'T1', seat: '3' }
		]);
		expect(store.getEntry('ev', 'e1')?.table).toBe('1');
		expect(getPerson(store, 'ev', 'p1')).toMatchObject({ name: 'Jana Nováková', accompaniedBy: 'Petr Novák' });
		expect(listPeople(store, 'ev')).toHaveLength(1);
		expect(getRegistration(store, 'ev', 'r1')?.name).toBe('Jana Nováková');
		expect(listDraws(store, 'ev')[0]).toMatchObject({ kind: 'teams', teams: [{ id: 't1', name: 'Sovy' }, { id: 't2', name: 'Lišky' }] });
		// Nothing refused is left in the file, and the rows that held nothing refused are untouched.
		const texts = store.db.prepare("SELECT name AS t FROM events UNION ALL SELECT name FROM competitions UNION ALL SELECT name FROM heats UNION ALL SELECT name || coalesce(table_label, '') || coalesce(seat, '') FROM entries").pluck().all() as string[];
		const json = store.db.prepare('SELECT members FROM entries UNION ALL SELECT json FROM people UNION ALL SELECT json FROM registrations UNION ALL SELECT json FROM draws').pluck().all() as string[];
		for (const t of [...texts, ...json.flatMap((j) => stringsIn(JSON.parse(j)))]) expect(controlCharacterIn(t), t).toBeNull();
		expect(store.db.prepare("SELECT table_label, seat FROM entries WHERE id = 'e1'").get()).toEqual({ table_label: '01', seat: ' 2' });
	});

	it('issue 29 #8: cleans in TypeScript as the migration does in SQL', () => {
		const db = new Database(':memory:');
		db.exec('CREATE TABLE events (id TEXT PRIMARY KEY, name TEXT NOT NULL, date TEXT NOT NULL)');
		const samples = ['Ana', ' Ana ', 'A\u0000na', ' A\tna\n', '\r\n', '\u202Eana\u202C', 'Ana\u2028Bo', 'x\u007f\u0080\u009fy', '\u061c\u200e\u200f\u2066\u2067\u2068\u2069', 'C:\\new\u0000\\\u0000', 'a\\u0000b\\\\u0000'];
		const insert = db.prepare('INSERT INTO events (id, name, date) VALUES (?, ?, ?)');
		samples.forEach((name, i) => insert.run(`id-${i}`, name, '2026-05-16'));
		db.exec(PLAIN_TEXT_MIGRATION.split('\n').find((s) => s.startsWith('UPDATE events'))!);
		const names = db.prepare('SELECT name FROM events ORDER BY rowid').pluck().all();
		expect(names).toEqual(samples.map((name, i) => cleanedName(name, `id-${i}`)));
		expect(names).toEqual(['Ana', ' Ana ', 'Ana', 'A na', 'id-4', 'ana', 'Ana Bo', 'xy', 'id-8', 'C:\\new\\', 'a\\u0000b\\\\u0000']);
		db.close();
	});

	it('issue 29 #8: a backup taken before the check is restored with its names cleaned, not refused', async () => {
		const source = track(Store.open(join(dir, 'source')));
		busyEvent(source);
		const lines = backupLinesOf(source, EVENT, T0 + 100 * 60_000);
		let text = textOf(lines);
		// As an older server backed it up: the event's, a competition's, a heat's, an entry's and its member's names, a label, a person's name.
		const [header, ...items] = lines as [Line, ...Line[]];
		const event = header.event as { name: string };
		const older = [
			{ ...header, event: { ...event, name: `${event.name}\u0000` } },
			...withItems(
				withItems(
					withItems(
						withItems(items, 'competition', (l, i) => (i === 0 ? { ...l, competition: { ...(l.competition as object), name: 'Quali\u202Efying' } } : l)),
						'heat',
						(l, i) => (i === 0 ? { ...l, heat: { ...(l.heat as object), name: 'Heat\n1' } } : l)
					),
					'entry',
					(l, i) => {
						const entry = l.entry as { members: { name: string }[] };
						return i === 0 ? { ...l, entry: { ...entry, name: 'Solver\u00001', table: '\u200F01', members: entry.members.map((m) => ({ ...m, name: `${m.name}\r\n` })) } } : l;
					}
				),
				'person',
				(l, i) => (i === 0 ? { ...l, person: { ...(l.person as object), name: 'Jana\u2028Nováková' } } : l)
			)
		];
		text = textOf(older);
		const target = track(Store.open(join(dir, 'target')));
		const answer = await restoreAnswer(target, text);
		expect(answer).toMatchObject({ status: 201 });
		expect(target.getEvent(EVENT)?.name).toBe(event.name);
		expect(target.getCompetition(EVENT, 'b-q')?.name).toBe('Qualifying');
		expect(target.getHeat(EVENT, 'b-q-h1')?.name).toBe('Heat 1');
		expect(target.getEntry(EVENT, 'b-q-e1')).toMatchObject({ name: 'Solver1', table: '1', members: [{ name: 'Solver 1' }] });
		expect(getPerson(target, EVENT, 'b-person-0')?.name).toBe('Jana Nováková');
		// Every other item as it was.
		expect(plainBackupItem(items[0])).toBe(items[0]);
	});
});
