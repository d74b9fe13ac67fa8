import { formatNumber, type Locale } from '$lib/i18n';
import type { Ruleset } from '$lib/rules/schema';
import type { Outcome } from '$lib/scoring';

const MINUTE_MS = 60_000;

/**
 * Solving speed, rounded to two decimals. For a finisher: all the puzzle's pieces over the
 * final time (penalties included, so that it ranks as the time does). For an entry unfinished
 * at the limit: the counted pieces over the time limit, as the whole limit was used. Null
 * where a speed makes no sense: no result yet, disqualified, absent, a tally not entered.
 */
export function piecesPerMinute(
	outcome: Pick<Outcome, 'status' | 'finalTimeMs' | 'totalPieces' | 'countedPieces'>,
	ruleset: Pick<Ruleset, 'timeLimitMs'>
): number | null {
	let perMinute: number | null = null;
	if (outcome.status === 'finished' && outcome.finalTimeMs !== null && outcome.finalTimeMs > 0)
		perMinute = outcome.totalPieces / (outcome.finalTimeMs / MINUTE_MS);
	else if (outcome.status === 'unfinished' && outcome.countedPieces !== null && ruleset.timeLimitMs > 0)
		perMinute = outcome.countedPieces / (ruleset.timeLimitMs / MINUTE_MS);
	return perMinute === null ? null : Math.round(perMinute * 100) / 100;
}

/** The speed as a screen or a printout shows it, in the current language (or a given one: a print's); empty where there is none. */
export function formatPiecesPerMinute(outcome: Parameters<typeof piecesPerMinute>[0], ruleset: Parameters<typeof piecesPerMinute>[1], options: { locale?: Locale } = {}): string {
	const v = piecesPerMinute(outcome, ruleset);
	return v === null ? '' : formatNumber(v, { maximumFractionDigits: 2, locale: options.locale });
}
