import type { Ruleset } from '$lib/rules/schema';
import type { CompetitionSummary, Store } from '../store';
import { line, type BackupLines } from './backup-line';

/** The set-up, parents first: the rulesets, the competitions (with where each came from), their heats, their entries. */
export function* setUpLines(store: Store, eventId: string, rulesets: ReadonlyMap<string, Ruleset>, competitions: readonly CompetitionSummary[]): BackupLines {
	for (const ruleset of rulesets.values()) yield line({ kind: 'ruleset', ruleset });
	const origin = store.db.prepare('SELECT origin FROM competitions WHERE event_id = ? AND id = ?').pluck();
	for (const { competition } of competitions) yield line({ kind: 'competition', competition, origin: origin.get(eventId, competition.id) });
	for (const { competition } of competitions) for (const heat of store.listHeats(eventId, competition.id)) yield line({ kind: 'heat', heat });
	for (const { competition } of competitions) for (const entry of store.listEntries(eventId, competition.id)) yield line({ kind: 'entry', entry });
}
