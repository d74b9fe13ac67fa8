import type { Ruleset } from '$lib/rules/schema';
import type { Entry } from '$lib/setup/schema';
import type { EventOf } from '$lib/events/schema';
import type { Conflict, EffectiveEvent } from '../types';
import { AssistanceTaken } from './assistance';
import type { Check } from './check-verdicts';
import { entryConflict } from './entry-conflict';
import { EntryClock } from './entry-clock';
import type { Claim, EntryPuzzles } from './entry-puzzles';
import type { EntrySummary } from './entry-summary';
import { puzzleFinishedBy, recordFinish } from './hand-raised';
import { Tallies } from './tallies';

/** What the walk starts from: the steps of the fold before it. */
export interface WalkStart {
	ruleset: Ruleset;
	entry: Entry;
	/** The clock's zero (clock-start.ts). */
	startedAt: number | null;
	puzzles: EntryPuzzles;
	/** Each claim's verdict (check-verdicts.ts) and the valid claims per puzzle (finish-claims.ts). */
	verdicts: ReadonlyMap<string, Check>;
	claims: ReadonlyMap<string, readonly Claim[]>;
	conflicts: Conflict[];
}

/**
 * The walk over an entry's applied events in total order, each one changing the entry's clock,
 * puzzles, assistance or marks. Notes (refusals, adjustments) come in the order of their events.
 */
export class EntryWalk {
	readonly clock: EntryClock;
	readonly assistance: AssistanceTaken;
	readonly notes: string[] = [];
	readonly incidents: string[] = [];
	disqualification: string | null = null;
	/** When the disqualification in force was recorded: the first one counts. */
	disqualifiedAt: number | null = null;
	didNotStart = false;
	adjustmentMs = 0;
	/** Relay: the later naming of the pairs counts (CZ-TEAM-P2). */
	pairs: EntrySummary['pairs'] = null;
	private readonly tallies: Tallies;

	constructor(private readonly from: WalkStart) {
		this.clock = new EntryClock(from.ruleset, from.startedAt);
		this.assistance = new AssistanceTaken(from.ruleset.assistance);
		this.tallies = new Tallies(from.entry, from.puzzles, from.conflicts);
	}

	apply(e: EffectiveEvent): void {
		const t = e.at;
		this.clock.passTo(t);
		switch (e.type) {
			case 'pause.start':
				return this.clock.startPause(t, this.notes);
			case 'pause.end':
				return this.clock.endPause(t);
			case 'assist.start':
				if (this.clock.running(t)) this.assistance.start(t, this.notes);
				return;
			case 'assist.end':
				return this.assistance.end(t);
			case 'hand.raised':
			case 'relay.puzzle-finished':
				return this.finish(e);
			case 'tally.recorded':
				return this.tallies.record(e);
			case 'entry.disqualified':
				if (this.disqualification !== null) return;
				this.disqualification = e.payload.reason;
				this.disqualifiedAt = t;
				return;
			case 'entry.did-not-start':
				this.didNotStart = true;
				return;
			case 'time.adjusted':
				this.adjustmentMs += e.payload.deltaMs;
				this.notes.push(`time adjusted by ${e.payload.deltaMs} ms: ${e.payload.reason}`);
				return;
			case 'incident.noted':
				this.incidents.push(e.payload.note);
				return;
			case 'relay.pairs-assigned':
				this.pairs = e.payload.pairs;
				return;
			case 'relay.teardown-done':
				return this.teardown(e);
		}
	}

	/** A finish that counts ends the open pause; the last puzzle's also stops the clock and any assistance. */
	private finish(e: Claim): void {
		const { claims, puzzles, verdicts, entry } = this.from;
		const p = puzzleFinishedBy(e, claims, puzzles, this.clock, this.notes);
		if (!p) return;
		this.clock.endPause(e.at);
		recordFinish(p, e, verdicts.get(e.id), entry);
		if (p === puzzles.last) {
			this.clock.finishedAt = e.at;
			this.assistance.end(e.at);
		}
	}

	/** A relay puzzle boxed and the next one released (CZ-TEAM-TEARDOWN). */
	private teardown(e: EventOf<'relay.teardown-done'>): void {
		const p = this.from.puzzles.byId(e.payload.puzzleId);
		if (p) p.teardownAt = e.at;
		else this.from.conflicts.push(entryConflict(this.from.entry, 'invalid', [e], `unknown puzzle "${e.payload.puzzleId}"`));
	}
}
