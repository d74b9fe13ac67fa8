import { cleanJudgeName, JUDGE_KEY, loadJudgeName, saveJudgeName } from './judge-name';

/**
 * The judge on this tablet, for every screen of the station (the home's field, the question
 * before a heat opens, the heat's header): the name remembered in localStorage (judge-name.ts),
 * followed across the tablet's tabs.
 */
export class StationJudge {
	/** The judge's name; null until one is given on this tablet. */
	name = $state<string | null>(null);
	#storage: Storage | null = null;

	/** Reads the remembered name and follows changes made in other tabs; returns the way to stop. */
	connect(storage: Storage, target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void {
		this.#storage = storage;
		this.name = loadJudgeName(storage);
		const follow = (e: StorageEvent) => {
			if (e.key === JUDGE_KEY || e.key === null) this.name = cleanJudgeName(e.newValue);
		};
		target.addEventListener('storage', follow);
		return () => target.removeEventListener('storage', follow);
	}

	/** The name typed, remembered at once (a blank one forgets it). Returns the name as kept. */
	set(typed: string): string | null {
		this.name = this.#storage ? saveJudgeName(this.#storage, typed) : cleanJudgeName(typed);
		return this.name;
	}
}

/** The station's one instance (connected by the station page). */
export const stationJudge = new StationJudge();
