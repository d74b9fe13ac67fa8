import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { T0 } from '../testkit';
import { missingPiecesVerdict } from './missing-pieces';
import { puzzle, summary } from './testkit';

const ES = presetById('es-adult-individual')!;
const CZ = presetById('czjpa-individual')!;
const finish = { eventId: 'h', at: T0, memberIds: [] };

describe('missingPiecesVerdict', () => {
	it('CZ-GEN-MISSING: missing pieces of finished puzzles add up and do not disqualify', () => {
		const s = summary({ puzzles: [puzzle({ finish, missingPieces: 2 }), puzzle({ missingPieces: 5 })] });
		expect(missingPiecesVerdict(CZ, s)).toEqual({ missingPieces: 2, disqualification: null, disqualifiedForMissingPieces: false });
	});

	it('ES-DQ: a lost piece disqualifies', () => {
		expect(missingPiecesVerdict(ES, summary({ puzzles: [puzzle({ finish, missingPieces: 1 })] }))).toEqual({
			missingPieces: 1,
			disqualification: '1 piece missing at the check: a lost piece disqualifies',
			disqualifiedForMissingPieces: true
		});
		expect(missingPiecesVerdict(ES, summary({ puzzles: [puzzle({ finish, missingPieces: 3 })] })).disqualification).toBe(
			'3 pieces missing at the check: a lost piece disqualifies'
		);
	});

	it('ES-DQ: a recorded disqualification stays the one in force', () => {
		const s = summary({ disqualification: 'left the room', puzzles: [puzzle({ finish, missingPieces: 1 })] });
		expect(missingPiecesVerdict(ES, s)).toEqual({ missingPieces: 1, disqualification: 'left the room', disqualifiedForMissingPieces: false });
	});
});
