import type { JudgeEvent } from '$lib/events/schema';
import { compareEvents } from '$lib/events/order';
import { CompetitionScorer, type CompetitionSetup } from '$lib/scoring';
import type { EntryStatus, Outcome, StandingRow } from '$lib/scoring';

/** What the organizer reads of an entry's result at one moment of its record. */
export interface OutcomeSummary {
	status: EntryStatus;
	/** The time that ranks (elapsed + penalties), ms. */
	finalTimeMs: number | null;
	elapsedMs: number | null;
	penaltyMs: number;
	countedPieces: number | null;
	check: Outcome['check'];
	locked: boolean;
	disqualification: string | null;
	place: number | null;
}

export type SummaryField = keyof OutcomeSummary;
const FIELDS: readonly SummaryField[] = ['status', 'finalTimeMs', 'elapsedMs', 'penaltyMs', 'countedPieces', 'check', 'locked', 'disqualification', 'place'];

/** The entry's record after one of its events (or a correction of one). */
export interface RecordVersion {
	/** 1, 2, 3 … in the chosen order. */
	number: number;
	/** The event after which this version holds. */
	event: JudgeEvent;
	/** The moment the outcome is evaluated at: the event's device time (running clocks). */
	at: number;
	summary: OutcomeSummary;
	/** The fields that differ from the previous version (from the record before any event, for the first). */
	changed: SummaryField[];
}

/**
 * `recorded`: by device time (`at`, device, seq), how the day went on the floor.
 * `arrival`: in the order of `log` (the server's or this device's arrival order).
 */
export type VersionOrder = 'recorded' | 'arrival';

/** Whether `e` is about `entryId`: names it, or a heat start, limit or tie-break that lists it. */
export function touchesEntry(e: JudgeEvent, entryId: string): boolean {
	if (e.entryId === entryId) return true;
	if (e.entryId !== null) return false;
	if (e.type === 'heat.start' || e.type === 'heat.time-limit') return e.payload.entryIds.includes(entryId);
	if (e.type === 'tiebreak.result') return e.payload.order.includes(entryId);
	return false;
}

/** The IDs of the entry's events and of every correction of them, transitively. */
export function entryEventIds(log: readonly JudgeEvent[], entryId: string): Set<string> {
	const ids = new Set(log.filter((e) => touchesEntry(e, entryId)).map((e) => e.id));
	// A correction of a heat-wide event carries no entry: follow `supersedes` until nothing is added.
	for (let grew = true; grew; ) {
		grew = false;
		for (const e of log)
			if (e.type === 'correction' && !ids.has(e.id) && ids.has(e.payload.supersedes)) {
				ids.add(e.id);
				grew = true;
			}
	}
	return ids;
}

export function summarize(row: StandingRow): OutcomeSummary {
	const o = row.outcome;
	return {
		status: o.status,
		finalTimeMs: o.finalTimeMs,
		elapsedMs: o.elapsedMs,
		penaltyMs: o.penaltyMs,
		countedPieces: o.countedPieces,
		check: o.check,
		locked: o.locked,
		disqualification: o.disqualification,
		place: row.place
	};
}

/**
 * The versions of one entry's record: the competition scored with the log cut after each event
 * that touched the entry, corrections included. Pure: the same inputs give the same versions.
 * Events of other competitions in `log` are ignored; a repeated event (same ID) counts once.
 */
export function recordVersions(setup: CompetitionSetup, log: readonly JudgeEvent[], entryId: string, order: VersionOrder = 'recorded'): RecordVersion[] {
	const own = log.filter((e) => e.competitionId === setup.competition.id);
	const ordered = order === 'recorded' ? [...own].sort(compareEvents) : own;
	const touching = entryEventIds(ordered, entryId);
	if (touching.size === 0 || !setup.entries.some((e) => e.id === entryId)) return [];

	const scorer = new CompetitionScorer(setup);
	const summaryAt = (at: number): OutcomeSummary | null => {
		const row = scorer.standings(at).rows.find((r) => r.entryId === entryId);
		return row ? summarize(row) : null;
	};
	const versions: RecordVersion[] = [];
	const seen = new Set<string>();
	let previous: OutcomeSummary | null = null;
	let pending: JudgeEvent[] = [];
	for (const e of ordered) {
		pending.push(e);
		if (!touching.has(e.id) || seen.has(e.id)) continue;
		seen.add(e.id);
		previous ??= summaryAt(e.at);
		scorer.add(pending);
		pending = [];
		const summary = summaryAt(e.at);
		if (!summary) continue;
		versions.push({ number: versions.length + 1, event: e, at: e.at, summary, changed: changedFields(previous, summary) });
		previous = summary;
	}
	return versions;
}

function changedFields(before: OutcomeSummary | null, after: OutcomeSummary): SummaryField[] {
	return FIELDS.filter((f) => before === null || before[f] !== after[f]);
}
