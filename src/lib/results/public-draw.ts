import type { DrawRecord } from '$lib/sync/contract';

/** A draw in force as the public results page shows it (src/lib/server/public-draws.ts): names only. */

export interface PublicGroup {
	name: string;
	/** Team members' names, or the turn's entries' names, in drawn order. */
	names: string[];
}

export interface PublicDraw {
	competitionId: string;
	competitionName: string;
	kind: DrawRecord['kind'];
	seed: string;
	at: number;
	/** The teams, or the turns. */
	groups: PublicGroup[];
}
