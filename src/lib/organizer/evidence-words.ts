import { formatDate, formatNumber, m, type Locale } from '$lib/i18n';
import type { EvidenceState } from '$lib/contract';

/**
 * What the event screen says of the evidence photos (issue 33): how many and how large, until when
 * they are kept (a date once every competition is final, else "N days after the last final lock"),
 * and when they were last erased.
 */
export interface EvidenceLines {
	count: string;
	kept: string;
	erased: string | null;
}

/** A size in megabytes, one decimal: the photos are a few hundred KB each. */
export function megabytes(bytes: number, locale?: Locale): string {
	// Under 0.1 MB, two decimals: a single small photo does not read as nothing.
	const digits = bytes > 0 && bytes < 100_000 ? 2 : 1;
	return `${formatNumber(bytes / 1_000_000, { locale, maximumFractionDigits: digits, minimumFractionDigits: digits })} MB`;
}

export function evidenceLines(state: EvidenceState, locale?: Locale): EvidenceLines {
	const o = { locale };
	const days = state.retentionDays;
	return {
		count: m.photo_evidence_count({ count: state.photoCount, size: megabytes(state.photoBytes, locale) }, o),
		kept: state.eraseAt === null ? m.photo_evidence_kept_after({ days }, o) : m.photo_evidence_kept_until({ date: formatDate(state.eraseAt, { locale }), days }, o),
		erased: state.erasedAt === null ? null : m.photo_evidence_erased_at({ date: formatDate(state.erasedAt, { locale }) }, o)
	};
}
