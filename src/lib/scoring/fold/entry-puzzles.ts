import type { Ruleset } from '$lib/rules/schema';
import type { EventOf } from '$lib/events/schema';
import type { PuzzleSummary } from './entry-summary';

/** A finish claimed: a hand raised (a single puzzle) or one relay puzzle finished. */
export type Claim = EventOf<'hand.raised'> | EventOf<'relay.puzzle-finished'>;

interface PuzzleSlot {
	id: string;
	stageId: string;
	pieces: number;
}

const templates = new WeakMap<Ruleset, PuzzleSlot[]>();

/** The ruleset's puzzles in solving order with their stage, computed once per ruleset. */
function puzzleTemplate(ruleset: Ruleset): PuzzleSlot[] {
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
 * An entry's puzzles in solving order, none finished yet, and which of them an event names.
 * An ID that names no puzzle ('' for a relay event that must name one) finds none.
 */
export class EntryPuzzles {
	readonly list: PuzzleSummary[];
	/** The last puzzle: its finish is the entry's. */
	readonly last: PuzzleSummary;
	readonly isRelay: boolean;

	constructor(ruleset: Ruleset) {
		this.isRelay = ruleset.format.kind === 'relay';
		this.list = puzzleTemplate(ruleset).map((p) => ({
			puzzleId: p.id,
			stageId: p.stageId,
			pieces: p.pieces,
			finish: null,
			check: 'none',
			checkedAt: null,
			missingPieces: 0,
			checkId: null,
			checkDeviceId: null,
			missingFromBox: 0,
			boxFault: 'none',
			tally: null,
			teardownAt: null
		}));
		this.last = this.list[this.list.length - 1]!;
	}

	/** The puzzle with this ID: a single puzzle answers to its own ID only. */
	byId(id: string): PuzzleSummary | undefined {
		return this.isRelay ? this.list.find((p) => p.puzzleId === id) : id === this.last.puzzleId ? this.last : undefined;
	}

	/** The ID of the puzzle a finish claims: a hand raised claims the single puzzle (a relay's, none). */
	claimedBy(e: Claim): string {
		return e.type === 'hand.raised' ? (this.isRelay ? '' : this.last.puzzleId) : e.payload.puzzleId;
	}

	/** The ID of the puzzle a tally counts: unnamed, the single puzzle (a relay's, none). */
	talliedBy(e: EventOf<'tally.recorded'>): string {
		return e.payload.puzzleId ?? (this.isRelay ? '' : this.last.puzzleId);
	}
}
