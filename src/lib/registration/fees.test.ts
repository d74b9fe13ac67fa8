import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { feeOf, feeTotals, refundOfCancellation, refundOnCancellation } from './fees';
import type { Registration } from './schema';

const czInd = presetById('czjpa-individual')!;
const czTeam = presetById('czjpa-team-relay')!;
const esAdult = presetById('es-adult-individual')!;
const esFamily = presetById('es-family-group')!;

const day = Date.UTC(2026, 4, 16, 12);
const DAY = 86_400_000;

function reg(id: string, competitionId: string, fee: number, status: Registration['status'], paid: number | null, cancelled: Registration['cancelled'] = null): Registration {
	return { id, eventId: 'e', competitionId, name: id, memberIds: [id], registeredAt: 1, status, fee: { amount: fee, currency: 'CZK' }, paid: paid === null ? null : { amount: paid, at: 2 }, cancelled, version: 1 };
}

describe('fees', () => {
	it('CZ-IND-CAP: 400 CZK per competitor', () => {
		expect(feeOf(czInd, 1)).toEqual({ amount: 400, currency: 'CZK' });
	});

	it('CZ-TEAM-CAP, CZ-TEAM-DRAW: 800 CZK per person registering alone, so 3,200 CZK per team of four', () => {
		expect(feeOf(czTeam, 1)).toEqual({ amount: 800, currency: 'CZK' });
		expect(feeOf(czTeam, 4)).toEqual({ amount: 3200, currency: 'CZK' });
	});

	it('ES-FEE: adult individual 1 EUR per person; family group 5 EUR per group whatever its size', () => {
		expect(feeOf(esAdult, 1)).toEqual({ amount: 1, currency: 'EUR' });
		expect(feeOf(esFamily, 8)).toEqual({ amount: 5, currency: 'EUR' });
		expect(feeOf(esFamily, 6)).toEqual({ amount: 5, currency: 'EUR' });
		expect(feeOf(presetById('es-kids-pairs-5-7')!, 2).amount).toBe(0);
	});

	it('CZ-GEN-REFUND: cancelled 20 or 15 days before, the fee is refunded; 14 or 10 days before, not', () => {
		expect(refundOnCancellation(czInd, '2026-05-16', day - 20 * DAY)).toBe(true);
		expect(refundOnCancellation(czInd, '2026-05-16', day - 15 * DAY)).toBe(true);
		expect(refundOnCancellation(czInd, '2026-05-16', day - 14 * DAY)).toBe(false);
		expect(refundOnCancellation(czInd, '2026-05-16', day - 10 * DAY)).toBe(false);
		// No refund rule: always refunded.
		expect(refundOnCancellation(esAdult, '2026-05-16', day)).toBe(true);
	});

	it('CZ-GEN-REFUND: a registration still waiting gets its fee back whenever it is cancelled; a registered one by the deadline', () => {
		expect(refundOfCancellation(czInd, '2026-05-16', 'waiting', day - 2 * DAY)).toBe(true);
		expect(refundOfCancellation(czInd, '2026-05-16', 'registered', day - 2 * DAY)).toBe(false);
		expect(refundOfCancellation(czInd, '2026-05-16', 'registered', day - 20 * DAY)).toBe(true);
	});

	it('ES-FEE, CZ-IND-CAP: totals per competition: due, paid and outstanding of the registered; refunds due and fees kept of the cancelled', () => {
		const regs = [
			reg('a', 'ind', 400, 'registered', 400),
			reg('b', 'ind', 400, 'registered', 100),
			reg('c', 'ind', 400, 'registered', null),
			reg('d', 'ind', 400, 'waiting', null),
			reg('e', 'ind', 400, 'cancelled', 400, { at: 1, refundDue: true }),
			reg('f', 'ind', 400, 'cancelled', 400, { at: 1, refundDue: false }),
			reg('g', 'fam', 5, 'registered', 5)
		];
		expect(feeTotals([{ id: 'ind', currency: 'CZK' }, { id: 'fam', currency: 'EUR' }, { id: 'none', currency: 'EUR' }], regs)).toEqual([
			{ competitionId: 'ind', currency: 'CZK', registered: 3, waiting: 1, cancelled: 2, due: 1200, paid: 500, outstanding: 700, refundsDue: 400, retained: 400, waitingPaid: 0 },
			{ competitionId: 'fam', currency: 'EUR', registered: 1, waiting: 0, cancelled: 0, due: 5, paid: 5, outstanding: 0, refundsDue: 0, retained: 0, waitingPaid: 0 },
			{ competitionId: 'none', currency: 'EUR', registered: 0, waiting: 0, cancelled: 0, due: 0, paid: 0, outstanding: 0, refundsDue: 0, retained: 0, waitingPaid: 0 }
		]);
	});

	it('issue 30 #13: what those on the waiting list paid is a total of its own (held: theirs back if they never get a place)', () => {
		const regs = [reg('a', 'ind', 400, 'registered', 400), ...['w1', 'w2', 'w3', 'w4', 'w5', 'w6'].map((id) => reg(id, 'ind', 400, 'waiting', 400)), reg('w7', 'ind', 400, 'waiting', null)];
		expect(feeTotals([{ id: 'ind', currency: 'CZK' }], regs)[0]).toMatchObject({ registered: 1, waiting: 7, due: 400, paid: 400, outstanding: 0, waitingPaid: 2400 });
	});
});
