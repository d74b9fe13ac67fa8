/**
 * Where each competition, heat and entry stands in its list, as the backup lists them: a
 * restore keeps the order (competitions in the event, heats and entries in their competition).
 */
export class StagingPositions {
	private competitions = 0;
	private readonly heats = new Map<string, number>();
	private readonly entries = new Map<string, number>();

	nextCompetition(): number {
		return this.competitions++;
	}

	nextHeat(competitionId: string): number {
		return next(this.heats, competitionId);
	}

	nextEntry(competitionId: string): number {
		return next(this.entries, competitionId);
	}
}

function next(positions: Map<string, number>, parent: string): number {
	const p = positions.get(parent) ?? 0;
	positions.set(parent, p + 1);
	return p;
}
