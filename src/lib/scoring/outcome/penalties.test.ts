import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { MIN, SEC } from '../testkit';
import { penaltiesOf, penaltyTotal, resultTimes } from './penalties';

const ES = presetById('es-adult-individual')!; // second-truncated; loose pieces 10 s each
const CZ = presetById('czjpa-individual')!; // ms; missing pieces 10 s each
const none = { missingPieces: 0, assistanceMs: 0, loosePieces: null, adjustmentMs: 0 };

describe('penaltiesOf', () => {
	it('CZ-GEN-MISSING: 10 s a missing piece for a finisher; none for an unfinished entry', () => {
		expect(penaltiesOf(CZ, 'finished', { ...none, missingPieces: 3 }).missingPiecesMs).toBe(30 * SEC);
		expect(penaltiesOf(CZ, 'unfinished', { ...none, missingPieces: 3 }).missingPiecesMs).toBe(0);
	});

	it('ES-ASSIST: assistance time is added, at the ruleset’s resolution', () => {
		expect(penaltiesOf(ES, 'running', { ...none, assistanceMs: 61_999 }).assistanceMs).toBe(61 * SEC);
		expect(penaltiesOf(CZ, 'running', { ...none, assistanceMs: 61_999 }).assistanceMs).toBe(0);
	});

	it('ES-UNFINISHED: 10 s a loose piece of an unfinished entry; CZ ranks by pieces instead', () => {
		expect(penaltiesOf(ES, 'unfinished', { ...none, loosePieces: 7 }).loosePiecesMs).toBe(70 * SEC);
		expect(penaltiesOf(CZ, 'unfinished', { ...none, loosePieces: 7 }).loosePiecesMs).toBe(0);
	});

	it('ES-INCIDENT: adjustments pass through; the total adds all four', () => {
		const p = penaltiesOf(ES, 'unfinished', { missingPieces: 0, assistanceMs: 2 * MIN, loosePieces: 1, adjustmentMs: -5 * SEC });
		expect(p).toEqual({ missingPiecesMs: 0, assistanceMs: 2 * MIN, loosePiecesMs: 10 * SEC, adjustmentMs: -5 * SEC });
		expect(penaltyTotal(p)).toBe(2 * MIN + 5 * SEC);
	});
});

describe('resultTimes', () => {
	it('ES-WIN: a finisher’s time is its clock at the resolution, plus penalties, never below 0', () => {
		expect(resultTimes(ES, 'finished', 61_999, 10 * SEC, false)).toEqual({ elapsedMs: 61 * SEC, finalTimeMs: 71 * SEC });
		expect(resultTimes(ES, 'finished', 5 * SEC, -10 * SEC, false)).toEqual({ elapsedMs: 5 * SEC, finalTimeMs: 0 });
	});

	it('ES-UNFINISHED: an unfinished entry is timed at the limit plus penalties, once its tally is in', () => {
		expect(resultTimes(ES, 'unfinished', 0, 70 * SEC, false)).toEqual({ elapsedMs: 120 * MIN, finalTimeMs: 120 * MIN + 70 * SEC });
		expect(resultTimes(ES, 'unfinished', 0, 70 * SEC, true)).toEqual({ elapsedMs: 120 * MIN, finalTimeMs: null });
	});

	it('CZ-GEN-UNFINISHED: ranked by pieces, an unfinished entry has no final time; an entry without a result has no times', () => {
		expect(resultTimes(CZ, 'unfinished', 0, 0, false)).toEqual({ elapsedMs: 90 * MIN, finalTimeMs: null });
		expect(resultTimes(CZ, 'running', 5 * MIN, 0, false)).toEqual({ elapsedMs: null, finalTimeMs: null });
	});
});
