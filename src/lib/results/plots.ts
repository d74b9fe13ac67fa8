import type { Outcome } from '$lib/scoring';
import { ticksOfStep, timeStep } from './time-ticks';

/**
 * The data behind the organizer's plots, prepared without a DOM: the distribution of a
 * competition's final times, and each heat's finishes over time. Times in ms, as scoring
 * gives them; the plots label them as a clock shows a time (time-ticks.ts).
 */

const MINUTE = 60_000;

export interface TimeBin {
	/** Lower bound, inclusive; upper bound, exclusive (the last bin includes it), in ms. */
	fromMs: number;
	toMs: number;
	count: number;
	/** The finishers in the bin, fastest first. */
	names: string[];
}

export interface FinishTimesHistogram {
	bins: TimeBin[];
	/** The width of every bin, ms: one of the time axis' steps (time-ticks.ts). */
	binMs: number;
	finishers: number;
	fastestMs: number | null;
	slowestMs: number | null;
	/** The bin with most finishers (the first of equals), or null without finishers. */
	busiest: TimeBin | null;
}

/**
 * Final times of the finishers (penalties included, as they rank) in about `binCount` bins
 * of a width a clock reads well (2 minutes, 30 seconds, half a second …: `timeStep`), from a
 * multiple of it at or below the fastest to one at or above the slowest. A single time (or
 * equal ones) gets the minute around it.
 */
export function finishTimesHistogram(rows: readonly { name: string; outcome: Outcome }[], binCount = 10): FinishTimesHistogram {
	const finishers = rows
		.filter((r) => r.outcome.status === 'finished' && r.outcome.finalTimeMs !== null)
		.map((r) => ({ name: r.name, ms: r.outcome.finalTimeMs! }))
		.sort((a, b) => a.ms - b.ms);
	if (finishers.length === 0) return { bins: [], binMs: 0, finishers: 0, fastestMs: null, slowestMs: null, busiest: null };
	const lo = finishers[0]!.ms;
	const hi = finishers[finishers.length - 1]!.ms;
	const [from, to] = hi > lo ? [lo, hi] : [Math.floor(lo / MINUTE) * MINUTE, Math.floor(lo / MINUTE) * MINUTE + MINUTE];
	const binMs = timeStep(to - from, binCount);
	const start = Math.floor(from / binMs) * binMs;
	const end = Math.max(Math.ceil(to / binMs) * binMs, start + binMs);
	const thresholds = ticksOfStep(start, end, binMs);
	const bins: TimeBin[] = thresholds.slice(0, -1).map((fromMs, i) => ({ fromMs, toMs: thresholds[i + 1]!, count: 0, names: [] }));
	for (const f of finishers) {
		const bin = bins.find((b, i) => f.ms < b.toMs || i === bins.length - 1)!;
		bin.count++;
		bin.names.push(f.name);
	}
	const busiest = bins.reduce((best, b) => (b.count > best.count ? b : best), bins[0]!);
	return { bins, binMs, finishers: finishers.length, fastestMs: lo, slowestMs: hi, busiest };
}

export interface ProgressStep {
	/** Time since the heat's start, ms. */
	atMs: number;
	/** Finishers up to and including this one. */
	finishers: number;
	name: string;
}

export interface HeatProgress {
	heatId: string;
	heatName: string;
	/** The heat's start: the earliest clock start the scorer computed for its entries, ms since the epoch. */
	startedAt: number | null;
	entries: number;
	steps: ProgressStep[];
	/** The time limit, ms: where the plot's time axis ends at the least. */
	limitMs: number;
}

/**
 * Each heat's finishes over time: cumulative finishers by the time of their hand raised,
 * counted from the heat's start on the wall clock (a late starter's time too). Heats in
 * the order given; a heat without entries is left out.
 */
export function heatProgress(
	heats: readonly { id: string; name: string }[],
	rows: readonly { name: string; outcome: Outcome }[],
	timeLimitMs: number
): HeatProgress[] {
	return heats.flatMap((heat) => {
		const inHeat = rows.filter((r) => r.outcome.heatId === heat.id);
		if (inHeat.length === 0) return [];
		const starts = inHeat.map((r) => r.outcome.startedAt).filter((t): t is number => t !== null);
		const startedAt = starts.length > 0 ? Math.min(...starts) : null;
		const finishes =
			startedAt === null
				? []
				: inHeat
						.filter((r) => r.outcome.status === 'finished' && r.outcome.finishedAt !== null)
						.map((r) => ({ name: r.name, atMs: r.outcome.finishedAt! - startedAt }))
						.sort((a, b) => a.atMs - b.atMs || a.name.localeCompare(b.name));
		return [
			{
				heatId: heat.id,
				heatName: heat.name,
				startedAt,
				entries: inHeat.length,
				steps: finishes.map((f, i) => ({ atMs: f.atMs, finishers: i + 1, name: f.name })),
				limitMs: timeLimitMs
			}
		];
	});
}

/**
 * The SVG path of a step line through the steps, from (0, 0) to `endMs`: the count stays
 * level until the next finish, then rises. `x` and `y` map times (ms) and counts to pixels.
 */
export function stepPath(steps: readonly ProgressStep[], endMs: number, x: (ms: number) => number, y: (count: number) => number): string {
	let d = `M${x(0)},${y(0)}`;
	for (const s of steps) d += `H${x(s.atMs)}V${y(s.finishers)}`;
	return `${d}H${x(Math.max(endMs, steps[steps.length - 1]?.atMs ?? 0))}`;
}
