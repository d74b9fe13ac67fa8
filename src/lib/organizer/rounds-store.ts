import type { StationDb } from '$lib/db/station-db';
import { parseRoundRule, RoundRuleSchema, type RoundRule } from './rounds';

/**
 * Where a qualifying competition's round rule is kept: this organizer device's `meta` table
 * (key `advancement:{competitionId}`). Not on the server yet: the shared Competition schema and
 * the server's store have no place for it without a migration (see the rounds commit).
 */

const PREFIX = 'advancement:';

/** Every valid rule on this device, by qualifying competition ID. */
export async function loadRoundRules(db: StationDb): Promise<Map<string, RoundRule>> {
	const rows = await db.meta.where('key').startsWith(PREFIX).toArray();
	const rules = new Map<string, RoundRule>();
	for (const row of rows) {
		const rule = parseRoundRule(row.value);
		if (rule) rules.set(row.key.slice(PREFIX.length), rule);
	}
	return rules;
}

/** Saves (validated) or, with null, removes the rule of `competitionId`. */
export async function saveRoundRule(db: StationDb, competitionId: string, rule: RoundRule | null): Promise<void> {
	if (rule === null) await db.meta.delete(PREFIX + competitionId);
	else await db.meta.put({ key: PREFIX + competitionId, value: RoundRuleSchema.parse(rule) });
}
