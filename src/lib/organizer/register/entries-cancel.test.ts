import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { cancellationDayProblem, cancellationMoment, cancellationOutlook } from './entries-cancel';

const EVENT = '2026-05-16';
const IND = presetById('czjpa-individual')!;
const NOW = Date.parse('2026-04-20T08:30:00Z');

describe('what a cancellation means, said before it is confirmed', () => {
	it('CZ-GEN-REFUND: 20 days before the event, the fee is refunded; 10 days before, not; 15 days is still in time', () => {
		expect(cancellationOutlook(IND, EVENT, { status: 'registered' }, '2026-04-26', NOW)).toMatchObject({ daysBefore: 20, refundDue: true, why: 'in-time', deadline: 15 });
		expect(cancellationOutlook(IND, EVENT, { status: 'registered' }, '2026-05-06', NOW)).toMatchObject({ daysBefore: 10, refundDue: false, why: 'too-late' });
		expect(cancellationOutlook(IND, EVENT, { status: 'registered' }, '2026-05-01', NOW)).toMatchObject({ daysBefore: 15, refundDue: true });
		expect(cancellationOutlook(IND, EVENT, { status: 'registered' }, '2026-05-02', NOW)).toMatchObject({ daysBefore: 14, refundDue: false });
		expect(cancellationOutlook(IND, EVENT, { status: 'registered' }, '2026-05-21', NOW)).toMatchObject({ daysBefore: -5, refundDue: false, why: 'too-late' });
	});

	it('CZ-GEN-REFUND: one still waiting gets back what was paid whenever; a ruleset without a deadline refunds always', () => {
		expect(cancellationOutlook(IND, EVENT, { status: 'waiting' }, '2026-05-15', NOW)).toMatchObject({ refundDue: true, why: 'waiting' });
		expect(cancellationOutlook(presetById('es-adult-individual')!, EVENT, { status: 'registered' }, EVENT, NOW)).toMatchObject({ refundDue: true, why: 'no-rule', deadline: null });
	});

	it('today is recorded at the moment of the cancellation, another day at its noon (UTC), the day the server reads', () => {
		expect(cancellationMoment('2026-04-20', NOW)).toBe(NOW);
		expect(cancellationMoment('2026-04-26', NOW)).toBe(Date.parse('2026-04-26T12:00:00Z'));
	});

	it('issue 30 #13: a cancellation is dated today or before, never in the future', () => {
		expect(cancellationDayProblem('2026-04-20', NOW)).toBeNull();
		expect(cancellationDayProblem('2026-04-01', NOW)).toBeNull();
		expect(cancellationDayProblem('2026-04-21', NOW)).toBe('future');
		expect(cancellationDayProblem('2026-4-1', NOW)).toBe('not-a-day');
		expect(cancellationDayProblem('', NOW)).toBe('not-a-day');
	});
});
