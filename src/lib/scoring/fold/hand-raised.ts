import type { Entry } from '$lib/setup/schema';
import type { Check } from './check-verdicts';
import type { EntryClock } from './entry-clock';
import type { Claim, EntryPuzzles } from './entry-puzzles';
import type { PuzzleSummary } from './entry-summary';

/**
 * The puzzle a finish claimed at `e.at` finishes, or null: the claim must be one of its puzzle's
 * valid claims (`claims`, from finish-claims.ts), the first to arrive, and made while the clock
 * ran. A claim before the start or after the limit is noted.
 */
export function puzzleFinishedBy(
	e: Claim,
	claims: ReadonlyMap<string, readonly Claim[]>,
	puzzles: EntryPuzzles,
	clock: EntryClock,
	notes: string[]
): PuzzleSummary | null {
	const pid = puzzles.claimedBy(e);
	if (!claims.get(pid)?.includes(e)) return null; // rejected or invalid
	const p = puzzles.byId(pid)!;
	if (p.finish) return null; // a later claim of a finished puzzle: reported as a conflict already
	if (clock.startedAt === null || e.at < clock.startedAt) {
		notes.push('a hand raised before the clock started was ignored');
		return null;
	}
	if (clock.finishedAt !== null) return null;
	// An open pause already moved limitAt back by its full length, so a tap during it is in time.
	if (clock.limitAt !== null && e.at > clock.limitAt) {
		notes.push(`finish of ${pid} ignored: hand raised after the time limit`);
		return null;
	}
	return p;
}

/** A puzzle's finish, by whom (a relay names its members; else the whole entry), and its check's verdict so far. */
export function recordFinish(p: PuzzleSummary, e: Claim, verdict: Check | undefined, entry: Entry): void {
	const confirmed = verdict?.type === 'check.confirmed' ? verdict : null;
	p.finish = { eventId: e.id, at: e.at, memberIds: e.type === 'relay.puzzle-finished' ? e.payload.memberIds : entry.members.map((m) => m.id) };
	p.check = confirmed ? 'confirmed' : 'pending';
	p.checkedAt = confirmed ? confirmed.at : null;
	p.missingPieces = confirmed ? confirmed.payload.missingPieces : 0;
	p.checkId = confirmed ? confirmed.id : null;
	p.checkDeviceId = confirmed ? confirmed.deviceId : null;
	p.missingFromBox = confirmed ? (confirmed.payload.missingFromBox ?? 0) : 0;
}
