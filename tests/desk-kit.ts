import Database from 'better-sqlite3';
import type { Person, Registration } from '../src/lib/registration/schema';
import { presetById } from '../src/lib/rules/presets';
import { addDevice, createEvent, DB_FILE, writeSetup } from './sync-kit';

/**
 * Test-only: puts people and registrations straight into the e2e server's register tables
 * (migration 11), while the server runs (SQLite in WAL mode takes the second writer), as the
 * organizer's registration screens will once they exist. One function, so that it can be
 * switched to the register's API (helper 1's endpoints) after the merge.
 */
export function seedRegister(people: Person[], registrations: Registration[], file = DB_FILE): void {
	const db = new Database(file, { fileMustExist: true });
	db.pragma('busy_timeout = 5000');
	try {
		db.transaction(() => {
			const person = db.prepare('INSERT INTO people (event_id, id, version, json) VALUES (?, ?, ?, ?)');
			for (const p of people) person.run(p.eventId, p.id, p.version, JSON.stringify(p));
			const registration = db.prepare(
				'INSERT INTO registrations (event_id, id, competition_id, status, registered_at, version, json) VALUES (?, ?, ?, ?, ?, ?, ?)'
			);
			for (const r of registrations) registration.run(r.eventId, r.id, r.competitionId, r.status, r.registeredAt, r.version, JSON.stringify(r));
		})();
	} finally {
		db.close();
	}
}

/**
 * An event of its own for the door: a CZJPA individual with one heat seating Jana Nováková
 * (unpaid, club Skládačky Brno) and Tomáš Malý (born 2012: under 16), Eva Nová waiting and in no
 * heat (their registration IDs are their entries' IDs), with e-mail, phone and birth dates in
 * the register; a desk "Door 1" and a judge "Table 1" added.
 */
export async function organizeDeskEvent() {
	const RULESET = presetById('czjpa-individual')!;
	const created = await createEvent(`Desk cup ${Math.random().toString(36).slice(2, 7)}`);
	const { eventId, token } = created;
	const competitionId = `${eventId}-ind`;
	const heatId = `${eventId}-h1`;
	const id = (s: string) => `${eventId}-${s}`;
	// Jana and Tom are seated (their registration IDs are their entries' IDs); Eva waits, in no heat.
	await writeSetup(eventId, token, {
		rulesets: [RULESET],
		competitions: [{ id: competitionId, eventId, name: 'Individual', ruleset: { id: RULESET.id, version: RULESET.version } }],
		heats: [{ id: heatId, competitionId, name: 'Heat 1' }],
		entries: [
			{ id: id('r-jana'), competitionId, heatId, name: 'Jana Nováková', members: [], table: '1', seat: '1' },
			{ id: id('r-tom'), competitionId, heatId, name: 'Tomáš Malý', members: [], table: '1', seat: '2' }
		]
	});
	const person = (key: string, name: string, birthDate: string, extra: Partial<Person> = {}): Person => ({
		id: id(key), eventId, name, birthDate, email: `${key}@example.org`, phone: '+420 777 000 111', version: 1, ...extra
	});
	const registration = (key: string, who: Person, registeredAt: number, extra: Partial<Registration> = {}): Registration => ({
		id: id(key), eventId, competitionId, name: who.name, memberIds: [who.id], registeredAt, status: 'registered', fee: { amount: 400, currency: 'CZK' }, paid: null, cancelled: null, version: 1, ...extra
	});
	const jana = person('jana', 'Jana Nováková', '1990-01-02', { club: 'Skládačky Brno' });
	const tom = person('tom', 'Tomáš Malý', '2012-03-04');
	const eva = person('eva', 'Eva Nová', '1985-07-08');
	seedRegister([jana, tom, eva], [
		registration('r-jana', jana, 1),
		registration('r-tom', tom, 2, { paid: { amount: 400, at: 3 } }),
		registration('r-eva', eva, 4, { status: 'waiting', paid: { amount: 400, at: 5 } })
	]);
	const desk = await addDevice(eventId, token, 'desk', 'Door 1');
	const judge = await addDevice(eventId, token, 'judge', 'Table 1');
	return { eventId, competitionId, heatId, id, token, desk, judge, eventName: created.event.name };
}
