import type { JudgeEvent } from '$lib/events/schema';
import { CompetitionScorer, type CompetitionSetup, type Conflict, type Outcome } from '$lib/scoring';

/**
 * What each tablet recorded for a seat, beside what counts. Two tablets on one seat (a second
 * judge, a tablet taking over) both record it; their events meet through sync, the scorer
 * folds them together and reports the disagreements as conflicts for the organizer. The
 * judge's tablet must not silently show the other tablet's result as its own: this says, per
 * seat, what this tablet recorded, what every other device recorded, whether each is the one
 * that counts, and which of this tablet's own finishes still waits for its check.
 *
 * A device's record is the seat's outcome folded from the heat's own events (its starts, by
 * whoever recorded them) and that device's events for the seat alone: the result that device
 * alone would show.
 */

/** One device's record of a seat. */
export interface DeviceRecord {
	deviceId: string;
	/** The judge's name on the device's latest event for the seat. */
	judge: string;
	outcome: Outcome;
	/** The device's record is the result that counts (the same finish, check and result). */
	counted: boolean;
}

export interface SeatRecords {
	entryId: string;
	/** What this tablet recorded; null when it recorded nothing for the seat. */
	mine: DeviceRecord | null;
	/** What other devices recorded for the seat, by device ID. */
	others: DeviceRecord[];
	/** The seat's conflicts, which the organizer resolves. */
	conflicts: Conflict[];
	/**
	 * This tablet's own finish whose check is still to be done (nobody confirmed or rejected it),
	 * even when another tablet's finish counts: the check the judge is doing stays on screen and
	 * confirms this one.
	 */
	ownFinishToCheck: string | null;
}

/** Events that record nothing about the seat's result: a note alone, or a correction of another device's event. */
function recordsSomething(e: JudgeEvent): boolean {
	return e.type !== 'incident.noted' && e.type !== 'correction';
}

/** The same result: the same finish (or none), status, check, time, pieces and disqualification. */
export function sameResult(a: Outcome, b: Outcome): boolean {
	return (
		a.status === b.status &&
		a.finishEventId === b.finishEventId &&
		a.check === b.check &&
		a.finalTimeMs === b.finalTimeMs &&
		a.countedPieces === b.countedPieces &&
		a.disqualification === b.disqualification &&
		a.locked === b.locked
	);
}

/**
 * Every shown seat that another device recorded, with what each device recorded.
 *
 * @param setup the heat's set-up (its entries)
 * @param seats the seats this tablet shows
 * @param events every event of the heat this tablet holds
 * @param deviceId this tablet's device ID
 * @param counted each seat's outcome from all the events (what counts)
 * @param conflicts the heat's conflicts (the scorer's)
 * @param at the moment the outcomes are folded for
 */
export function seatRecords(opts: {
	setup: CompetitionSetup;
	seats: readonly string[];
	events: readonly JudgeEvent[];
	deviceId: string;
	counted: ReadonlyMap<string, Outcome>;
	conflicts: readonly Conflict[];
	at: number;
}): Map<string, SeatRecords> {
	const shown = new Set(opts.seats);
	const heatLevel: JudgeEvent[] = [];
	const bySeat = new Map<string, Map<string, JudgeEvent[]>>();
	for (const e of opts.events) {
		if (e.entryId === null) {
			heatLevel.push(e);
			continue;
		}
		if (!shown.has(e.entryId)) continue;
		let devices = bySeat.get(e.entryId);
		if (!devices) bySeat.set(e.entryId, (devices = new Map()));
		const list = devices.get(e.deviceId);
		if (list) list.push(e);
		else devices.set(e.deviceId, [e]);
	}

	const out = new Map<string, SeatRecords>();
	for (const [entryId, devices] of bySeat) {
		const recording = [...devices].filter(([, list]) => list.some(recordsSomething)).map(([id]) => id);
		const others = recording.filter((id) => id !== opts.deviceId).sort();
		if (others.length === 0) continue;
		const entry = opts.setup.entries.find((e) => e.id === entryId);
		const counted = opts.counted.get(entryId);
		if (!entry || !counted) continue;
		const recordOf = (deviceId: string): DeviceRecord => {
			const own = devices.get(deviceId)!;
			const scorer = new CompetitionScorer({ ...opts.setup, entries: [entry] });
			scorer.add(heatLevel);
			scorer.add(own);
			const outcome = scorer.outcome(entryId, opts.at)!;
			const latest = own.reduce((a, b) => (b.seq > a.seq ? b : a));
			return { deviceId, judge: latest.judge, outcome, counted: sameResult(outcome, counted) };
		};
		const mine = recording.includes(opts.deviceId) ? recordOf(opts.deviceId) : null;
		const ownFinish = mine?.outcome.status === 'finished' && mine.outcome.check === 'pending' ? mine.outcome.finishEventId : null;
		// Another device may have checked this tablet's finish (it holds its ID after a sync).
		const checkedElsewhere =
			ownFinish !== null &&
			[...devices.values()].some((list) => list.some((e) => (e.type === 'check.confirmed' || e.type === 'check.rejected') && e.payload.ref === ownFinish));
		out.set(entryId, {
			entryId,
			mine,
			others: others.map(recordOf),
			conflicts: opts.conflicts.filter((c) => c.entryId === entryId),
			ownFinishToCheck: checkedElsewhere ? null : ownFinish
		});
	}
	return out;
}
