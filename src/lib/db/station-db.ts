import Dexie, { type EntityTable } from 'dexie';
import type { JudgeEvent } from '$lib/events/schema';
import type { Ruleset } from '$lib/rules/schema';
import type { Competition, CompetitionEvent, Entry, Heat } from '$lib/setup/schema';

/** A stored ruleset version, keyed by `${id}@${version}` (Dexie keys must be one value). */
export interface StoredRuleset {
	key: string;
	ruleset: Ruleset;
}

export interface MetaRow {
	key: string;
	value: unknown;
}

/**
 * The tablet's database: the set-up it received or made on the spot, and the judge-event log.
 * Events are never updated or deleted: corrections are new events. Writes use Chrome's
 * strict durability, so a tap is on disk before the UI shows it as done.
 */
export class StationDb extends Dexie {
	events!: EntityTable<JudgeEvent, 'id'>;
	days!: EntityTable<CompetitionEvent, 'id'>;
	rulesets!: EntityTable<StoredRuleset, 'key'>;
	competitions!: EntityTable<Competition, 'id'>;
	heats!: EntityTable<Heat, 'id'>;
	entries!: EntityTable<Entry, 'id'>;
	meta!: EntityTable<MetaRow, 'key'>;

	constructor(name = 'puzzle-judge', options: ConstructorParameters<typeof Dexie>[1] = {}) {
		super(name, { chromeTransactionDurability: 'strict', ...options });
		this.version(1).stores({
			events: 'id, [deviceId+seq], [competitionId+heatId], competitionId',
			days: 'id',
			rulesets: 'key',
			competitions: 'id, eventId',
			heats: 'id, competitionId',
			entries: 'id, heatId, competitionId',
			meta: 'key'
		});
	}
}

export function rulesetKey(r: { id: string; version: number }): string {
	return `${r.id}@${r.version}`;
}
