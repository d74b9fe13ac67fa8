import type { Ruleset } from '$lib/rules/schema';
import { pauseAllowed } from '$lib/rules/ruleset-reading';
import type { Entry } from '$lib/setup/schema';
import type { EventOf } from '$lib/events/schema';
import { compareEvents } from '$lib/events/order';
import type { Conflict, EffectiveEvent } from './types';

/**
 * The fold of one entry's events into a summary that does not depend on the current time:
 * when its clock started, its pauses and assistance, which finish counts, its tallies and
 * penalties. `evaluate` (outcome.ts) turns it into an outcome at a given moment.
 *
 * Documented defaults where events disagree (each also reported as a conflict):
 * - two starts for one entry: the first in total order counts;
 * - two finishes for one puzzle not rejected: the earliest counts;
 * - two checks of one finish: the later one counts;
 * - two tallies of one puzzle: the later one counts;
 * - an event after the record is locked (CZ-GEN-RECORD) is not applied.
 */

export interface Interval {
	from: number;
	to: number;
}

export interface PuzzleSummary {
	puzzleId: string;
	stageId: string;
	pieces: number;
	finish: { eventId: string; at: number; memberIds: string[] } | null;
	check: 'none' | 'pending' | 'confirmed';
	checkedAt: number | null;
	missingPieces: number;
	tally: number[] | null;
	teardownAt: number | null;
}

export interface EntrySummary {
	entryId: string;
	heatId: string;
	competitionId: string;
	previewAt: number | null;
	startedAt: number | null;
	/** Accepted pauses; `to` is the end event, the finish, or the maximum length (ES-PAUSE). */
	pauses: Interval[];
	/** Whether the clock stops during the pauses. */
	pausesStopClock: boolean;
	/** Accepted assistance; `to` null while no end was recorded (it then runs to the finish or limit). */
	assists: { from: number; to: number | null }[];
	/** Wall time at which counted time reaches the limit (pauses push it back). */
	limitAt: number | null;
	puzzles: PuzzleSummary[];
	/** The entry's finish: the last puzzle's. */
	finishedAt: number | null;
	locked: boolean;
	disqualification: string | null;
	/** When the disqualification in force was recorded: the seat's clock stops there. */
	disqualifiedAt: number | null;
	didNotStart: boolean;
	adjustmentMs: number;
	/** Relay: the two pairs the team named for its pairs stage (CZ-TEAM-P2); the later naming counts. */
	pairs: [[string, string], [string, string]] | null;
	notes: string[];
	incidents: string[];
	conflicts: Conflict[];
}

const LOCKED_TYPES = new Set<EffectiveEvent['type']>([
	'pause.start',
	'pause.end',
	'assist.start',
	'assist.end',
	'hand.raised',
	'relay.puzzle-finished',
	'check.confirmed',
	'check.rejected',
	'tally.recorded',
	'entry.disqualified',
	'entry.did-not-start',
	'relay.pairs-assigned',
	'relay.teardown-done'
]);

type Claim = EventOf<'hand.raised'> | EventOf<'relay.puzzle-finished'>;
type Check = EventOf<'check.confirmed'> | EventOf<'check.rejected'>;

function conflict(entry: Entry, kind: Conflict['kind'], events: EffectiveEvent[], message: string): Conflict {
	return {
		kind,
		competitionId: entry.competitionId,
		heatId: entry.heatId,
		entryId: entry.id,
		eventIds: events.map((e) => e.id),
		deviceIds: [...new Set(events.map((e) => e.deviceId))],
		message
	};
}

const templates = new WeakMap<Ruleset, { id: string; stageId: string; pieces: number }[]>();

/** The ruleset's puzzles in solving order with their stage, computed once per ruleset. */
function puzzleTemplate(ruleset: Ruleset): { id: string; stageId: string; pieces: number }[] {
	let t = templates.get(ruleset);
	if (!t) {
		t =
			ruleset.format.kind === 'relay'
				? ruleset.format.stages.flatMap((s) => s.puzzles.map((p) => ({ id: p.id, stageId: s.id, pieces: p.pieces })))
				: [{ id: ruleset.format.puzzle.id, stageId: 'single', pieces: ruleset.format.puzzle.pieces }];
		templates.set(ruleset, t);
	}
	return t;
}

