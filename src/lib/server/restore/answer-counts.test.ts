import { describe, expect, it } from 'vitest';
import { RestoreAnswerSchema } from '$lib/contract';
import { ITEM_KINDS, type BackupCounts } from '../backup-format';
import { answerCounts } from './answer-counts';

describe('answerCounts', () => {
	it('names each kind of item as the API does, each count its own', () => {
		const counts = Object.fromEntries(ITEM_KINDS.map((k, i) => [k, i + 1])) as BackupCounts;
		const answer = answerCounts(counts);
		expect(Object.values(answer)).toEqual(ITEM_KINDS.map((_, i) => i + 1));
		expect(answer).toMatchObject({ rulesets: 1, judgeEvents: 6, people: 10, tableCards: 15 });
		expect(Object.keys(RestoreAnswerSchema.shape.counts.shape).sort()).toEqual(Object.keys(answer).sort());
	});
});
