import type { Locale } from '$lib/i18n';
import type { JudgeEvent } from '$lib/events/schema';
import type { Ruleset } from '$lib/rules/schema';
import type { Competition, Entry } from '$lib/setup/schema';

/** What the words of a conflict are made from (conflict-words.ts): the set-up, the log, the tablets' names. */
export interface ConflictContext {
	setup: { competition: Competition; ruleset: Ruleset; entries: readonly Entry[] };
	/** Every event this device holds, by ID. */
	events: ReadonlyMap<string, JudgeEvent>;
	/** The events of an entry and of its heat (eventScopes in conflict-words.ts). */
	scopeOf: (entry: Pick<Entry, 'id' | 'heatId' | 'competitionId'>) => readonly JudgeEvent[];
	/** A log device's name (tablet-names.ts). */
	tabletName: (deviceId: string) => string;
	/** Defaults to the current locale. */
	locale?: Locale;
	/** For the tablets' times of day; defaults to the device's. */
	timeZone?: string;
}

/** The options every message of a conflict's words is said with. */
export type WordsOptions = { locale?: Locale };
