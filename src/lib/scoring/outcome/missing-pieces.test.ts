import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { T0 } from '../testkit';
import { missingPiecesVerdict } from './missing-pieces';
import type { Ruleset } from '$lib/rules/schema';
import type { PuzzleSummary } from '../fold/entry-summary';
import { puzzle, summary } from './testkit';

const ES = presetById('es-adult-individual')!;
const CZ = presetById('czjpa-individual')!;
const finish = { eventId: 'h', at: T0, memberIds: [] };
const none = { missingFromBox: 0, boxFaultPending: 0, boxFaultExempt: 0, boxFaults: [] };
/** A finished puzzle whose check counted `missing` pieces, `fromBox` of them from the box, and the organizer's decision. */
const checked = (missing: number, fromBox: number, boxFault: PuzzleSummary['boxFault'], id = 'c') =>
	puzzle({ finish, check: 'confirmed', missingPieces: missing, checkId: id, checkDeviceId: 'tab', missingFromBox: fromBox, boxFault });
const EXEMPT_CZ: Ruleset = { ...CZ, missingFromBox: 'exempt-when-confirmed' };
const EXEMPT_ES: Ruleset = { ...ES, missingFromBox: 'exempt-when-confirmed' };

describe('missingPiecesVerdict', () => {
	it('CZ-GEN-MISSING: missing pieces of finished puzzles add up and do not disqualify', () => {
		const s = summary({ puzzles: [puzzle({ finish, missingPieces: 2 }), puzzle({ missingPieces: 5 })] });
		expect(missingPiecesVerdict(CZ, s)).toEqual({ missingPieces: 2, ...none, penalisedPieces: 2, disqualification: null, disqualifiedForMissingPieces: false });
	});

	it('ES-DQ: a lost piece disqualifies', () => {
		expect(missingPiecesVerdict(ES, summary({ puzzles: [puzzle({ finish, missingPieces: 1 })] }))).toEqual({
			missingPieces: 1,
			...none,
			penalisedPieces: 1,
			disqualification: '1 piece missing at the check: a lost piece disqualifies',
			disqualifiedForMissingPieces: true
		});
		expect(missingPiecesVerdict(ES, summary({ puzzles: [puzzle({ finish, missingPieces: 3 })] })).disqualification).toBe(
			'3 pieces missing at the check: a lost piece disqualifies'
		);
	});

	it('ES-DQ: a recorded disqualification stays the one in force', () => {
		const s = summary({ disqualification: 'left the room', puzzles: [puzzle({ finish, missingPieces: 1 })] });
		expect(missingPiecesVerdict(ES, s)).toEqual({ missingPieces: 1, ...none, penalisedPieces: 1, disqualification: 'left the room', disqualifiedForMissingPieces: false });
	});

	describe('pieces missing from the box', () => {
		const fault = (decision: 'undecided' | 'confirmed' | 'refused') => ({ puzzleId: 'puzzle', checkEventId: 'c', missingPieces: 3, missingFromBox: 2, decision });

		it("CZ-GEN-MISSING, ES-DQ: under the presets' 'penalty' they are missing pieces like any other, decided or not", () => {
			for (const d of ['undecided', 'confirmed', 'refused'] as const) {
				const s = summary({ puzzles: [checked(3, 2, d)] });
				expect(missingPiecesVerdict(CZ, s), d).toEqual({ missingPieces: 3, missingFromBox: 2, boxFaultPending: 0, boxFaultExempt: 0, penalisedPieces: 3, boxFaults: [fault(d)], disqualification: null, disqualifiedForMissingPieces: false });
				expect(missingPiecesVerdict(ES, s).disqualifiedForMissingPieces, d).toBe(true);
			}
		});

		it("'exempt-when-confirmed', not yet decided: penalised like any missing piece, and pending", () => {
			const s = summary({ puzzles: [checked(3, 2, 'undecided')] });
			expect(missingPiecesVerdict(EXEMPT_CZ, s)).toMatchObject({ missingPieces: 3, missingFromBox: 2, boxFaultPending: 2, boxFaultExempt: 0, penalisedPieces: 3 });
			expect(missingPiecesVerdict(EXEMPT_ES, s)).toMatchObject({ boxFaultPending: 2, disqualifiedForMissingPieces: true });
		});

		it("'exempt-when-confirmed', confirmed: those pieces are not penalised, nor disqualify", () => {
			expect(missingPiecesVerdict(EXEMPT_CZ, summary({ puzzles: [checked(3, 2, 'confirmed')] }))).toMatchObject({ boxFaultPending: 0, boxFaultExempt: 2, penalisedPieces: 1 });
			const all = summary({ puzzles: [checked(2, 2, 'confirmed')] });
			expect(missingPiecesVerdict(EXEMPT_ES, all)).toMatchObject({ penalisedPieces: 0, disqualification: null, disqualifiedForMissingPieces: false });
			// One piece lost at the table still disqualifies.
			expect(missingPiecesVerdict(EXEMPT_ES, summary({ puzzles: [checked(3, 2, 'confirmed')] }))).toMatchObject({
				disqualification: '1 piece missing at the check: a lost piece disqualifies',
				disqualifiedForMissingPieces: true
			});
		});

		it("'exempt-when-confirmed', refused: penalised, no longer pending", () => {
			expect(missingPiecesVerdict(EXEMPT_CZ, summary({ puzzles: [checked(3, 2, 'refused')] }))).toMatchObject({ boxFaultPending: 0, boxFaultExempt: 0, penalisedPieces: 3, boxFaults: [fault('refused')] });
		});

		it('relay puzzles add up, each with its own check and decision; an unfinished puzzle counts nothing', () => {
			const s = summary({ puzzles: [checked(2, 1, 'confirmed', 'c1'), checked(4, 4, 'undecided', 'c2'), puzzle({ missingPieces: 5, missingFromBox: 5, boxFault: 'undecided', checkId: 'c3' })] });
			const v = missingPiecesVerdict(EXEMPT_CZ, s);
			expect(v).toMatchObject({ missingPieces: 6, missingFromBox: 5, boxFaultPending: 4, boxFaultExempt: 1, penalisedPieces: 5 });
			expect(v.boxFaults.map((f) => [f.checkEventId, f.decision])).toEqual([
				['c1', 'confirmed'],
				['c2', 'undecided']
			]);
		});
	});
});
