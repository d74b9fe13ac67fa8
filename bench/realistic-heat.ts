import type { DeviceLog } from '$lib/events/builder';
import type { JudgeEvent } from '$lib/events/schema';
import { pauseAllowed } from '$lib/rules/ruleset-reading';
import type { Ruleset } from '$lib/rules/schema';

const MIN = 60_000;

/**
 * One heat's taps as its tablet records them, in time order, drawn from `rand` (shared by
 * bench:sync and bench:organizer): 70 % finish (a check, sometimes a missing piece, an
 * acknowledgement, now and then a correction of a late tap), the rest tallied at the limit;
 * pauses and assistance where the ruleset allows them, rejected checks, a time adjustment, an
 * incident, a rare disqualification. Returns the moment the heat's time limit ends.
 */
export function recordRealisticHeat(log: DeviceLog, ruleset: Ruleset, entryIds: string[], at: number, rand: () => number): number {
	const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
	const chance = (p: number) => rand() < p;
	const L = ruleset.timeLimitMs;
	log.start(at, entryIds, ruleset.previewMs);
	const clock = at + ruleset.previewMs;
	// Every action of the heat with its time, recorded in time order (as a judge taps them).
	const actions: { at: number; run: () => void }[] = [];
	const later = (t: number, run: () => void) => actions.push({ at: t, run });
	for (const entryId of entryIds) {
		const finished = chance(0.7);
		const end = finished ? clock + int(10 * MIN, L - MIN) + int(0, 999) : clock + L;
		const within = () => clock + int(1_000, Math.max(2_000, end - clock - 1_000));
		if (pauseAllowed(ruleset))
			for (let k = int(0, 2); k > 0; k--) {
				const from = within();
				const to = from + int(30_000, 5 * MIN);
				later(from, () => log.record('pause.start', from, entryId, {}));
				later(to, () => log.record('pause.end', to, entryId, {}));
			}
		if (ruleset.assistance !== null)
			for (let k = int(0, 2); k > 0; k--) {
				const from = within();
				const to = from + int(30_000, 4 * MIN);
				later(from, () => log.record('assist.start', from, entryId, {}));
				later(to, () => log.record('assist.end', to, entryId, {}));
			}
		for (let k = int(0, 2); k > 0; k--) {
			const t = within();
			let hand: JudgeEvent;
			const checked = t + int(20_000, 90_000);
			const reason = chance(0.5) ? 'pieces not joined' : undefined;
			later(t, () => (hand = log.hand(entryId, t)));
			later(checked, () => log.reject(hand, checked, reason));
		}
		if (finished) {
			let hand: JudgeEvent;
			const check = end + int(20_000, 90_000);
			later(end, () => (hand = log.hand(entryId, end)));
			const acked = check + int(5_000, 30_000);
			const missing = chance(0.03) ? 1 : 0;
			later(check, () => log.confirm(hand, check, missing));
			later(acked, () => log.ack(entryId, acked));
			if (chance(0.05)) {
				const t = check + int(60_000, 5 * MIN);
				later(t, () => log.correct(hand, t, 'tapped late', { type: 'hand.raised', at: end - int(1_000, 5_000), payload: {} }));
			}
		} else {
			const t = end + int(2 * MIN, 10 * MIN);
			const groups = Array.from({ length: int(1, 8) }, () => int(1, 80));
			later(t, () => log.tally(entryId, t, groups));
			const acked = t + int(5_000, 30_000);
			later(acked, () => log.ack(entryId, acked));
		}
		if (chance(0.02)) later(end + 5 * MIN, () => log.record('time.adjusted', end + 5 * MIN, entryId, { deltaMs: int(-30, 60) * 1000, reason: 'table knocked' }));
		if (chance(0.03)) {
			const t = within();
			later(t, () => log.record('incident.noted', t, entryId, { note: 'competitor asked for the rules of the check' }));
		}
		if (chance(0.005)) later(end + 6 * MIN, () => log.disqualify(entryId, end + 6 * MIN, 'swapped puzzles with a neighbour'));
	}
	later(clock + L, () => log.record('heat.time-limit', clock + L, null, { entryIds }));
	actions.sort((a, b) => a.at - b.at);
	for (const a of actions) a.run();
	return clock + L;
}
