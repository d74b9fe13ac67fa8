import type { DeviceLog } from '$lib/events/builder';
import type { JudgeEvent } from '$lib/events/schema';
import { mulberry32 } from '$lib/random';
import type { Ruleset } from '$lib/rules/schema';
import { pauseAllowed } from '$lib/rules/ruleset-reading';

/**
 * The taps of one tablet in one heat of `npm run bench:live`, spread over `seconds` from a
 * seeded generator: the heat's start at once, then for each of its seats, in order, sometimes a
 * pause (its end a few seconds later, where the ruleset allows pauses), the hand raised (the
 * entry's time: the result the public sees), the check confirmed and the competitor's
 * acknowledgement. What a judge taps in a busy minute, compressed. Each tap records its events
 * with the moment it is played (`record(at)`), as the station does.
 */
export interface Tap {
	/** When to play it, from the heat's start. */
	offsetMs: number;
	/** The entry it is about (null: the heat's start). */
	entryId: string | null;
	record: (at: number) => JudgeEvent[];
}

export function heatTaps(log: DeviceLog, opts: { entryIds: string[]; ruleset: Ruleset; seconds: number; seed: number }): Tap[] {
	const rand = mulberry32(opts.seed >>> 0);
	const span = opts.seconds * 1000;
	const between = (lo: number, hi: number) => lo + rand() * (hi - lo);
	const taps: Tap[] = [{ offsetMs: 0, entryId: null, record: (at) => [log.start(at, opts.entryIds, 0)] }];
	for (const entryId of opts.entryIds) {
		// The hand in the middle part of the span, so that each seat's taps fit in it.
		const hand = between(0.25, 0.8) * span;
		if (pauseAllowed(opts.ruleset) && rand() < 0.5) {
			const from = between(500, Math.max(600, hand - 3000));
			taps.push({ offsetMs: from, entryId, record: (at) => [log.record('pause.start', at, entryId, {})] });
			taps.push({ offsetMs: from + between(1000, 2500), entryId, record: (at) => [log.record('pause.end', at, entryId, {})] });
		}
		let raised: JudgeEvent | null = null;
		taps.push({ offsetMs: hand, entryId, record: (at) => [(raised = log.hand(entryId, at))] });
		const check = hand + between(1000, 0.15 * span);
		taps.push({ offsetMs: check, entryId, record: (at) => [log.confirm(raised!, at, 0)] });
		taps.push({ offsetMs: check + between(500, 0.05 * span), entryId, record: (at) => [log.ack(entryId, at)] });
	}
	return taps.sort((a, b) => a.offsetMs - b.offsetMs);
}
