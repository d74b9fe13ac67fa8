import { describe, expect, it } from 'vitest';
import { PRESETS, presetById } from './presets';
import { RulesetSchema } from './schema';
import { puzzlesOf, pauseAllowed } from './ruleset-reading';
import { deriveRuleset, parseRuleset, reviseRuleset } from './derive';

const MIN = 60_000;
const p = (id: string) => {
	const r = presetById(id);
	if (!r) throw new Error(`missing preset ${id}`);
	return r;
};

describe('presets', () => {
	it('has one valid preset per competition of both rulebooks', () => {
		expect(PRESETS.map((r) => r.id)).toEqual([
			'czjpa-individual',
			'czjpa-team-relay',
			'es-kids-pairs-5-7',
			'es-kids-pairs-9-10',
			'es-kids-pairs-11-14',
			'es-adult-individual',
			'es-kids-group',
			'es-family-group',
			'es-adult-group'
		]);
	});

	it('each preset is already a parsed ruleset: RulesetSchema.parse gives it back unchanged', () => {
		// Presets are not parsed at load, so this is what keeps them valid and complete
		// (every default written out, nothing the schema would drop or change).
		for (const r of PRESETS) expect(RulesetSchema.parse(r), r.id).toStrictEqual(r);
	});

	it('presets are frozen through and through, as they share parts', () => {
		const kids = p('es-kids-group');
		expect(Object.isFrozen(PRESETS)).toBe(true);
		expect(Object.isFrozen(kids)).toBe(true);
		expect(Object.isFrozen(kids.unit.memberAge)).toBe(true);
		expect(Object.isFrozen(kids.clauses)).toBe(true);
		// es-adult-individual and the kids pairs share one pause policy object.
		const pause = p('es-adult-individual').pause!;
		expect(() => {
			pause.maxCount = 9;
		}).toThrow(TypeError);
		expect(p('es-kids-pairs-5-7').pause!.maxCount).toBe(2);
	});

	it('CZ-IND-FORMAT: individuals, one 500-piece puzzle, 90:00 limit, no preview', () => {
		const r = p('czjpa-individual');
		expect(r.unit).toMatchObject({ kind: 'individual', size: { min: 1, max: 1 } });
		expect(puzzlesOf(r)).toEqual([{ id: 'puzzle', pieces: 500 }]);
		expect(r.timeLimitMs).toBe(90 * MIN);
		expect(r.previewMs).toBe(0);
	});

	it('CZ-IND-CAP: at most 80 competitors, 400 CZK each', () => {
		const r = p('czjpa-individual');
		expect(r.capacity).toEqual({ max: 80, per: 'person' });
		expect(r.fee).toMatchObject({ amount: 400, per: 'person', currency: 'CZK' });
	});

	it('CZ-IND-SORTERS: up to 4 sorters per person, a check-in item', () => {
		expect(p('czjpa-individual').checkIn.sortersMax).toBe(4);
	});

	it('CZ-GEN-LEAVE: no pause in the CZJPA presets', () => {
		expect(p('czjpa-individual').pause).toBeNull();
		expect(p('czjpa-team-relay').pause).toBeNull();
	});

	it('CZ-GEN-MISSING and CZ-GEN-UNFINISHED: 10 s per missing piece; groups of at least 3 count', () => {
		for (const id of ['czjpa-individual', 'czjpa-team-relay']) {
			expect(p(id).missingPieces).toEqual({ policy: 'penalty', penaltyMsPerPiece: 10_000 });
			expect(p(id).unfinished).toEqual({ policy: 'rank-by-counted-pieces', minGroupSize: 3 });
		}
	});

	it('CZ-IND-AWARD: the first 5 are awarded in both CZJPA competitions', () => {
		expect(p('czjpa-individual').awards.topN).toBe(5);
		expect(p('czjpa-team-relay').awards.topN).toBe(5);
	});

	it('CZ-TEAM-CAP: at most 20 teams; 800 CZK per person is 3,200 per team of four', () => {
		const r = p('czjpa-team-relay');
		expect(r.capacity).toEqual({ max: 20, per: 'entry' });
		expect(r.fee).toMatchObject({ amount: 800, per: 'person', currency: 'CZK' });
		expect(r.unit.size).toEqual({ min: 4, max: 4 });
	});

	it('CZ-TEAM-FORMAT: 8-minute rotation in part 1, then pairs, team, final; teardown counts; 5 h', () => {
		const r = p('czjpa-team-relay');
		expect(r.format).toMatchObject({ kind: 'relay', teardownRequired: true });
		expect(r.format.kind === 'relay' && r.format.stages[0]).toMatchObject({ mode: 'rotation', rotationIntervalMs: 8 * MIN });
		expect(puzzlesOf(r).map((x) => x.pieces)).toEqual([500, 500, 500, 500, 500, 500, 500, 1000]);
		expect(r.timeLimitMs).toBe(300 * MIN);
	});

	it('ES-CAT: seven categories with their piece counts, unit sizes and ages', () => {
		const table = [
			['es-kids-pairs-5-7', 20, 'pair', 2, 2, 5, 7],
			['es-kids-pairs-9-10', 50, 'pair', 2, 2, 9, 10],
			['es-kids-pairs-11-14', 100, 'pair', 2, 2, 11, 14],
			['es-adult-individual', 200, 'individual', 1, 1, 18, undefined],
			['es-kids-group', 150, 'group', 4, 6, 5, 14],
			['es-family-group', 300, 'group', 6, 8, undefined, undefined],
			['es-adult-group', 500, 'group', 4, 6, 18, undefined]
		] as const;
		for (const [id, pieces, kind, min, max, ageMin, ageMax] of table) {
			const r = p(id);
			expect(puzzlesOf(r)[0]!.pieces, id).toBe(pieces);
			expect(r.unit.kind, id).toBe(kind);
			expect(r.unit.size, id).toEqual({ min, max });
			expect(r.unit.memberAge?.min, id).toBe(ageMin);
			expect(r.unit.memberAge?.max, id).toBe(ageMax);
		}
		expect(p('es-family-group').unit.composition).toEqual([{ label: 'children (5–14)', age: { min: 5, max: 14 }, atLeast: 2 }]);
	});

	it('ES-FEE: kids free; adult individual 1 EUR per person; family and adult groups 5 EUR per group; paid at check-in', () => {
		expect(p('es-kids-pairs-5-7').fee.amount).toBe(0);
		expect(p('es-kids-group').fee.amount).toBe(0);
		expect(p('es-adult-individual').fee).toEqual({ amount: 1, per: 'person', currency: 'EUR', payable: 'check-in' });
		expect(p('es-family-group').fee).toEqual({ amount: 5, per: 'entry', currency: 'EUR', payable: 'check-in' });
		expect(p('es-adult-group').fee).toEqual({ amount: 5, per: 'entry', currency: 'EUR', payable: 'check-in' });
	});

	it('ES-COMPANION: kids categories allow at most 2 companions per child', () => {
		for (const id of ['es-kids-pairs-5-7', 'es-kids-pairs-9-10', 'es-kids-pairs-11-14', 'es-kids-group'])
			expect(p(id).checkIn.companionsMax, id).toBe(2);
	});

	it('ES-LIMIT: 1 h for kids (the kids group by default too), 2 h for adult individual and groups', () => {
		expect(['es-kids-pairs-5-7', 'es-kids-pairs-9-10', 'es-kids-pairs-11-14', 'es-kids-group'].map((id) => p(id).timeLimitMs)).toEqual([
			60 * MIN,
			60 * MIN,
			60 * MIN,
			60 * MIN
		]);
		expect(['es-adult-individual', 'es-family-group', 'es-adult-group'].map((id) => p(id).timeLimitMs)).toEqual([120 * MIN, 120 * MIN, 120 * MIN]);
	});

	it('ES-PREVIEW, ES-WIN: 2-minute uncounted preview; whole seconds truncated', () => {
		for (const r of PRESETS.filter((x) => x.rulebook === 'es-torneo')) {
			expect(r.previewMs, r.id).toBe(2 * MIN);
			expect(r.timeResolution, r.id).toBe('second-truncated');
		}
	});

	it('ES-PAUSE: 2 pauses of at most 5:00 in the individual categories, none in groups', () => {
		for (const r of PRESETS.filter((x) => x.rulebook === 'es-torneo')) {
			if (r.unit.kind === 'group') expect(pauseAllowed(r), r.id).toBe(false);
			else {
				expect(pauseAllowed(r), r.id).toBe(true);
				expect(r.pause).toMatchObject({ maxCount: 2, maxDurationMs: 5 * MIN, clockStops: true });
			}
		}
	});

	it('ES-ASSIST, ES-UNFINISHED, ES-TIE: 3 assistances / 10 min as penalty; limit + 10 s per loose piece (groups < 10); tie for first flagged', () => {
		for (const r of PRESETS.filter((x) => x.rulebook === 'es-torneo')) {
			expect(r.assistance).toEqual({ maxCount: 3, maxTotalMs: 10 * MIN, addedAsPenalty: true });
			expect(r.unfinished).toEqual({ policy: 'limit-plus-loose-penalty', minGroupSize: 10, penaltyMsPerLoosePiece: 10_000, finishersFirst: true });
			expect(r.ties.flagTieForFirst).toBe(true);
			expect(r.missingPieces).toEqual({ policy: 'disqualify' }); // ES-DQ
		}
	});
});

