import type { ActionType } from './action-types';
import type { ActionEvent, CorrectionEvent, EventOf, JudgeEvent, Replacement } from './schema';

type PayloadOf<T extends ActionType> = EventOf<T>['payload'];

/**
 * Makes the events of one device, with its sequence numbers and IDs: what a tablet records,
 * and what tests, fixtures and benchmarks use to write logs by hand. Times are given, never read.
 */
export class DeviceLog {
	readonly events: JudgeEvent[] = [];
	private seq: number;
	private firstAt: number | null = null;
	constructor(
		readonly opts: { deviceId: string; judge: string; competitionId: string; heatId: string | null; firstSeq?: number; newId?: (seq: number) => string }
	) {
		this.seq = opts.firstSeq ?? 1;
	}

	private envelope(at: number) {
		const seq = this.seq++;
		const base = (this.firstAt ??= at);
		return {
			id: this.opts.newId ? this.opts.newId(seq) : `${this.opts.deviceId}-${seq}`,
			deviceId: this.opts.deviceId,
			seq,
			at,
			mono: Math.max(0, at - base),
			judge: this.opts.judge,
			competitionId: this.opts.competitionId,
			heatId: this.opts.heatId
		};
	}

	record<T extends ActionType>(type: T, at: number, entryId: string | null, payload: PayloadOf<T>): EventOf<T> {
		const e = { ...this.envelope(at), entryId, type, payload } as unknown as EventOf<T>;
		this.events.push(e as ActionEvent);
		return e;
	}

	/** A correction superseding `target`: void it, or replace it with `replacement`. */
	correct(target: JudgeEvent, at: number, reason: string, replacement?: Replacement): CorrectionEvent {
		const e: CorrectionEvent = {
			...this.envelope(at),
			competitionId: target.competitionId,
			heatId: target.heatId,
			entryId: target.entryId,
			type: 'correction',
			payload: replacement ? { supersedes: target.id, reason, replacement } : { supersedes: target.id, reason }
		};
		this.events.push(e);
		return e;
	}

	start(at: number, entryIds: string[], previewMs = 0) {
		return this.record('heat.start', at, null, { entryIds, previewMs });
	}
	hand(entryId: string, at: number) {
		return this.record('hand.raised', at, entryId, {});
	}
	puzzleFinished(entryId: string, at: number, puzzleId: string, memberIds: string[] = []) {
		return this.record('relay.puzzle-finished', at, entryId, { puzzleId, memberIds });
	}
	confirm(ref: JudgeEvent, at: number, missingPieces = 0) {
		return this.record('check.confirmed', at, ref.entryId, { ref: ref.id, missingPieces });
	}
	reject(ref: JudgeEvent, at: number, reason?: string) {
		return this.record('check.rejected', at, ref.entryId, reason === undefined ? { ref: ref.id } : { ref: ref.id, reason });
	}
	ack(entryId: string, at: number) {
		return this.record('record.acknowledged', at, entryId, {});
	}
	/** A pause from `from`; ended at `to` when given. */
	pause(entryId: string, from: number, to?: number) {
		const s = this.record('pause.start', from, entryId, {});
		if (to !== undefined) this.record('pause.end', to, entryId, {});
		return s;
	}
	assist(entryId: string, from: number, to?: number) {
		const s = this.record('assist.start', from, entryId, {});
		if (to !== undefined) this.record('assist.end', to, entryId, {});
		return s;
	}
	tally(entryId: string, at: number, groups: number[], puzzleId?: string) {
		return this.record('tally.recorded', at, entryId, puzzleId === undefined ? { groups } : { groups, puzzleId });
	}
	disqualify(entryId: string, at: number, reason: string) {
		return this.record('entry.disqualified', at, entryId, { reason });
	}
	/** A hand raised, confirmed a second later, acknowledged a second after that. */
	finish(entryId: string, at: number, missingPieces = 0, acknowledge = true) {
		const h = this.hand(entryId, at);
		this.confirm(h, at + 1000, missingPieces);
		if (acknowledge) this.ack(entryId, at + 2000);
		return h;
	}
}
