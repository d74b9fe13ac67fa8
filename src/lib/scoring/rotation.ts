/**
 * The relay's part 1 rotation (CZ-TEAM-P1, CZ-TEAM-P1-DONE): each member starts at their own
 * puzzle (member i at puzzle i, puzzles in clockwise order). Every `intervalMs` of team time a
 * signal sounds and every active member moves clockwise to the next unfinished puzzle. A member
 * whose puzzle is finished stops solving in part 1, so active members and unfinished puzzles
 * always pair up one to one. All times are elapsed team time in ms (no clock is read).
 */
export interface RotationState {
	/** Who works on which unfinished puzzle now. */
	assignments: { memberId: string; puzzleId: string }[];
	/** Members who finished a puzzle, with it: they may only advise. */
	done: { memberId: string; puzzleId: string }[];
	/** Signals sounded so far. */
	signals: number;
	/** Elapsed time of the next signal, or null when every puzzle is finished. */
	nextSignalMs: number | null;
}

export function rotationAt(
	puzzleIds: readonly string[],
	memberIds: readonly string[],
	intervalMs: number,
	/** Elapsed time of each finished puzzle's hand raised. */
	finishedAtMs: ReadonlyMap<string, number>,
	nowMs: number
): RotationState {
	if (memberIds.length < puzzleIds.length) throw new Error(`a rotation needs ${puzzleIds.length} members, got ${memberIds.length}`);
	const at = new Map<string, string>(); // puzzle → member working on it
	puzzleIds.forEach((p, i) => at.set(p, memberIds[i]!));
	const done: RotationState['done'] = [];
	const finishes = [...finishedAtMs].filter(([p, t]) => at.has(p) && t <= nowMs).sort((a, b) => a[1] - b[1]);
	let signals = 0;
	let f = 0;
	for (;;) {
		const nextSignal = (signals + 1) * intervalMs;
		// A finish at the very moment of a signal happens before the move.
		while (f < finishes.length && finishes[f]![1] <= Math.min(nextSignal, nowMs)) {
			const [p] = finishes[f++]!;
			const m = at.get(p);
			if (m !== undefined) {
				done.push({ memberId: m, puzzleId: p });
				at.delete(p);
			}
		}
		if (at.size === 0) return { assignments: [], done, signals, nextSignalMs: null };
		if (nextSignal > nowMs) {
			const assignments = puzzleIds.filter((p) => at.has(p)).map((p) => ({ memberId: at.get(p)!, puzzleId: p }));
			return { assignments, done, signals, nextSignalMs: nextSignal };
		}
		// The signal: everyone moves to the next unfinished puzzle clockwise.
		const open = puzzleIds.filter((p) => at.has(p));
		const moved = new Map<string, string>();
		open.forEach((p, i) => moved.set(open[(i + 1) % open.length]!, at.get(p)!));
		at.clear();
		for (const [p, m] of moved) at.set(p, m);
		signals++;
	}
}
