import { scaleLinear } from 'd3-scale';
import type { Outcome } from '$lib/scoring';

/**
 * The data behind the organizer's plots, prepared without a DOM: the distribution of a
 * competition's final times, and each heat's finishes over time. Minutes throughout, as
 * people read a puzzle race.
 */

const MINUTE = 60_000;

export interface TimeBin {
	/** Lower bound, inclusive; upper bound, exclusive (the last bin includes it), in minutes. */
	fromMin: number;
	toMin: number;
	count: number;
	/** The finishers in the bin, fastest first. */
	names: string[];
}

export interface FinishTimesHistogram {
	bins: TimeBin[];
	finishers: number;
	fastestMs: number | null;
	slowestMs: number | null;
	/** The bin with most finishers (the first of equals), or null without finishers. */
	busiest: TimeBin | null;
}

/**
 * Final times of the finishers (penalties included, as they rank) in bins of round widths:
 * the thresholds are d3-scale's nice ticks over the range of times, about `binCount` of them.
 */
export function finishTimesHistogram(rows: readonly { name: string; outcome: Outcome }[], binCount = 10): FinishTimesHistogram {
	const finishers = rows
		.filter((r) => r.outcome.status === 'finished' && r.outcome.finalTimeMs !== null)
		.map((r) => ({ name: r.name, min: r.outcome.finalTimeMs! / MINUTE }))
		.sort((a, b) => a.min - b.min);
	if (finishers.length === 0) return { bins: [], finishers: 0, fastestMs: null, slowestMs: null, busiest: null };
	const lo = finishers[0]!.min;
	const hi = finishers[finishers.length - 1]!.min;
	// One time alone still gets a bin around it.
	const scale = scaleLinear().domain(hi > lo ? [lo, hi] : [Math.floor(lo), Math.floor(lo) + 1]).nice(binCount);
	const ticks = scale.ticks(binCount);
	const [d0, d1] = scale.domain() as [number, number];
	const thresholds = ticks[ticks.length - 1]! < d1 ? [...ticks, d1] : ticks;
	if (thresholds[0]! > d0) thresholds.unshift(d0);
	const bins: TimeBin[] = thresholds.slice(0, -1).map((fromMin, i) => ({ fromMin, toMin: thresholds[i + 1]!, count: 0, names: [] }));
	for (const f of finishers) {
		const bin = bins.find((b, i) => f.min < b.toMin || i === bins.length - 1)!;
		bin.count++;
		bin.names.push(f.name);
	}
	const busiest = bins.reduce((best, b) => (b.count > best.count ? b : best), bins[0]!);
	return { bins, finishers: finishers.length, fastestMs: finishers[0]!.min * MINUTE, slowestMs: hi * MINUTE, busiest };
}

export interface ProgressStep {
	/** Minutes since the heat's start. */
	minute: number;
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
	/** The time limit, in minutes: where the plot's time axis ends at the least. */
	limitMin: number;
}

/**
 * Each heat's finishes over time: cumulative finishers by the minute of their hand raised,
 * counted from the heat's start on the wall clock (a late starter's minutes too). Heats in
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
						.map((r) => ({ name: r.name, minute: (r.outcome.finishedAt! - startedAt) / MINUTE }))
						.sort((a, b) => a.minute - b.minute || a.name.localeCompare(b.name));
		return [
			{
				heatId: heat.id,
				heatName: heat.name,
				startedAt,
				entries: inHeat.length,
				steps: finishes.map((f, i) => ({ minute: f.minute, finishers: i + 1, name: f.name })),
				limitMin: timeLimitMs / MINUTE
			}
		];
	});
}

/**
 * The SVG path of a step line through the steps, from (0, 0) to `endMin`: the count stays
 * level until the next finish, then rises. `x` and `y` map minutes and counts to pixels.
 */
export function stepPath(steps: readonly ProgressStep[], endMin: number, x: (minute: number) => number, y: (count: number) => number): string {
	let d = `M${x(0)},${y(0)}`;
	for (const s of steps) d += `H${x(s.minute)}V${y(s.finishers)}`;
	return `${d}H${x(Math.max(endMin, steps[steps.length - 1]?.minute ?? 0))}`;
}
