import type { PausePolicy, Ruleset } from './schema';

/**
 * One preset per competition of both rulebooks (../shared/rules/CLAUSES.md). Where a rulebook
 * is ambiguous the reading chosen here is the default, and the comment names the clause.
 *
 * Presets are written out whole, as RulesetSchema's output (every default included), so that
 * nothing is parsed when the module loads; presets.test.ts proves that parsing each one gives
 * it back unchanged.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;

const czGeneral = {
	schemaVersion: 1,
	version: 1,
	rulebook: 'czjpa',
	previewMs: 0, // CZ-IND-FORMAT: no preview
	timeResolution: 'ms',
	pause: null, // CZ-GEN-LEAVE: leaving the place never stops the clock
	assistance: null,
	missingPieces: { policy: 'penalty', penaltyMsPerPiece: 10_000 }, // CZ-GEN-MISSING
	missingFromBox: 'penalty', // CZ-GEN-MISSING: every missing piece costs 10 s, wherever it went
	unfinished: { policy: 'rank-by-counted-pieces', minGroupSize: 3 }, // CZ-GEN-UNFINISHED
	ties: { sharedPlaces: true, flagTieForFirst: false }, // CZ-IND-RANK-3: no tie-break in the CZJPA rules
	awards: { topN: 5 }, // CZ-IND-AWARD, CZ-TEAM-RANK
	refund: { deadlineDaysBefore: 15 } // CZ-GEN-REFUND
} as const satisfies Partial<Ruleset>;

const czGeneralClauses = [
	'CZ-GEN-START',
	'CZ-GEN-FINISH',
	'CZ-GEN-RECORD',
	'CZ-GEN-MISSING',
	'CZ-GEN-UNFINISHED',
	'CZ-GEN-LEAVE',
	'CZ-GEN-AGE',
	'CZ-GEN-REFUND',
	'CZ-GEN-CHANGES'
];

const czIndividual: Ruleset = {
	...czGeneral,
	id: 'czjpa-individual',
	name: 'CZJPA individual (500 pieces, 90 min)',
	clauses: [...czGeneralClauses, 'CZ-IND-CAP', 'CZ-IND-FORMAT', 'CZ-IND-SORTERS', 'CZ-IND-RANK-1', 'CZ-IND-RANK-2', 'CZ-IND-RANK-3', 'CZ-IND-AWARD'],
	unit: { kind: 'individual', size: { min: 1, max: 1 }, composition: [], accompaniedUnderAge: 16 },
	format: { kind: 'single', puzzle: { id: 'puzzle', pieces: 500 } },
	timeLimitMs: 90 * MIN,
	capacity: { max: 80, per: 'person' },
	fee: { amount: 400, per: 'person', currency: 'CZK', payable: 'registration' },
	checkIn: { sortersMax: 4 }
};

const czTeamRelay: Ruleset = {
	...czGeneral,
	id: 'czjpa-team-relay',
	// Version 2: people register alone and the teams are drawn (unit.drawn, CZ-TEAM-DRAW). A version
	// never changes once stored, so a changed preset is a new version (servers and tablets keep v1 as it was).
	version: 2,
	name: 'CZJPA team relay (4 × 500, 2 × 500, 500, 1000; 5 h)',
	clauses: [
		...czGeneralClauses,
		'CZ-TEAM-CAP',
		'CZ-TEAM-DRAW',
		'CZ-TEAM-FORMAT',
		'CZ-TEAM-P1',
		'CZ-TEAM-P1-DONE',
		'CZ-TEAM-P2',
		'CZ-TEAM-P3',
		'CZ-TEAM-FINAL',
		'CZ-TEAM-RANK',
		'CZ-TEAM-TEARDOWN'
	],
	unit: { kind: 'team', size: { min: 4, max: 4 }, composition: [], accompaniedUnderAge: 16, drawn: true },
	format: {
		kind: 'relay',
		teardownRequired: true,
		stages: [
			{
				id: 'part-1',
				mode: 'rotation',
				rotationIntervalMs: 8 * MIN,
				puzzles: [1, 2, 3, 4].map((n) => ({ id: `p1-${n}`, pieces: 500 }))
			},
			{ id: 'part-2', mode: 'pairs', puzzles: [1, 2].map((n) => ({ id: `p2-${n}`, pieces: 500 })) },
			{ id: 'part-3', mode: 'team', puzzles: [{ id: 'p3', pieces: 500 }] },
			{ id: 'final', mode: 'team', puzzles: [{ id: 'final', pieces: 1000 }] }
		]
	},
	timeLimitMs: 5 * HOUR,
	capacity: { max: 20, per: 'entry' },
	// 3,200 CZK per team is 4 × 800 per person (CZ-TEAM-CAP): one amount, both views derived.
	fee: { amount: 800, per: 'person', currency: 'CZK', payable: 'registration' },
	checkIn: { sortersMax: 4 }
};

const esGeneral = {
	schemaVersion: 1,
	version: 1,
	rulebook: 'es-torneo',
	previewMs: 2 * MIN, // ES-PREVIEW
	timeResolution: 'second-truncated', // ES-WIN: minutes and seconds as the stopwatch shows
	assistance: { maxCount: 3, maxTotalMs: 10 * MIN, addedAsPenalty: true }, // ES-ASSIST
	// ES-DQ: a piece lost is a disqualification; the organizer may switch to a penalty.
	missingPieces: { policy: 'disqualify' },
	missingFromBox: 'penalty', // ES-DQ names no exception for a piece that was never in the box
	unfinished: { policy: 'limit-plus-loose-penalty', minGroupSize: 10, penaltyMsPerLoosePiece: 10_000, finishersFirst: true }, // ES-UNFINISHED
	ties: { sharedPlaces: true, flagTieForFirst: true }, // ES-TIE
	awards: { topN: 1 }, // "el ganador de cada categoría"
	capacity: null,
	refund: null
} as const satisfies Partial<Ruleset>;

const esGeneralClauses = [
	'ES-CAT',
	'ES-FEE',
	'ES-LIMIT',
	'ES-PREVIEW',
	'ES-WIN',
	'ES-SHIFT',
	'ES-LATE',
	'ES-PAUSE',
	'ES-UNFINISHED',
	'ES-ASSIST',
	'ES-DQ',
	'ES-INCIDENT',
	'ES-END',
	'ES-TIE'
];

/**
 * ES-PAUSE grants pauses to "individual categories" and denies them to "group categories";
 * the kids pairs are neither. Default: pairs may pause (they are not a group category).
 */
