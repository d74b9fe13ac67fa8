import { m } from '$lib/i18n';
import type { CheckEvent } from './claim-follow-ups';
import type { WordsOptions } from './conflict-context';

/** A check's verdict on its own: "check confirmed, 2 pieces missing". */
export function verdictWords(check: CheckEvent, opt: WordsOptions): string {
	if (check.type === 'check.rejected') return m.org_cf_check_rejected({}, opt);
	return check.payload.missingPieces > 0 ? m.org_cf_check_missing({ count: check.payload.missingPieces }, opt) : m.org_cf_check_ok({}, opt);
}

/** The same, after the word "check": "confirmed, 2 pieces missing". */
export function shortVerdictWords(check: CheckEvent, opt: WordsOptions): string {
	if (check.type === 'check.rejected') return m.org_cf_verdict_rejected({}, opt);
	return check.payload.missingPieces > 0 ? m.org_cf_verdict_missing({ count: check.payload.missingPieces }, opt) : m.org_cf_verdict_ok({}, opt);
}
