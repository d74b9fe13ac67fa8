/** A draw in force as the public results page shows it (src/lib/server/public-draws.ts): names only. */

export interface PublicGroup {
	name: string;
	/** Team members' names, or the turn's entries' names, in drawn order. */
	names: string[];
}

export interface PublicDraw {
	competitionId: string;
	competitionName: string;
	/** The relay's teams (CZ-TEAM-DRAW) or the turns by lot (ES-SHIFT). */
	kind: 'teams' | 'turns';
	seed: string;
	at: number;
	/** The teams, or the turns. */
	groups: PublicGroup[];
}