const esPause: PausePolicy = { maxCount: 2, maxDurationMs: 5 * MIN, clockStops: true, appliesTo: ['individual', 'pair'] };

/** "Infantil" ages 5-14: the reading of "child" in the family group's "at least 2 children". */
const childAge = { min: 5, max: 14 };

function esKidsPairs(minAge: number, maxAge: number, pieces: number): Ruleset {
	return {
		...esGeneral,
		id: `es-kids-pairs-${minAge}-${maxAge}`,
		name: `Kids pairs ${minAge}–${maxAge} (${pieces} pieces, 1 h)`,
		clauses: [...esGeneralClauses, 'ES-COMPANION'],
		unit: { kind: 'pair', size: { min: 2, max: 2 }, memberAge: { min: minAge, max: maxAge }, composition: [] },
		format: { kind: 'single', puzzle: { id: 'puzzle', pieces } },
		timeLimitMs: 1 * HOUR, // ES-LIMIT: kids categories 1 h
		pause: esPause,
		fee: { amount: 0, per: 'entry', currency: 'EUR', payable: 'check-in' },
		checkIn: { companionsMax: 2 }
	};
}

const esAdultIndividual: Ruleset = {
	...esGeneral,
	id: 'es-adult-individual',
	name: 'Adult individual 18+ (200 pieces, 2 h)',
	clauses: esGeneralClauses,
	unit: { kind: 'individual', size: { min: 1, max: 1 }, memberAge: { min: 18 }, composition: [] },
	format: { kind: 'single', puzzle: { id: 'puzzle', pieces: 200 } },
	timeLimitMs: 2 * HOUR,
	pause: esPause,
	fee: { amount: 1, per: 'person', currency: 'EUR', payable: 'check-in' },
	checkIn: {}
};

const esKidsGroup: Ruleset = {
	...esGeneral,
	id: 'es-kids-group',
	name: 'Kids group 4–6, ages 5–14 (150 pieces, 1 h)',
	clauses: [...esGeneralClauses, 'ES-COMPANION'],
	unit: { kind: 'group', size: { min: 4, max: 6 }, memberAge: childAge, composition: [] },
	format: { kind: 'single', puzzle: { id: 'puzzle', pieces: 150 } },
	// ES-LIMIT is ambiguous for the kids group ("kids" 1 h, "groups" 2 h): default 1 h.
	timeLimitMs: 1 * HOUR,
	pause: null, // ES-PAUSE: group absences never stop the clock
	fee: { amount: 0, per: 'entry', currency: 'EUR', payable: 'check-in' },
	checkIn: { companionsMax: 2 }
};

const esFamilyGroup: Ruleset = {
	...esGeneral,
	id: 'es-family-group',
	name: 'Family & friends group 6–8, 2+ children (300 pieces, 2 h)',
	clauses: esGeneralClauses,
	unit: {
		kind: 'group',
		size: { min: 6, max: 8 },
		composition: [{ label: 'children (5–14)', age: childAge, atLeast: 2 }]
	},
	format: { kind: 'single', puzzle: { id: 'puzzle', pieces: 300 } },
	timeLimitMs: 2 * HOUR,
	pause: null,
	fee: { amount: 5, per: 'entry', currency: 'EUR', payable: 'check-in' },
	checkIn: {}
};

const esAdultGroup: Ruleset = {
	...esGeneral,
	id: 'es-adult-group',
	name: 'Adult group 4–6, 18+ (500 pieces, 2 h)',
	clauses: esGeneralClauses,
	unit: { kind: 'group', size: { min: 4, max: 6 }, memberAge: { min: 18 }, composition: [] },
	format: { kind: 'single', puzzle: { id: 'puzzle', pieces: 500 } },
	timeLimitMs: 2 * HOUR,
	pause: null,
	fee: { amount: 5, per: 'entry', currency: 'EUR', payable: 'check-in' },
	checkIn: {}
};

/** Freezes `value` and everything in it: presets share parts (esPause, childAge, the clause lists). */
function deepFreeze<T>(value: T): T {
	if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const v of Object.values(value)) deepFreeze(v);
	}
	return value;
}

/** Every preset, frozen: a change to one would show in the others that share its parts. */
export const PRESETS: readonly Ruleset[] = deepFreeze([
	czIndividual,
	czTeamRelay,
	esKidsPairs(5, 7, 20),
	esKidsPairs(9, 10, 50),
	esKidsPairs(11, 14, 100),
	esAdultIndividual,
	esKidsGroup,
	esFamilyGroup,
	esAdultGroup
]);

export function presetById(id: string): Ruleset | undefined {
	return PRESETS.find((p) => p.id === id);
}
