import type { EventDraft } from '$lib/db/event-log';
import type { JudgeEvent, Replacement } from '$lib/events/schema';

/**
 * The corrections an upheld protest may carry (issue 33 #3), as the organizer records them
 * today (resolution.ts, the entry detail's "void"): events on the organizer's own log, each
 * about one of the protest's entries, with the reason "Protest: <reason>". The server then
 * takes the decision with these events' IDs (protests.ts checks each names one of its entries).
 */
export type ProtestCorrection =
	/** An audited adjustment of the entry's time, + or − seconds (a `time.adjusted` event). */
	| { kind: 'adjust'; entryId: string; seconds: number }
	/** An event of the entry in force, voided (a `correction` without replacement). */
	| { kind: 'void'; eventId: string }
	/** A confirmed check's missing pieces changed (a `correction` replacing the check). */
	| { kind: 'missing'; eventId: string; missingPieces: number }
	/** An unfinished puzzle's tally changed (a `correction` replacing the tally). */
	| { kind: 'tally'; eventId: string; groups: number[] };

/** An event of the entry in force, with what stands for it now (itself, or the replacement of the correction in force). */
export interface CorrectionTarget {
	event: JudgeEvent;
	/** What stands: its type, time and payload (the replacement's, for a correction that replaces). */
	stands: Replacement;
}

/** What an upheld protest can correct of an entry: its events in force (none superseded), and among them the checks and tallies. */
export function correctionTargets(log: readonly JudgeEvent[], entryId: string): { inForce: CorrectionTarget[]; checks: CorrectionTarget[]; tallies: CorrectionTarget[] } {
	const superseded = new Set(log.flatMap((e) => (e.type === 'correction' ? [e.payload.supersedes] : [])));
	const inForce: CorrectionTarget[] = [];
	for (const event of log) {
		if (event.entryId !== entryId || superseded.has(event.id)) continue;
		if (event.type !== 'correction') inForce.push({ event, stands: { type: event.type, at: event.at, payload: event.payload } as Replacement });
		// A correction in force that replaces stands for its event; one that voids leaves nothing to correct.
		else if (event.payload.replacement) inForce.push({ event, stands: event.payload.replacement });
	}
	return {
		inForce,
		checks: inForce.filter((t) => t.stands.type === 'check.confirmed'),
		tallies: inForce.filter((t) => t.stands.type === 'tally.recorded')
	};
}

/** "120, 45 8" → [120, 45, 8]; null unless every part is a whole number of at least 1 (and there is one). */
export function parseGroups(text: string): number[] | null {
	const parts = text.split(/[\s,;]+/).filter((p) => p !== '');
	if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p))) return null;
	const groups = parts.map(Number);
	return groups.every((g) => g >= 1 && g <= 100_000) ? groups : null;
}

export interface ProtestCorrectionContext {
	/** Who records it: the organizer's device label. */
	judge: string;
	at: number;
	mono: number;
	/** The correction's reason, as the log keeps it ("Protest: …"). */
	reason: string;
	/** The events this device holds, by ID. */
	events: ReadonlyMap<string, JudgeEvent>;
	/** The entry's competition and heat (for a time adjustment). */
	entry: { id: string; competitionId: string; heatId: string };
}

/** The event draft that carries one correction, to append to the organizer's log. */
export function protestCorrectionDraft(c: ProtestCorrection, ctx: ProtestCorrectionContext): EventDraft {
	const reason = ctx.reason.trim();
	if (!reason) throw new Error('a correction needs a reason');
	const stamp = { at: ctx.at, mono: ctx.mono, judge: ctx.judge };
	if (c.kind === 'adjust') {
		if (!Number.isInteger(c.seconds) || c.seconds === 0) throw new Error('a time adjustment is a whole number of seconds other than 0');
		return { ...stamp, type: 'time.adjusted', competitionId: ctx.entry.competitionId, heatId: ctx.entry.heatId, entryId: ctx.entry.id, payload: { deltaMs: c.seconds * 1000, reason } };
	}
	const target = ctx.events.get(c.eventId);
	if (!target) throw new Error(`event ${c.eventId} is not on this device`);
	const correction = (replacement?: Replacement): EventDraft => ({
		...stamp,
		type: 'correction',
		competitionId: target.competitionId,
		heatId: target.heatId,
		entryId: target.entryId,
		payload: replacement ? { supersedes: target.id, reason, replacement } : { supersedes: target.id, reason }
	});
	if (c.kind === 'void') return correction();
	const stands = target.type === 'correction' ? target.payload.replacement : ({ type: target.type, at: target.at, payload: target.payload } as Replacement);
	if (c.kind === 'missing') {
		if (stands?.type !== 'check.confirmed') throw new Error(`event ${c.eventId} is not a confirmed check`);
		return correction({ type: 'check.confirmed', at: stands.at, payload: { ref: stands.payload.ref, missingPieces: c.missingPieces } });
	}
	if (stands?.type !== 'tally.recorded') throw new Error(`event ${c.eventId} is not a tally`);
	const puzzle = stands.payload.puzzleId === undefined ? {} : { puzzleId: stands.payload.puzzleId };
	return correction({ type: 'tally.recorded', at: stands.at, payload: { ...puzzle, groups: c.groups } });
}
