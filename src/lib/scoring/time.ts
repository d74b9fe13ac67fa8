import type { Ruleset } from '$lib/rules/schema';

/**
 * A duration at the ruleset's resolution: milliseconds as measured, or whole seconds
 * truncated as a stopwatch shows them (ES-WIN: 45:00.4 and 45:00.9 both read 45:00).
 */
export function atResolution(ms: number, resolution: Ruleset['timeResolution']): number {
	return resolution === 'ms' ? ms : Math.floor(ms / 1000) * 1000;
}

/**
 * A duration as a clock shows it: m:ss below an hour, h:mm:ss from an hour on; with
 * `fraction` the milliseconds too (45:12.300). Negative durations get a minus sign.
 */
export function formatDuration(ms: number, fraction = false): string {
	const sign = ms < 0 ? '-' : '';
	const abs = Math.abs(ms);
	const totalSeconds = Math.floor(abs / 1000);
	const h = Math.floor(totalSeconds / 3600);
	const m = Math.floor((totalSeconds % 3600) / 60);
	const s = totalSeconds % 60;
	const ss = String(s).padStart(2, '0');
	const frac = fraction ? `.${String(abs % 1000).padStart(3, '0')}` : '';
	return h > 0 ? `${sign}${h}:${String(m).padStart(2, '0')}:${ss}${frac}` : `${sign}${m}:${ss}${frac}`;
}

/** A duration for a ruleset: with milliseconds where the ruleset records them. */
export function formatResult(ms: number, resolution: Ruleset['timeResolution']): string {
	return formatDuration(ms, resolution === 'ms');
}
