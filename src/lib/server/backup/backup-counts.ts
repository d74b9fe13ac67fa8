import type { BackupCounts } from '../backup-format';
import type { CompetitionSummary, Store } from '../store';

/** How many items of each kind the backup of the event holds (its header and its last line say so). */
export function backupCounts(store: Store, eventId: string, rulesets: number, competitions: readonly CompetitionSummary[]): BackupCounts {
	const counted = (table: string) => store.db.prepare(`SELECT count(*) FROM ${table} WHERE event_id = ?`).pluck().get(eventId) as number;
	return {
		ruleset: rulesets,
		competition: competitions.length,
		heat: competitions.reduce((n, c) => n + c.heats, 0),
		entry: competitions.reduce((n, c) => n + c.entries, 0),
		device: counted('device_tokens'),
		judgeEvent: counted('judge_events'),
		heatStart: counted('heat_starts'),
		publication: counted('publications'),
		merge: counted('competition_merges'),
		person: counted('people'),
		registration: counted('registrations'),
		registrationChange: counted('registration_changes'),
		rulesetChange: counted('ruleset_changes'),
		draw: counted('draws'),
		tableCard: counted('table_cards'),
		protest: counted('protests'),
		photo: counted('photos')
	};
}
