/**
 * The name of the judge who uses this tablet: asked once, kept in localStorage, changed when
 * another judge takes over. Every event the station records carries it, so a name is never
 * made up: without one the station asks before a heat opens.
 */

export const JUDGE_KEY = 'puzzle-judge.judge';

/** The longest name an event can carry (JudgeEventSchema's `judge`; judge-name.test.ts checks that they agree). */
export const JUDGE_NAME_MAX = 120;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A typed name as it is recorded: trimmed, runs of white space made one space; null when nothing is left. */
export function cleanJudgeName(typed: string | null | undefined): string | null {
	const name = (typed ?? '').replace(/\s+/g, ' ').trim().slice(0, JUDGE_NAME_MAX).trim();
	return name === '' ? null : name;
}

/** The name remembered on this tablet, or null (none, blank, or the storage cannot be read). */
export function loadJudgeName(storage: KeyValueStore): string | null {
	try {
		return cleanJudgeName(storage.getItem(JUDGE_KEY));
	} catch {
		return null;
	}
}

/** Remembers the name (cleaned); a blank one forgets it. Returns what is remembered now. */
export function saveJudgeName(storage: KeyValueStore, typed: string | null): string | null {
	const name = cleanJudgeName(typed);
	try {
		if (name === null) storage.removeItem(JUDGE_KEY);
		else storage.setItem(JUDGE_KEY, name);
	} catch {
		// A full or blocked storage: the name holds for this visit, and is asked again next time.
	}
	return name;
}