/**
 * @param starts effective heat.start events of the entry's heat that list the entry, in total order
 * @param events the entry's effective events, in total order
 */
export function foldEntry(ruleset: Ruleset, entry: Entry, starts: readonly EffectiveEvent[], events: readonly EffectiveEvent[]): EntrySummary {
	const conflicts: Conflict[] = [];
	const notes: string[] = [];
	const incidents: string[] = [];
	const isRelay = ruleset.format.kind === 'relay';
	const puzzles: PuzzleSummary[] = puzzleTemplate(ruleset).map((p) => ({
		puzzleId: p.id,
		stageId: p.stageId,
		pieces: p.pieces,
		finish: null,
		check: 'none',
		checkedAt: null,
		missingPieces: 0,
		tally: null,
		teardownAt: null
	}));
	const lastPuzzle = puzzles[puzzles.length - 1]!;
	const puzzleById = (id: string) => (isRelay ? puzzles.find((p) => p.puzzleId === id) : id === lastPuzzle.puzzleId ? lastPuzzle : undefined);

	// The clock's start: the first start listing this entry (CZ-GEN-START, ES-LATE, ES-PREVIEW).
	const start = starts[0] as EventOf<'heat.start'> | undefined;
	const previewAt = start ? start.at : null;
	const startedAt = start ? start.at + start.payload.previewMs : null;
	const otherStarts = starts.filter((s) => s !== start && s.type === 'heat.start' && s.at + s.payload.previewMs !== startedAt);
	if (start && otherStarts.length > 0)
		conflicts.push(conflict(entry, 'double-start', [start, ...otherStarts], `${otherStarts.length + 1} different starts for ${entry.name}; the first counts`));

	// The lock (CZ-GEN-RECORD): the first acknowledgement recorded after the entry's result (the
	// check of its last puzzle, a tally, a disqualification). Later judge events are conflicts
	// and not applied; corrections are how a locked record changes, so corrected events are
	// exempt. The order here is the order things were recorded in, before corrections.
	// A relay's result is the check of its last puzzle; a single puzzle's, any confirmed check.
	let finalClaims: Set<string> | null = null;
	if (isRelay) {
		finalClaims = new Set();
		for (const e of events) if (e.type === 'relay.puzzle-finished' && e.payload.puzzleId === lastPuzzle.puzzleId) finalClaims.add(e.id);
	}
	const isResult = (e: EffectiveEvent) =>
		(e.type === 'check.confirmed' && (finalClaims === null || finalClaims.has(e.payload.ref))) || e.type === 'tally.recorded' || e.type === 'entry.disqualified';
	const recorded = events.some((e) => e.correctedBy !== undefined)
		? [...events].sort((a, b) => (a.recordedAt ?? a.at) - (b.recordedAt ?? b.at) || compareEvents(a, b))
		: events;
	let lockIndex = -1;
	let sawResult = false;
	for (let i = 0; i < recorded.length; i++) {
		const e = recorded[i]!;
		if (isResult(e)) sawResult = true;
		else if (e.type === 'record.acknowledged' && sawResult) {
			lockIndex = i;
			break;
		}
	}
	let applied: readonly EffectiveEvent[] = events;
	if (lockIndex >= 0) {
		const lock = recorded[lockIndex]!;
		const late = recorded.filter((e, i) => i > lockIndex && e.correctedBy === undefined && LOCKED_TYPES.has(e.type));
		if (late.length > 0) {
			for (const e of late)
				conflicts.push(conflict(entry, 'after-lock', [lock, e], `${e.type} after the record of ${entry.name} was acknowledged and locked; not applied`));
			const lateSet = new Set(late);
			applied = events.filter((e) => !lateSet.has(e));
		}
	}

	// Verdicts of the checks, per finish claimed: the later check counts.
	// Most finishes have one check: the list of all checks is kept only for those with more.
	const lastCheck = new Map<string, Check>();
	let repeated: Map<string, Check[]> | null = null;
	for (const e of applied)
		if (e.type === 'check.confirmed' || e.type === 'check.rejected') {
			const ref = e.payload.ref;
			const prev = lastCheck.get(ref);
			if (prev) {
				repeated ??= new Map();
				const list = repeated.get(ref);
				if (list) list.push(e);
				else repeated.set(ref, [prev, e]);
			}
			lastCheck.set(ref, e);
		}
	for (const [, list] of repeated ?? []) {
		const distinct = new Set(list.map((c) => (c.type === 'check.confirmed' ? `ok:${c.payload.missingPieces}` : 'rejected')));
		if (distinct.size > 1)
			conflicts.push(conflict(entry, 'double-check', list, `${list.length} different checks of one finish of ${entry.name}; the later one counts`));
	}
	const verdict = (claimId: string): Check | undefined => lastCheck.get(claimId);
	const claimPuzzle = (e: Claim): string => (e.type === 'hand.raised' ? (isRelay ? '' : lastPuzzle.puzzleId) : e.payload.puzzleId);

	// Finishes not rejected, per puzzle: more than one is a conflict (the earliest counts).
	const claimsByPuzzle = new Map<string, Claim[]>();
	for (const e of applied) {
		if (e.type !== 'hand.raised' && e.type !== 'relay.puzzle-finished') continue;
		if (verdict(e.id)?.type === 'check.rejected') continue;
		const pid = claimPuzzle(e);
		if (!puzzleById(pid)) {
			conflicts.push(
				conflict(entry, 'invalid', [e], isRelay && e.type === 'hand.raised' ? 'a relay finish must name its puzzle (relay.puzzle-finished)' : `unknown puzzle "${pid}"`)
			);
			continue;
		}
		const list = claimsByPuzzle.get(pid);
		if (list) list.push(e);
		else claimsByPuzzle.set(pid, [e]);
	}
	for (const [pid, list] of claimsByPuzzle)
		if (list.length > 1)
			conflicts.push(
				conflict(
					entry,
					'double-finish',
					list,
					`${list.length} finishes of ${isRelay ? `puzzle ${pid} of ` : ''}${entry.name}${new Set(list.map((c) => c.deviceId)).size > 1 ? ' from different devices' : ''}; the earliest counts`
				)
			);

	const pauses: Interval[] = [];
	const pausesStopClock = ruleset.pause?.clockStops ?? false;
	let pauseOpen: Interval | null = null;
	const assists: { from: number; to: number | null }[] = [];
	let assistOpen: { from: number; to: number | null } | null = null;
	let assistClosedMs = 0;
	let limitAt = startedAt === null ? null : startedAt + ruleset.timeLimitMs;
	let finishedAt: number | null = null;
	let disqualification: string | null = null;
	let disqualifiedAt: number | null = null;
	let didNotStart = false;
	let adjustmentMs = 0;
	let pairs: EntrySummary['pairs'] = null;
	const tallies = new Map<string, EventOf<'tally.recorded'>>();

	const closePause = (t: number) => {
		if (!pauseOpen) return;
		const to = Math.min(t, pauseOpen.to);
		if (pausesStopClock && limitAt !== null) limitAt -= pauseOpen.to - to;
		pauseOpen.to = to;
		pauseOpen = null;
	};
	const closeAssist = (t: number) => {
		if (!assistOpen) return;
		assistOpen.to = Math.max(t, assistOpen.from);
		assistClosedMs += assistOpen.to - assistOpen.from;
		assistOpen = null;
	};
	const running = (t: number) => startedAt !== null && limitAt !== null && finishedAt === null && t >= startedAt && t < limitAt;

	for (const e of applied) {
		const t = e.at;
		if (pauseOpen && t >= pauseOpen.to) pauseOpen = null; // it ended itself at its maximum length
		switch (e.type) {
			case 'pause.start': {
				if (!running(t)) break;
				if (!pauseAllowed(ruleset)) {
					notes.push(`pause not applied: this ruleset has no pause for a ${ruleset.unit.kind}`);
					break;
				}
				if (pauseOpen) break;
				if (pauses.length >= ruleset.pause.maxCount) {
					notes.push(`pause refused: all ${ruleset.pause.maxCount} pauses used (the clock runs on)`);
					break;
				}
				pauseOpen = { from: t, to: t + ruleset.pause.maxDurationMs };
				pauses.push(pauseOpen);
				if (pausesStopClock && limitAt !== null) limitAt += ruleset.pause.maxDurationMs;
				break;
			}
			case 'pause.end':
				closePause(t);
				break;
			case 'assist.start': {
				if (!running(t) || assistOpen) break;
				const policy = ruleset.assistance;
				if (!policy) {
					notes.push('assistance not applied: this ruleset has no judge assistance');
					break;
				}
				if (assists.length >= policy.maxCount) {
					notes.push(`assistance refused: all ${policy.maxCount} used`);
					break;
				}
				if (assistClosedMs >= policy.maxTotalMs) {
					notes.push('assistance refused: the total cap is used up');
					break;
				}
				assistOpen = { from: t, to: null };
				assists.push(assistOpen);
				break;
			}
			case 'assist.end':
				closeAssist(t);
				break;
			case 'hand.raised':
			case 'relay.puzzle-finished': {
				const pid = claimPuzzle(e);
				const list = claimsByPuzzle.get(pid);
				if (!list?.includes(e)) break; // rejected or invalid
				const p = puzzleById(pid)!;
				if (p.finish) break; // a later claim of a finished puzzle: reported as a conflict above
				if (startedAt === null || t < startedAt) {
					notes.push('a hand raised before the clock started was ignored');
					break;
				}
				if (finishedAt !== null) break;
				// An open pause already moved limitAt back by its full length, so a tap during it is in time.
				if (limitAt !== null && t > limitAt) {
					notes.push(`finish of ${pid} ignored: hand raised after the time limit`);
					break;
				}
				closePause(t);
				const v = verdict(e.id);
				p.finish = { eventId: e.id, at: t, memberIds: e.type === 'relay.puzzle-finished' ? e.payload.memberIds : entry.members.map((m) => m.id) };
				p.check = v?.type === 'check.confirmed' ? 'confirmed' : 'pending';
				p.checkedAt = v?.type === 'check.confirmed' ? v.at : null;
				p.missingPieces = v?.type === 'check.confirmed' ? v.payload.missingPieces : 0;
				if (p === lastPuzzle) {
					finishedAt = t;
					closeAssist(t);
				}
				break;
			}
			case 'tally.recorded': {
				const pid = e.payload.puzzleId ?? (isRelay ? '' : lastPuzzle.puzzleId);
				const p = puzzleById(pid);
				if (!p) {
					conflicts.push(conflict(entry, 'invalid', [e], isRelay ? 'a relay tally must name its puzzle' : `unknown puzzle "${pid}"`));
					break;
				}
				const sum = e.payload.groups.reduce((a, b) => a + b, 0);
				if (sum > p.pieces) {
					conflicts.push(conflict(entry, 'invalid', [e], `tally of ${sum} pieces for a ${p.pieces}-piece puzzle; not applied`));
					break;
				}
				const before = tallies.get(pid);
				if (before && before.payload.groups.join(',') !== e.payload.groups.join(','))
					conflicts.push(conflict(entry, 'double-tally', [before, e], `two different tallies of ${pid} for ${entry.name}; the later one counts`));
				tallies.set(pid, e);
				p.tally = e.payload.groups;
				break;
			}
			case 'entry.disqualified':
				if (disqualification !== null) break;
				disqualification = e.payload.reason;
				disqualifiedAt = t;
				break;
			case 'entry.did-not-start':
				didNotStart = true;
				break;
			case 'time.adjusted':
				adjustmentMs += e.payload.deltaMs;
				notes.push(`time adjusted by ${e.payload.deltaMs} ms: ${e.payload.reason}`);
				break;
			case 'incident.noted':
				incidents.push(e.payload.note);
				break;
			case 'relay.pairs-assigned':
				pairs = e.payload.pairs;
				break;
			case 'relay.teardown-done': {
				const p = puzzleById(e.payload.puzzleId);
				if (p) p.teardownAt = t;
				else conflicts.push(conflict(entry, 'invalid', [e], `unknown puzzle "${e.payload.puzzleId}"`));
				break;
			}
			default:
				break;
		}
	}

	return {
		entryId: entry.id,
		heatId: entry.heatId,
		competitionId: entry.competitionId,
		previewAt,
		startedAt,
		pauses,
		pausesStopClock,
		assists,
		limitAt,
		puzzles,
		finishedAt,
		locked: lockIndex >= 0,
		disqualification,
		disqualifiedAt,
		didNotStart,
		adjustmentMs,
		pairs,
		notes,
		incidents,
		conflicts
	};
}
