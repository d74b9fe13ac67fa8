import { describe, expect, it } from 'vitest';
import type { PublishedRow } from './publication';
import { publicTie } from './public-tie';

const row = (entryId: string, place: number | null): PublishedRow => ({
	place,
	name: entryId.toUpperCase(),
	entryId,
	status: place === null ? 'did-not-start' : 'finished',
	awarded: place === 1,
	tieBreak: false,
	finalTimeMs: null,
	elapsedMs: null,
	penalties: { missingPiecesMs: 0, assistanceMs: 0, loosePiecesMs: 0, adjustmentMs: 0 },
	countedPieces: null,
	reason: ''
});

describe('publicTie (issue 30 #19)', () => {
	it('ES-TIE: a tie for first awaiting a tie-break names the tied entries', () => {
		expect(publicTie({ rows: [row('ana', 1), row('carla', 1), row('bruno', 3)], tieForFirst: ['ana', 'carla'] })).toEqual({ kind: 'awaiting', names: ['ANA', 'CARLA'] });
	});

	it('ES-TIE: a tie decided by a tie-break names the entries in its order', () => {
		expect(publicTie({ rows: [row('carla', 1), row('ana', 2)], tieForFirst: [], placedByTiebreak: ['carla', 'ana'] })).toEqual({ kind: 'decided', names: ['CARLA', 'ANA'] });
	});

	it('CZ-IND-RANK-3: two first places without a tie-break: the tie stands', () => {
		expect(publicTie({ rows: [row('dana', 1), row('emil', 1), row('filip', 3)], tieForFirst: [] })).toEqual({ kind: 'stands', names: ['DANA', 'EMIL'] });
	});

	it('one winner, or nobody placed: nothing to say', () => {
		expect(publicTie({ rows: [row('dana', 1), row('emil', 2)], tieForFirst: [], placedByTiebreak: [] })).toBeNull();
		expect(publicTie({ rows: [row('dana', null)], tieForFirst: [] })).toBeNull();
	});
});
