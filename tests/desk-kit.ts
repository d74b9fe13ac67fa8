import Database from 'better-sqlite3';
import type { Person, Registration } from '../src/lib/registration/schema';
import { DB_FILE } from './sync-kit';

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
