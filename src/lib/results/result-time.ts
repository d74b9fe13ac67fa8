import type { Ruleset } from '$lib/rules/schema';
import { resultPrecision } from '$lib/scoring/time';
import { formatDuration, type Locale } from '$lib/i18n';

/**
 * A result time as the ruleset records it, in the locale's style: with milliseconds under
 * 'ms' ("41:10.000" in en, "41:10,000" in cs and es), else whole seconds ("45:00"). In English
 * it reads as the CLI's (scoring's formatResult).
 */
export function formatResultTime(ms: number, resolution: Ruleset['timeResolution'], options: { locale?: Locale } = {}): string {
	return formatDuration(ms, { locale: options.locale, precision: resultPrecision(resolution) });
}
