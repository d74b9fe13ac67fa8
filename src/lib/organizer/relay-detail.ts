import type { JudgeEvent } from '$lib/events/schema';
import type { Ruleset } from '$lib/rules/schema';
import type { Outcome } from '$lib/scoring';
import { relayProgress, type RelayPuzzleState } from '$lib/scoring/relay-progress';
import type { Entry } from '$lib/setup/schema';

/**
 * A relay team's whole relay for the organizer's entry detail (CZ-TEAM-FORMAT … CZ-TEAM-RANK):
 * each puzzle in the ruleset's order with who solved it (member names from the entry), its
 * finish (team time), its check (and how many checks of it were rejected before), its
 * teardown, and the pieces it counts; and the pairs the team named (CZ-TEAM-P2). The states
 * are relayProgress's; nothing here decides again which part is open.
 */
export interface RelayDetailLine {
	puzzleId: string;
	stageIndex: number;
	pieces: number;
	state: RelayPuzzleState;
	/** Who finished it (the finish event's members), else who works on it now; names. */
	solvers: string[];
	/** Team time of the hand raised that counts, ms. */
	finishedAtMs: number | null;
	check: 'none' | 'pending' | 'confirmed';
	missingPieces: number;
	/** Checks of this puzzle that were rejected (each put the puzzle back, CZ-GEN-FINISH). */
	rejected: number;
	/** From the check to "boxed, next released" (CZ-TEAM-TEARDOWN), ms; null when not boxed (or not asked). */
	teardownMs: number | null;
	/** Pieces that count toward CZ-TEAM-RANK: a finished puzzle's less missing ones, else the tally's; null when not known. */
	countedPieces: number | null;
	/** Unfinished at the limit and its group tally not entered yet. */
	tallyDue: boolean;
}

export interface RelayDetail {
	lines: RelayDetailLine[];
	/** The two pairs as member names; null until the team names them. */
	pairs: [string, string][] | null;
}

/** The entry's events in force: corrections' replacements in place of what they supersede, voided ones dropped. */
function eventsInForce(log: readonly JudgeEvent[], entryId: string): { type: string; id: string; payload: Record<string, unknown> }[] {
	const own = log.filter((e) => e.entryId === entryId);
	const superseded = new Set(own.flatMap((e) => (e.type === 'correction' ? [e.payload.supersedes] : [])));
	const out: { type: string; id: string; payload: Record<string, unknown> }[] = [];
	for (const e of own) {
		if (superseded.has(e.id)) continue;
		if (e.type !== 'correction') out.push({ type: e.type, id: e.id, payload: e.payload as Record<string, unknown> });
		else if (e.payload.replacement) {
			// The replacement stands where the first event of the chain stood: a check refers to that ID.
			let origin = e.payload.supersedes;
			for (let guard = 0; guard < own.length; guard++) {
				const before = own.find((x) => x.id === origin);
				if (before?.type !== 'correction') break;
				origin = before.payload.supersedes;
			}
			out.push({ type: e.payload.replacement.type, id: origin, payload: e.payload.replacement.payload as Record<string, unknown> });
		}
	}
	return out;
}

export function relayDetail(ruleset: Ruleset, entry: Pick<Entry, 'id' | 'members'>, outcome: Outcome, log: readonly JudgeEvent[]): RelayDetail | null {
	const progress = relayProgress(
		ruleset,
		entry.members.map((m) => m.id),
		outcome
	);
	if (!progress) return null;
	const names = new Map(entry.members.map((m) => [m.id, m.name]));
	const name = (id: string) => names.get(id) ?? id;

	const events = eventsInForce(log, entry.id);
	const puzzleOfFinish = new Map(events.filter((e) => e.type === 'relay.puzzle-finished').map((e) => [e.id, e.payload['puzzleId'] as string]));
	const rejected = new Map<string, number>();
	for (const e of events) {
		if (e.type !== 'check.rejected') continue;
		const puzzleId = puzzleOfFinish.get(e.payload['ref'] as string);
		if (puzzleId) rejected.set(puzzleId, (rejected.get(puzzleId) ?? 0) + 1);
	}
	const tallyDue = new Set(progress.toTally);

	const lines = progress.puzzles.map((p): RelayDetailLine => {
		const o = p.outcome;
		const finished = o.status === 'finished';
		return {
			puzzleId: p.puzzleId,
			stageIndex: p.stageIndex,
			pieces: p.pieces,
			state: p.state,
			solvers: (finished ? o.memberIds : p.workers).map(name),
			finishedAtMs: finished ? o.finishedAtMs : null,
			check: o.check,
			missingPieces: o.missingPieces,
			rejected: rejected.get(p.puzzleId) ?? 0,
			teardownMs: o.teardownMs,
			countedPieces: o.countedPieces,
			tallyDue: tallyDue.has(p.puzzleId)
		};
	});
	const pairs = outcome.pairs ? outcome.pairs.map(([a, b]): [string, string] => [name(a), name(b)]) : null;
	return { lines, pairs };
}
