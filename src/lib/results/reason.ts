/**
 * Why an entry stands where it does, in the current (or a given) locale: the explanation that
 * scoring gives in English as `StandingRow.reason` (src/lib/scoring/standings.ts), worded
 * from the row's structured data instead: the rank basis, the outcome and its penalties, the
 * shared place and the tie-break. Times are shown at the ruleset's resolution with the locale's
 * decimal separator, counts with the locale's plural forms (Czech: 1 dílek, 2 dílky, 5 dílků).
 *
 * In English it reads as `reason` does (reason.test.ts checks it over random competitions),
 * except that numbers are grouped ("4,500") and an entry without a result yet names its
 * state in words.
 */
import { m, type Locale } from '$lib/i18n';
import type { Ruleset } from '$lib/rules/schema';
import type { Outcome, StandingRow } from '$lib/scoring';
import { disqualificationText } from './disqualification';
import { formatResultTime } from './result-time';

export interface ReasonOptions {
	/** Defaults to the current locale. */
	locale?: Locale;
}

/** What the explanation is made from. */
export type ExplainedRow = Pick<StandingRow, 'basis' | 'outcome' | 'place' | 'shared' | 'byTiebreak'>;

/** Between the parts of an explanation, in every locale. */
const SEPARATOR = ' — ';

/**
 * The time penalties of an outcome, one phrase each, in scoring's order: missing pieces,
 * assistance, loose pieces, adjustment ("+0:20 for 2 missing pieces", "−1:00 adjustment").
 */
export function penaltyPhrases(
	o: Pick<Outcome, 'penalties' | 'missingPieces' | 'loosePieces'> & Partial<Pick<Outcome, 'boxFaultExempt'>>,
	resolution: Ruleset['timeResolution'],
	options: ReasonOptions = {}
): string[] {
	const opt = { locale: options.locale };
	const time = (ms: number) => formatResultTime(ms, resolution, opt);
	const p = o.penalties;
	const parts: string[] = [];
	// Pieces from the box the organizer confirmed cost nothing: the penalty counts the others.
	if (p.missingPiecesMs) parts.push(m.reason_penalty_missing({ time: time(p.missingPiecesMs), count: o.missingPieces - (o.boxFaultExempt ?? 0) }, opt));
	if (p.assistanceMs) parts.push(m.reason_penalty_assistance({ time: time(p.assistanceMs) }, opt));
	if (p.loosePiecesMs) parts.push(m.reason_penalty_loose({ time: time(p.loosePiecesMs), count: o.loosePieces ?? 0 }, opt));
	if (p.adjustmentMs) parts.push(m.reason_penalty_adjustment({ change: `${p.adjustmentMs > 0 ? '+' : '−'}${time(Math.abs(p.adjustmentMs))}` }, opt));
	return parts;
}

/** Why the entry stands here, e.g. "dokončeno: 41:10,000 = 40:50,000 (+0:20,000 za 2 chybějící dílky)". */
export function explainStanding(row: ExplainedRow, ruleset: Pick<Ruleset, 'timeResolution' | 'unfinished'>, options: ReasonOptions = {}): string {
	const opt = { locale: options.locale };
	const o = row.outcome;
	const b = row.basis;
	const time = (ms: number) => formatResultTime(ms, ruleset.timeResolution, opt);
	let text: string;
	switch (b.kind) {
		case 'time': {
			const penalties = penaltyPhrases(o, ruleset.timeResolution, opt);
			const values = { final: time(b.finalTimeMs), elapsed: time(o.elapsedMs ?? 0) };
			text = b.finished ? m.reason_finished(values, opt) : m.reason_unfinished_at_limit(values, opt);
			if (penalties.length > 0) text += ` (${penalties.join(', ')})`;
			break;
		}
		case 'pieces':
			text = m.reason_unfinished_pieces({ count: b.countedPieces, total: o.totalPieces, min: ruleset.unfinished.minGroupSize }, opt);
			break;
		case 'unranked':
			switch (b.why) {
				case 'tally-pending':
					text = m.reason_tally_pending({}, opt);
					break;
				case 'disqualified': {
					const why = disqualificationText(o, opt);
					text = why ? m.reason_disqualified({ reason: why }, opt) : m.reason_disqualified_no_reason({}, opt);
					break;
				}
				case 'did-not-start':
					text = m.reason_did_not_start({}, opt);
					break;
				default:
					text = m.reason_no_result({ status: b.why }, opt);
			}
	}
	if (row.place !== null && row.shared > 1) text += SEPARATOR + m.reason_shares_place({ place: row.place, others: row.shared - 1 }, opt);
	if (row.byTiebreak) text += SEPARATOR + m.reason_placed_by_tiebreak({}, opt);
	return text;
}
