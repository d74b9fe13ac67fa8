import { describe, expect, it } from 'vitest';
import type { PushResponse } from '$lib/contract';
import type { PreparedPush } from '../push-validation';
import { pushAnnouncement } from './push-announcement';

const row = (id: string, competitionId: string) => ({ id, competitionId, heatId: 'h1', entryId: 'e1', deviceId: 'a', seq: 1, at: 0, json: '{}' });
const push = { valid: [row('a-1', 'c2'), row('a-2', 'c1'), row('a-3', 'c3')].map((r, index) => ({ index, row: r })), refused: [] } as unknown as PreparedPush;
const response = (stored: PushResponse['stored']): PushResponse => ({ stored, duplicates: [], conflicts: [], refused: [] });

describe('pushAnnouncement (issue 32 #1)', () => {
	it('announces the newest stored number and the competitions of what was stored, not of duplicates', () => {
		expect(pushAnnouncement(push, response([{ id: 'a-1', serverSeq: 41 }, { id: 'a-2', serverSeq: 42 }]))).toEqual({ cursor: 42, competitions: ['c1', 'c2'] });
	});

	it('announces nothing when nothing new was stored', () => {
		expect(pushAnnouncement(push, response([]))).toBeNull();
	});
});
