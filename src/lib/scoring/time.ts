import type { Ruleset } from '$lib/rules/schema';
import { durationText, type DurationPrecision } from '$lib/duration-text';

/**
 * A duration at the ruleset's resolution: milliseconds as measured, or whole seconds
 * truncated as a stopwatch shows them (ES-WIN: 45:00.4 and 45:00.9 both read 45:00).
 */
export function atResolution(ms: number, resolution: Ruleset['timeResolution']): number {
	return resolution === 'ms' ? ms : Math.floor(ms / 1000) * 1000;
}

/** How a result is shown under a ruleset: with milliseconds where it records them, else whole seconds. */
export function resultPrecision(resolution: Ruleset['timeResolution']): DurationPrecision {
	return resolution === 'ms' ? 'milliseconds' : 'seconds';
}

/**
 * A result time as the ruleset records it, plain ("52:13.250", "45:00"): the CLI's and the
 * scorer's explanations. The screens show the same in the locale's style
 * (results/result-time.ts, formatResultTime).
 */
export function formatResult(ms: number, resolution: Ruleset['timeResolution']): string {
	return durationText(ms, { precision: resultPrecision(resolution) });
}
