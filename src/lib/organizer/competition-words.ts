import { formatNumber, m, type Locale } from '$lib/i18n';
import type { Ruleset } from '$lib/rules/schema';

/**
 * A competition's ruleset in plain words for the event screen, in the current (or a given)
 * locale: its pieces, time limit, capacity and fee, then who may enter ("500 pieces, 90 minutes,
 * at most 80 competitors, 400 CZK, under 16 with an adult").
 */

interface WithLocale {
	locale?: Locale;
}

const MIN = 60_000;

/** "500", "4 × 500 + 2 × 500 + 500 + 1 000" for a relay. */
function piecesWords(r: Ruleset, locale: Locale | undefined): string {
	const n = (x: number) => formatNumber(x, { locale });
	if (r.format.kind === 'single') return n(r.format.puzzle.pieces);
	return r.format.stages
		.map((s) => {
			const counts = s.puzzles.map((p) => p.pieces);
			return counts.length > 1 && counts.every((c) => c === counts[0]) ? `${counts.length} × ${n(counts[0]!)}` : counts.map(n).join(' + ');
		})
		.join(' + ');
}

/** "90 minutes", "2 hours". */
export function durationWords(ms: number, options: WithLocale = {}): string {
	const { locale } = options;
	const minutes = ms / MIN;
	if (minutes >= 60 && minutes % 60 === 0) return m.org_words_hours({ count: minutes / 60 }, { locale });
	return m.org_words_minutes({ count: Number.isInteger(minutes) ? minutes : Math.round(minutes * 10) / 10 }, { locale });
}

/** "ages 5–7", "ages 18+", "ages up to 14", or null for no age rule (also the unit problems' words). */
export function agesWords(range: { min?: number; max?: number } | undefined, locale: Locale | undefined): string | null {
	if (!range || (range.min === undefined && range.max === undefined)) return null;
	if (range.max === undefined) return m.org_words_ages_from({ min: range.min! }, { locale });
	if (range.min === undefined) return m.org_words_ages_to({ max: range.max }, { locale });
	return m.org_words_ages({ min: range.min, max: range.max }, { locale });
}

/** Who may enter: the unit and its size (drawn from people who register alone: CZ-TEAM-DRAW), the members' ages, "at least 2 children (5–14)", "under 16 with an adult". */
function unitWords(r: Ruleset, locale: Locale | undefined): string[] {
	const u = r.unit;
	const size = u.size.min === u.size.max ? String(u.size.min) : `${u.size.min}–${u.size.max}`;
	const words: string[] = [];
	if (u.kind === 'pair') words.push(m.org_words_unit_pair({}, { locale }));
	else if (u.kind === 'group') words.push(m.org_words_unit_group({ size }, { locale }));
	else if (u.kind === 'team') words.push(u.drawn ? m.org_words_unit_team_drawn({ size }, { locale }) : m.org_words_unit_team({ size }, { locale }));
	if (u.drawn && u.kind !== 'team') words.push(m.org_words_drawn({}, { locale }));
	const ages = agesWords(u.memberAge, locale);
	if (ages) words.push(ages);
	for (const c of u.composition) {
		const range = c.age.max === undefined ? `${c.age.min ?? 0}+` : `${c.age.min ?? 0}–${c.age.max}`;
		words.push(m.org_words_at_least({ count: c.atLeast, range }, { locale }));
	}
	if (u.accompaniedUnderAge !== undefined) words.push(m.org_words_accompanied({ age: u.accompaniedUnderAge }, { locale }));
	return words;
}

/** "400 CZK", "800 CZK per person", "5 EUR per entry, paid at check-in", "free". */
export function feeWords(r: Pick<Ruleset, 'fee' | 'unit'>, options: WithLocale = {}): string {
	const { locale } = options;
	const f = r.fee;
	if (f.amount === 0) return m.org_words_free({}, { locale });
	const amount = `${formatNumber(f.amount, { locale })} ${f.currency}`;
	const each =
		f.per === 'entry' ? m.org_words_fee_per_entry({ amount }, { locale }) : r.unit.kind === 'individual' ? amount : m.org_words_fee_per_person({ amount }, { locale });
	return f.payable === 'check-in' ? m.org_words_fee_at_check_in({ fee: each }, { locale }) : each;
}

/** "at most 80 competitors", "at most 20 entries", "no limit on numbers". */
export function capacityWords(r: Pick<Ruleset, 'capacity'>, options: WithLocale = {}): string {
	const { locale } = options;
	if (!r.capacity) return m.org_words_no_capacity({}, { locale });
	return r.capacity.per === 'person' ? m.org_words_capacity_people({ count: r.capacity.max }, { locale }) : m.org_words_capacity_entries({ count: r.capacity.max }, { locale });
}

/** The whole summary: "500 pieces, 90 minutes, at most 80 competitors, 400 CZK, under 16 with an adult". */
export function competitionWords(r: Ruleset, options: WithLocale = {}): string {
	const { locale } = options;
	return [
		m.org_words_pieces({ pieces: piecesWords(r, locale) }, { locale }),
		durationWords(r.timeLimitMs, { locale }),
		capacityWords(r, { locale }),
		feeWords(r, { locale }),
		...unitWords(r, locale)
	].join(', ');
}
