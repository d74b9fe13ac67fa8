import { registrationsCsv } from '$lib/registration/csv/export';
import type { PreparedCompetition, RegisterAnswer } from '$lib/contract';
import { csvCompetitions } from './regfiles-competitions';

/**
 * The register's registrations as the CSV file the organizer downloads (docs/registration-csv.md,
 * Export): its name (the event and the moment, like the results' files) and its text
 * (src/lib/registration/csv/export.ts: UTF-8 with a BOM, what the import reads back).
 */
export function registrationsFile(
	register: Pick<RegisterAnswer, 'event' | 'people' | 'registrations' | 'drawnTeams'>,
	competitions: readonly PreparedCompetition[],
	at: number
): { name: string; text: string } {
	const stamp = new Date(at).toISOString().slice(0, 16).replace(/[:T]/g, '-');
	return {
		name: `registrations-${register.event.id}-${stamp}.csv`,
		text: registrationsCsv({
			people: register.people,
			registrations: register.registrations,
			competitions: csvCompetitions(competitions),
			...(register.drawnTeams ? { drawnTeams: register.drawnTeams } : {})
		})
	};
}
