import { puzzlesOf, type Ruleset } from '$lib/rules/schema';
import type { CompetitionSummary } from './store';

/** Display rows for the start page, formatted on the server. */

export interface CompetitionRow {
	id: string;
	name: string;
	ruleset: string;
	rulesetVersion: number;
	pieces: string;
	timeLimit: string;
	unit: string;
	entries: number;
}

export interface PresetRow {
	id: string;
	version: number;
	name: string;
	rulebook: string;
	clauses: number;
}

/** A duration as h:mm, e.g. 90 minutes → "1:30"; seconds are dropped. */
export function formatHMM(ms: number): string {
	const minutes = Math.floor(ms / 60_000);
	return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** "500", or for a relay the total and the count of puzzles: "4,500 in 8 puzzles". */
export function formatPieces(r: Pick<Ruleset, 'format'>): string {
	const puzzles = puzzlesOf(r);
	const total = puzzles.reduce((sum, p) => sum + p.pieces, 0).toLocaleString('en');
	return puzzles.length === 1 ? total : `${total} in ${puzzles.length} puzzles`;
}

/** "individual (1)", "group (4–6)". */
export function formatUnit(r: Pick<Ruleset, 'unit'>): string {
	const { kind, size } = r.unit;
	return `${kind} (${size.min === size.max ? size.min : `${size.min}–${size.max}`})`;
}

export const RULEBOOK_NAMES: Record<Ruleset['rulebook'], string> = {
	czjpa: 'CZJPA (Czech)',
	'es-torneo': 'Torneo (Spanish)',
	custom: 'Custom'
};

export function competitionRow(s: CompetitionSummary): CompetitionRow {
	return {
		id: s.competition.id,
		name: s.competition.name,
		ruleset: s.ruleset.name,
		rulesetVersion: s.ruleset.version,
		pieces: formatPieces(s.ruleset),
		timeLimit: formatHMM(s.ruleset.timeLimitMs),
		unit: formatUnit(s.ruleset),
		entries: s.entries
	};
}

export function presetRow(r: Ruleset): PresetRow {
	return { id: r.id, version: r.version, name: r.name, rulebook: RULEBOOK_NAMES[r.rulebook], clauses: r.clauses.length };
}
