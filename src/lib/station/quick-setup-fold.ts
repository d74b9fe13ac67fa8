import type { KeyValueStore } from './remembered-choice';

/**
 * Whether the station's quick set-up starts unfolded. It is unfolded when the tablet holds no
 * heat to choose from; the home paints before the tablet's heats are read, so until then the
 * fold follows what the home found last time (kept in localStorage), and the answer read from
 * the tablet corrects it once, if that guess was wrong.
 */

export const HOLDS_HEATS_KEY = 'puzzle-judge.station-holds-heats';

/** The guess while the tablet's heats are read: unfolded unless the home found heats last time. */
export function guessUnfolded(storage: KeyValueStore): boolean {
	try {
		return storage.getItem(HOLDS_HEATS_KEY) !== 'yes';
	} catch {
		return true;
	}
}

/** What the home found, for the next start's guess. */
export function rememberHoldsHeats(storage: KeyValueStore, holdsHeats: boolean): void {
	try {
		if ((storage.getItem(HOLDS_HEATS_KEY) === 'yes') !== holdsHeats) storage.setItem(HOLDS_HEATS_KEY, holdsHeats ? 'yes' : 'no');
	} catch {
		// A blocked storage only costs a fold that corrects itself once the heats are read.
	}
}
