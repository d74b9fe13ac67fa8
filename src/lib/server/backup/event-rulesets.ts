import type { Ruleset } from '$lib/rules/schema';
import type { CompetitionSummary, Store } from '../store';

/**
 * The ruleset versions a backup of the event holds, by "id@version": those its competitions
 * use, then those only the history of their ruleset versions names (so that a restored history
 * points at rulesets that exist), in the order named.
 */
export function eventRulesets(store: Store, eventId: string, competitions: readonly CompetitionSummary[]): Map<string, Ruleset> {
	const rulesets = new Map(competitions.map((c) => [`${c.ruleset.id}@${c.ruleset.version}`, c.ruleset]));
	const named = store.db.prepare(
		`SELECT json_extract(r.json, '$.rulesetId') AS id, v.value AS version FROM ruleset_changes r, json_each(json_array(json_extract(r.json, '$.fromVersion'), json_extract(r.json, '$.toVersion'))) v
		  WHERE r.event_id = ? ORDER BY r.seq, v.key`
	);
	for (const r of named.all(eventId) as { id: string; version: number }[]) {
		const key = `${r.id}@${r.version}`;
		const ruleset = rulesets.has(key) ? undefined : store.getRuleset(r.id, r.version);
		if (ruleset) rulesets.set(key, ruleset);
	}
	return rulesets;
}
