import { pauseClock, type PauseClock } from './pause-clock';
import { checkPayload } from './check-payload';
import { seatRecords, type SeatRecords } from '../seat-records';
import type { HeatFold } from './heat-fold.svelte';
import type { HeatWriter } from './heat-writer.svelte';
import { assistOffer, pauseOffer, type Offer } from './seat-offers';
import { tapNow } from './tap';

/**
 * What the judge does at one seat (an individual, a pair, a group, a relay team as a whole):
 * the finish and its check, pauses and assistance, the tally, the agreement, a disqualification,
 * a note. Each tap is one event through the heat's write path.
 */
export class SeatActions {
	private readonly fold: HeatFold;
	private readonly writer: HeatWriter;

	constructor(fold: HeatFold, writer: HeatWriter) {
		this.fold = fold;
		this.writer = writer;
	}

	/**
	 * What each tablet recorded for the seats another device recorded too, beside what counts
	 * (seat-records.ts); seats only this tablet recorded are not in it.
	 */
	records: Map<string, SeatRecords> = $derived.by(() =>
		seatRecords({
			setup: this.fold.setup,
			seats: this.fold.seats.map((s) => s.id),
			events: this.fold.events,
			deviceId: this.writer.deviceId,
			counted: this.fold.outcomes,
			conflicts: this.fold.conflicts,
			at: this.fold.foldedAt
		})
	);

	/**
	 * The finish a check at this seat confirms or rejects: this tablet's own finish while its
	 * check is to be done (even when another tablet's finish counts), else the finish that counts.
	 */
	checkTarget(entryId: string): string | null {
		return this.records.get(entryId)?.ownFinishToCheck ?? this.fold.outcome(entryId).finishEventId;
	}

	/** The seat waits for this tablet's check of a finish (its own, or the one that counts). */
	checking(entryId: string): boolean {
		const o = this.fold.outcomes.get(entryId)!;
		return (this.records.get(entryId)?.ownFinishToCheck ?? null) !== null || (o.status === 'finished' && o.check === 'pending');
	}

	/** The seat's pause under way at `now`: how long it has run and may still run (ES-PAUSE); null when none. */
	runningPause(entryId: string): PauseClock | null {
		return pauseClock(this.fold.summary(entryId), this.fold.now);
	}

	pauseOffer(entryId: string): Offer {
		return pauseOffer(this.fold.ruleset, this.fold.outcomes.get(entryId)!);
	}

	assistOffer(entryId: string): Offer {
		return assistOffer(this.fold.ruleset, this.fold.outcomes.get(entryId)!);
	}

	/** The finish: the instant of the tap (CZ-GEN-FINISH, ES-END). */
	handRaised(entryId: string, tap = tapNow()) {
		return this.writer.record('hand.raised', entryId, {}, tap);
	}

	/** The check confirmed with its missing pieces, `missingFromBox` of them never in the box (written only when some). */
	confirm(entryId: string, missingPieces: number, missingFromBox = 0, tap = tapNow()) {
		const ref = this.checkTarget(entryId);
		if (!ref) return Promise.resolve(null);
		return this.writer.record('check.confirmed', entryId, checkPayload(ref, missingPieces, missingFromBox), tap);
	}

	reject(entryId: string, tap = tapNow()) {
		const ref = this.checkTarget(entryId);
		if (!ref) return Promise.resolve(null);
		return this.writer.record('check.rejected', entryId, { ref }, tap);
	}

	/** "I agree with this time": the record locks (CZ-GEN-RECORD). */
	acknowledge(entryId: string, tap = tapNow()) {
		return this.writer.record('record.acknowledged', entryId, {}, tap);
	}

	pauseStart(entryId: string, tap = tapNow()) {
		return this.writer.record('pause.start', entryId, {}, tap);
	}

	pauseEnd(entryId: string, tap = tapNow()) {
		return this.writer.record('pause.end', entryId, {}, tap);
	}

	assistStart(entryId: string, tap = tapNow()) {
		return this.writer.record('assist.start', entryId, {}, tap);
	}

	assistEnd(entryId: string, tap = tapNow()) {
		return this.writer.record('assist.end', entryId, {}, tap);
	}

	/** The connected group sizes of an unfinished puzzle (CZ-GEN-UNFINISHED, ES-UNFINISHED). */
	tally(entryId: string, groups: number[], tap = tapNow()) {
		return this.writer.record('tally.recorded', entryId, { groups }, tap);
	}

	disqualify(entryId: string, reason: string, tap = tapNow()) {
		return this.writer.record('entry.disqualified', entryId, { reason }, tap);
	}

	/** The competitor never came to the seat: no place (a late one's clock ran from the common start, ES-LATE). */
	didNotStart(entryId: string, tap = tapNow()) {
		return this.writer.record('entry.did-not-start', entryId, {}, tap);
	}

	note(entryId: string | null, note: string, tap = tapNow()) {
		return this.writer.record('incident.noted', entryId, { note }, tap);
	}
}