describe('custom rulesets', () => {
	it('a custom ruleset is a preset copied and changed, naming its origin', () => {
		const base = p('czjpa-individual');
		const r = deriveRuleset(base, 'club-night', 'Club night: 300 pieces, 45 min', {
			format: { kind: 'single', puzzle: { id: 'puzzle', pieces: 300 } },
			timeLimitMs: 45 * MIN
		});
		expect(r.ok).toBe(true);
		if (!r.ok) return;
		expect(r.value).toMatchObject({ id: 'club-night', version: 1, rulebook: 'custom', basedOn: { id: 'czjpa-individual', version: 1 }, timeLimitMs: 45 * MIN });
		expect(puzzlesOf(r.value)[0]!.pieces).toBe(300);
		expect(r.value.missingPieces).toEqual(base.missingPieces); // unchanged parameters are kept
		expect(base.timeLimitMs).toBe(90 * MIN); // the preset itself is untouched
	});

	it('an invalid ruleset is refused with a message that names the field and why', () => {
		const r = deriveRuleset(p('es-adult-group'), 'bad', 'Bad', { unit: { size: { min: 7, max: 5 } } });
		expect(r.ok).toBe(false);
		if (r.ok) return;
		expect(r.issues).toContainEqual({ path: 'unit.size.min', message: 'min must not be above max' });

		const bad = parseRuleset({ ...p('czjpa-individual'), timeLimitMs: -5, fee: { amount: 1, per: 'person', currency: 'euro', payable: 'check-in' } });
		expect(bad.ok).toBe(false);
		if (bad.ok) return;
		const paths = bad.issues.map((i) => i.path);
		expect(paths).toContain('timeLimitMs');
		expect(paths).toContain('fee.currency');
		expect(bad.issues.find((i) => i.path === 'fee.currency')!.message).toMatch(/ISO 4217/);
	});

	it('refuses rulesets that cannot be run: a pair of 3, a relay of individuals, a preview as long as the limit', () => {
		const cases: [string, object, string][] = [
			['pair', { unit: { kind: 'pair', size: { min: 3, max: 3 } } }, 'unit.size'],
			['relay', { unit: { kind: 'individual', size: { min: 1, max: 1 } } }, 'unit.kind'],
			['preview', { previewMs: 90 * MIN }, 'previewMs']
		];
		for (const [name, change, path] of cases) {
			const base = name === 'relay' ? p('czjpa-team-relay') : p('czjpa-individual');
			const r = deriveRuleset(base, `bad-${name}`, name, change);
			expect(r.ok, name).toBe(false);
			if (!r.ok) expect(r.issues.map((i) => i.path), name).toContain(path);
		}
	});

	it('CZ-GEN-CHANGES: a revision keeps the id and bumps the version', () => {
		const base = p('czjpa-individual');
		const r = reviseRuleset(base, { awards: { topN: 3 } });
		expect(r.ok && r.value).toMatchObject({ id: 'czjpa-individual', version: 2, awards: { topN: 3 } });
		expect(base.version).toBe(1);
	});
});
