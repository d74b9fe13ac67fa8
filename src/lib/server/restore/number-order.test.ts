import { describe, expect, it } from 'vitest';
import type { BackupItem } from '../backup-format';
import { NumberOrder } from './number-order';
import { refusalOf } from './restore-steps.testkit';

const judgeEvent = (serverSeq: number | null) => ({ kind: 'judgeEvent', serverSeq }) as BackupItem;
const heatStart = (seq: number) => ({ kind: 'heatStart', heatStart: { seq } }) as BackupItem;

describe('NumberOrder', () => {
	it('passes judge events and heat starts in the order of their numbers, each kind on its own; a judge event without a number anywhere', () => {
		const order = new NumberOrder();
		for (const item of [judgeEvent(1), heatStart(1), judgeEvent(5), judgeEvent(null), heatStart(2), judgeEvent(6)]) expect(refusalOf(() => order.check(item, 'line 3'))).toBeUndefined();
	});

	it('refuses with 400 a number not after the last one of its kind', () => {
		const order = new NumberOrder();
		order.check(judgeEvent(5), 'line 2');
		order.check(heatStart(3), 'line 3');
		expect(refusalOf(() => order.check(judgeEvent(5), 'line 4'))).toEqual({ status: 400, message: 'line 4: judge events must come in the order of their server numbers (5 after 5)' });
		expect(refusalOf(() => order.check(heatStart(2), 'line 5'))).toEqual({ status: 400, message: 'line 5: heat starts must come in the order of their numbers (2 after 3)' });
	});

	it('other kinds are not numbered', () => {
		expect(refusalOf(() => new NumberOrder().check({ kind: 'draw' } as BackupItem, 'line 2'))).toBeUndefined();
	});
});
