/**
 * How a ruleset's facts read in the current (or a given) locale, for the start page's tables:
 * its rulebook, its unit and size, its pieces. (Its name: preset-names.ts.)
 */
import { formatNumber } from './format';
import { m, type Locale } from '$lib/i18n';
import type { Ruleset } from '$lib/rules/schema';

interface WithLocale {
	/** Defaults to the current locale. */
	locale?: Locale;
}

type Label = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

const RULEBOOKS: Readonly<Record<Ruleset['rulebook'], Label>> = {
	czjpa: m.rulebook_czjpa,
	'es-torneo': m.rulebook_es_torneo,
	custom: m.rulebook_custom
};

const UNITS: Readonly<Record<Ruleset['unit']['kind'], Label>> = {
	individual: m.unit_individual,
	pair: m.unit_pair,
	group: m.unit_group,
	team: m.unit_team
};

/** "CZJPA (Czech)", "CZJPA (česká pravidla)". */
export function rulebookName(rulebook: Ruleset['rulebook'], options: WithLocale = {}): string {
	return RULEBOOKS[rulebook]({}, { locale: options.locale });
}

/** The unit and its size: "individual (1)", "skupiny (4–6)". */
export function unitLabel(kind: Ruleset['unit']['kind'], size: { min: number; max: number }, options: WithLocale = {}): string {
	const { locale } = options;
	const n = (x: number) => formatNumber(x, { locale });
	const range = size.min === size.max ? n(size.min) : `${n(size.min)}–${n(size.max)}`;
	return `${UNITS[kind]({}, { locale })} (${range})`;
}

/** A single puzzle's pieces ("500"), or a relay's total and puzzles ("4,500 in 8 puzzles", "4 500 v 8 puzzle"). */
export function piecesLabel(total: number, puzzles: number, options: WithLocale = {}): string {
	const { locale } = options;
	const pieces = formatNumber(total, { locale });
	return puzzles === 1 ? pieces : m.start_pieces_in_puzzles({ pieces, count: puzzles }, { locale });
}
