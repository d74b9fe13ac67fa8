import { formatDuration, type DurationPrecision, type Locale } from '$lib/i18n';

/**
 * Ticks for an axis of durations (final times, time since a heat's start), at steps a clock
 * reads well: tenths of a second up to hours. Every tick is a whole multiple of the step in
 * ms, so its label, a duration as a clock shows it (0:12, 45:00, 1:30:00, or 0:12.5 under a
 * second's step), differs from its neighbours'. (Minutes as decimals would not: a range of 12
 * to 18 seconds read "0.2 0.2 0.3 0.3".)
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The steps, in ms, smallest first. */
export const TIME_STEPS_MS: readonly number[] = [
	100,
	200,
	500,
	SECOND,
	2 * SECOND,
	5 * SECOND,
	10 * SECOND,
	15 * SECOND,
	30 * SECOND,
	MINUTE,
	2 * MINUTE,
	5 * MINUTE,
	10 * MINUTE,
	15 * MINUTE,
	30 * MINUTE,
	HOUR,
	2 * HOUR,
	5 * HOUR,
	10 * HOUR
];

/**
 * The step for about `count` ticks over `spanMs`: of the steps, the nearest to span / count on
 * a log scale (as d3's nice ticks choose between 1, 2 and 5), so there are between about
 * count / 2 and count × 2 of them.
 */
export function timeStep(spanMs: number, count: number): number {
	const ideal = spanMs / Math.max(1, count);
	if (!(ideal > 0)) return TIME_STEPS_MS[0]!;
	let best = TIME_STEPS_MS[0]!;
	for (const step of TIME_STEPS_MS) if (Math.abs(Math.log(step / ideal)) < Math.abs(Math.log(best / ideal))) best = step;
	return best;
}

/** How finely a tick of this step is shown: tenths below a second's step, else whole seconds. */
export function tickPrecision(stepMs: number): DurationPrecision {
	return stepMs < SECOND ? 'tenths' : 'seconds';
}

/** The multiples of `stepMs` within [fromMs, toMs] (a bound a rounding error short of one counts). */
export function ticksOfStep(fromMs: number, toMs: number, stepMs: number): number[] {
	const first = Math.ceil(fromMs / stepMs - 1e-9);
	const last = Math.floor(toMs / stepMs + 1e-9);
	const ticks: number[] = [];
	for (let k = first; k <= last; k++) ticks.push(k * stepMs);
	return ticks;
}

export interface TimeTick {
	ms: number;
	label: string;
}

/** About `count` ticks over [fromMs, toMs], each with its label in the locale's style (the current one by default). */
export function timeTicks(fromMs: number, toMs: number, count: number, options: { locale?: Locale } = {}): TimeTick[] {
	const step = timeStep(toMs - fromMs, count);
	const precision = tickPrecision(step);
	return ticksOfStep(fromMs, toMs, step).map((ms) => ({ ms, label: formatDuration(ms, { locale: options.locale, precision }) }));
}

/** What a tick label takes on the plots' axes (12 px text): a character's width at most, and the space between two labels. */
export const TICK_CHAR_PX = 7.5;
export const TICK_GAP_PX = 10;

/**
 * Ticks over [fromMs, toMs] on an axis `widthPx` wide whose labels do not overlap: the finest
 * step of a clock whose labels, each centred on its tick, leave TICK_GAP_PX between them.
 * (Ten steps of 10 minutes over a 90-minute heat read "1:00:001:10:001:20:00" on a plot
 * 416 px wide.)
 */
export function fittingTimeTicks(fromMs: number, toMs: number, widthPx: number, options: { locale?: Locale } = {}): TimeTick[] {
	const span = toMs - fromMs;
	let ticks: TimeTick[] = [];
	for (const step of TIME_STEPS_MS) {
		if (span > 0 && span / step > widthPx) continue; // far finer than the axis can show
		const precision = tickPrecision(step);
		ticks = ticksOfStep(fromMs, toMs, step).map((ms) => ({ ms, label: formatDuration(ms, { locale: options.locale, precision }) }));
		const spacing = span > 0 ? (step / span) * widthPx : Infinity;
		const widest = Math.max(0, ...ticks.map((t) => t.label.length)) * TICK_CHAR_PX;
		if (spacing >= widest + TICK_GAP_PX) return ticks;
	}
	return ticks;
}
