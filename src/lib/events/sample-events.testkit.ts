import { ACTION_TYPES, namesEntry, type ActionType } from './action-types';
import type { ActionEvent, CorrectionEvent } from './schema';

/**
 * One valid event of every type, for tables of tests that go through all of them (the table
 * card's matrix, issue 29). `entries` are the heat's entries the event names (at least two: a
 * tie-break orders two).
 */
export function samplePayload(type: ActionType, entries: readonly [string, string]): ActionEvent['payload'] {
	const payloads: { [T in ActionType]: Extract<ActionEvent, { type: T }>['payload'] } = {
		'heat.start': { entryIds: [...entries], previewMs: 0 },
		'heat.time-limit': { entryIds: [...entries] },
		'pause.start': {},
		'pause.end': {},
		'assist.start': {},
		'assist.end': {},
		'hand.raised': {},
		'relay.puzzle-finished': { puzzleId: 'p1-1', memberIds: [] },
		'check.confirmed': { ref: 'some-hand', missingPieces: 0 },
		'check.rejected': { ref: 'some-hand' },
		'record.acknowledged': {},
		'tally.recorded': { groups: [10, 2] },
		'entry.disqualified': { reason: 'left the table' },
		'entry.did-not-start': {},
		'incident.noted': { note: 'the lights flickered' },
		'time.adjusted': { deltaMs: -5000, reason: 'tapped late' },
		'tiebreak.result': { order: [entries[1], entries[0]] },
		'relay.pairs-assigned': { pairs: [['m1', 'm2'], ['m3', 'm4']] },
		'relay.teardown-done': { puzzleId: 'p1-1' },
		'entry.checked-in': {},
		'box-fault.decided': { ref: 'some-check', confirmed: true }
	};
	return payloads[type];
}

export interface SampleEnvelope {
	id: string;
	deviceId: string;
	seq: number;
	at: number;
	competitionId: string;
	heatId: string | null;
}

/** A valid event of `type` (a heat's type without a heat is left so: the schema refuses it). */
export function sampleEvent(type: ActionType, envelope: SampleEnvelope, entries: readonly [string, string]): ActionEvent {
	return { ...envelope, mono: 0, judge: 'Eva', entryId: namesEntry(type) ? entries[0] : null, type, payload: samplePayload(type, entries) } as ActionEvent;
}

/** A void of `target` (an undo), as a judge records it. */
export function sampleVoid(target: ActionEvent | CorrectionEvent, envelope: Omit<SampleEnvelope, 'competitionId' | 'heatId'>): CorrectionEvent {
	return { ...envelope, mono: 0, judge: 'Eva', competitionId: target.competitionId, heatId: target.heatId, entryId: target.entryId, type: 'correction', payload: { supersedes: target.id, reason: 'tapped by mistake' } };
}

export { ACTION_TYPES };
