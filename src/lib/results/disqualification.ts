import { m, type Locale } from '$lib/i18n';
import type { Outcome } from '$lib/scoring';

/**
 * Why an entry is disqualified, in the locale: the judge's own words as recorded, or the
 * ruleset's rule for pieces missing at the check (ES-DQ), which scoring words in English.
 * Empty when the outcome holds no reason.
 */
export function disqualificationText(
	o: Pick<Outcome, 'disqualification' | 'disqualifiedForMissingPieces' | 'missingPieces'> & Partial<Pick<Outcome, 'boxFaultExempt'>>,
	options: { locale?: Locale } = {}
): string {
	if (o.disqualifiedForMissingPieces) return m.reason_missing_pieces_disqualify({ count: o.missingPieces - (o.boxFaultExempt ?? 0) }, { locale: options.locale });
	return o.disqualification ?? '';
}
