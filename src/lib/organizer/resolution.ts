import type { CorrectionEvent, JudgeEvent, Replacement } from '$lib/events/schema';
import type { Conflict } from '$lib/scoring';

/**
 * How the organizer resolves a conflict the scorer reports: with correction events recorded
 * on the organizer's device (src/lib/scoring/corrections.ts says what each one does).
 *
 * - Two starts, finishes, checks or tallies of one entry (double-*): one of them stands, each
 *   other one is voided (a correction without a replacement).
 * - Two corrections in force for one event (double-correction): one stands, each other one is
 *   reverted (a correction of the correction, without a replacement: it leaves force).
 * - An event after the record was locked (after-lock): it is voided, or applied after all (a
 *   correction that replaces it with itself: corrected events are exempt from the lock).
 * - An invalid event (an unknown puzzle, a tally larger than the puzzle): voided.
 * - Two events under one ID (id-collision), events of an entry not in the competition, and
 *   corrections of events that are not in the log cannot be resolved with a correction: the
 *   files they came from must be fixed. No option is offered.
 */

export type ResolutionOption =
	| { kind: 'keep'; keep: string; voids: string[] }
	| { kind: 'void'; voids: string[] }
	| { kind: 'apply'; applies: string };

/** The options for a conflict, given the events it names (looked up by ID; missing ones mean none). */
export function resolutionOptions(conflict: Conflict, events: ReadonlyMap<string, JudgeEvent>, entryIds: ReadonlySet<string>): ResolutionOption[] {
	const involved = conflict.eventIds.map((id) => events.get(id));
	if (involved.some((e) => e === undefined)) return [];
	switch (conflict.kind) {
		case 'double-start':
		case 'double-finish':
		case 'double-check':
		case 'double-tally':
			return keepOneOf(conflict.eventIds);
		case 'double-correction':
			// The corrected event first, then the corrections in force.
			return keepOneOf(conflict.eventIds.slice(1));
		case 'after-lock': {
			const late = conflict.eventIds[1];
			if (!late) return [];
			return [
				{ kind: 'void', voids: [late] },
				{ kind: 'apply', applies: late }
			];
		}
		case 'invalid': {
			if (conflict.entryId !== null && !entryIds.has(conflict.entryId)) return [];
			if (involved.some((e) => e!.type === 'correction')) return [];
			return [{ kind: 'void', voids: [...conflict.eventIds] }];
		}
		case 'id-collision':
			return [];
	}
}

function keepOneOf(ids: readonly string[]): ResolutionOption[] {
	if (ids.length < 2) return [];
	return ids.map((keep) => ({ kind: 'keep' as const, keep, voids: ids.filter((id) => id !== keep) }));
}

export interface CorrectionContext {
	/** Who resolves it: the organizer's name. */
	judge: string;
	/** This device's wall clock and monotonic clock now. */
	at: number;
	mono: number;
	reason: string;
}

/** The correction events that carry out an option (to append to the organizer's log). */
export function correctionDrafts(option: ResolutionOption, events: ReadonlyMap<string, JudgeEvent>, ctx: CorrectionContext): Omit<CorrectionEvent, 'id' | 'deviceId' | 'seq'>[] {
	const reason = ctx.reason.trim();
	if (!reason) throw new Error('a correction needs a reason');
	const target = (id: string): JudgeEvent => {
		const e = events.get(id);
		if (!e) throw new Error(`event ${id} is not on this device`);
		return e;
	};
	const draft = (e: JudgeEvent, replacement?: Replacement): Omit<CorrectionEvent, 'id' | 'deviceId' | 'seq'> => ({
		at: ctx.at,
		mono: ctx.mono,
		judge: ctx.judge,
		competitionId: e.competitionId,
		heatId: e.heatId,
		entryId: e.entryId,
		type: 'correction',
		payload: replacement ? { supersedes: e.id, reason, replacement } : { supersedes: e.id, reason }
	});
	switch (option.kind) {
		case 'keep':
		case 'void':
			return option.voids.map((id) => draft(target(id)));
		case 'apply': {
			const e = target(option.applies);
			if (e.type === 'correction') throw new Error('a correction cannot be applied again');
			return [draft(e, { type: e.type, at: e.at, payload: e.payload } as Replacement)];
		}
	}
}

