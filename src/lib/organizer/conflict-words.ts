import type { JudgeEvent } from '$lib/events/schema';
import type { Conflict } from '$lib/scoring';
import { describeConflict } from '$lib/results/conflict';
import { ClaimFollowUps } from './conflicts/claim-follow-ups';
import type { ConflictContext } from './conflicts/conflict-context';
import { conflictSides, type ConflictSide } from './conflicts/conflict-sides';
import { ConflictTimes } from './conflicts/conflict-times';
import { EventPhrases } from './conflicts/event-phrases';
import { EventSayings } from './conflicts/event-sayings';
import { optionLabels } from './conflicts/option-labels';
import type { ResolutionOption } from './resolution';

/**
 * A scoring conflict in the judges' language, for the organizer's screen: each side as the
 * tablet that recorded it ("Table A: finished 8:31.103, check confirmed, agreed by the
 * competitor"), and each way to resolve it ("Keep Table A's finish (8:31.103), void Table B's
 * finish (8:44.966)"). Times are the entry's clock as the ruleset counts it (entry-clock.ts),
 * starts the tablet's time of day; tablets go by their names (tablet-names.ts). No event or
 * device ID is said: the panel keeps those for a folded "technical details" part. The steps
 * live in conflicts/: how a moment is said (conflict-times.ts), what followed a finish
 * (claim-follow-ups.ts), an event as a side (event-sayings.ts) or as a noun (event-phrases.ts).
 */

export type { ConflictContext, ConflictSide };

export interface ConflictWords {
	/** What the conflict is (describeConflict, with the entry's name). */
	headline: string;
	sides: ConflictSide[];
	/** The label of each resolution option, in the options' order. */
	options: string[];
}

/** Indexes a log by scope, for `ConflictContext.scopeOf`: an entry's events and its heat's. */
export function eventScopes(log: Iterable<JudgeEvent>): ConflictContext['scopeOf'] {
	const byScope = new Map<string, JudgeEvent[]>();
	const push = (key: string, e: JudgeEvent) => {
		const list = byScope.get(key);
		if (list) list.push(e);
		else byScope.set(key, [e]);
	};
	for (const e of log) {
		if (e.entryId !== null) push(`${e.competitionId}\u0000e\u0000${e.entryId}`, e);
		else if (e.heatId !== null) push(`${e.competitionId}\u0000h\u0000${e.heatId}`, e);
	}
	return (entry) => [...(byScope.get(`${entry.competitionId}\u0000e\u0000${entry.id}`) ?? []), ...(byScope.get(`${entry.competitionId}\u0000h\u0000${entry.heatId}`) ?? [])];
}

export function conflictWords(conflict: Conflict, options: readonly ResolutionOption[], ctx: ConflictContext): ConflictWords {
	const entry = conflict.entryId === null ? undefined : ctx.setup.entries.find((e) => e.id === conflict.entryId);
	const scope = entry ? ctx.scopeOf(entry) : [];
	const times = new ConflictTimes(ctx, entry, scope);
	const phrases = new EventPhrases(ctx, times);
	const sayings = new EventSayings(ctx, times, phrases, ClaimFollowUps.ofEntry(entry, scope));
	const sides = conflictSides(conflict, ctx, sayings, times);
	const labels = optionLabels(conflict, options, (id) => phrases.phraseOf(id), { locale: ctx.locale });
	const names = new Map(ctx.setup.entries.map((e) => [e.id, e.name]));
	return { headline: describeConflict(conflict, (id) => names.get(id), { locale: ctx.locale }), sides, options: labels };
}
