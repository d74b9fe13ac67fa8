import { QUICK_SETUP_LIMITS } from './quick-setup-limits';

/**
 * The seats of a quick set-up, from its form: the names typed, one a line, decide the seats
 * when there are any (blank lines are skipped: no seat without a name is made between or after
 * them); with no name typed, the seat count typed stands and every seat is unnamed (the station
 * names it "Seat N" in the judge's language).
 */
export interface QuickSetupSeats {
	/** One per seat, in seat order; '' for a seat without a name. */
	names: string[];
	/** The names typed decide the seat count (the count field only shows it). */
	fromNames: boolean;
}

/**
 * A typed count that is not a whole number of seats counts as none; one above the limit is cut
 * to one past it, so that the set-up still refuses it with "at most N seats" (and no huge list
 * is made from a slip of the finger).
 */
function seatsOf(count: number | null | undefined): number {
	if (typeof count !== 'number' || !Number.isFinite(count) || count < 1) return 0;
	return Math.min(Math.floor(count), QUICK_SETUP_LIMITS.seats + 1);
}

export function quickSetupSeats(namesText: string, seatCount: number | null | undefined): QuickSetupSeats {
	const typed = namesText
		.split(/\r?\n/)
		.map((n) => n.trim())
		.filter((n) => n !== '');
	if (typed.length > 0) return { names: typed, fromNames: true };
	return { names: Array.from({ length: seatsOf(seatCount) }, () => ''), fromNames: false };
}
