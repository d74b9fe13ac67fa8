import type { Ruleset } from '$lib/rules/schema';
import { puzzlesOf } from '$lib/rules/ruleset-reading';
import type { CompetitionSummary } from './store';

/**
 * Display rows for the start page: English text formatted on the server, and the data behind
 * it, which the page words in the user's language (src/lib/i18n/ruleset-labels.ts).
 */

export interface CompetitionRow {
	id: string;
	name: string;
	ruleset: string;
	rulesetId: string;
	rulesetVersion: number;
	pieces: string;
	/** Pieces of all the puzzles, and how many puzzles. */
	piecesTotal: number;
	puzzleCount: number;
	timeLimit: string;
	unit: string;
	unitKind: Ruleset['unit']['kind'];
	unitSize: { min: number; max: number };
	entries: number;
}

export interface PresetRow {
	id: string;
	version: number;
	name: string;
	rulebook: string;
	rulebookId: Ruleset['rulebook'];
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
	const puzzles = puzzlesOf(s.ruleset);
	return {
		id: s.competition.id,
		name: s.competition.name,
		ruleset: s.ruleset.name,
		rulesetId: s.ruleset.id,
		rulesetVersion: s.ruleset.version,
		pieces: formatPieces(s.ruleset),
		piecesTotal: puzzles.reduce((sum, p) => sum + p.pieces, 0),
		puzzleCount: puzzles.length,
		timeLimit: formatHMM(s.ruleset.timeLimitMs),
		unit: formatUnit(s.ruleset),
		unitKind: s.ruleset.unit.kind,
		unitSize: { min: s.ruleset.unit.size.min, max: s.ruleset.unit.size.max },
		entries: s.entries
	};
}

export function presetRow(r: Ruleset): PresetRow {
	return { id: r.id, version: r.version, name: r.name, rulebook: RULEBOOK_NAMES[r.rulebook], rulebookId: r.rulebook, clauses: r.clauses.length };
}
