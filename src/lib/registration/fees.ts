import { entryFee, refundDue } from '$lib/rules/registration';
import type { Ruleset } from '$lib/rules/schema';
import type { Money, Registration } from './schema';

/**
 * Entry fees (CZ-IND-CAP, CZ-TEAM-CAP, ES-FEE): what a registration owes, per person or per
 * entry as its ruleset says; the totals of a competition; and whether a cancellation gets the
 * fee back by the ruleset's deadline (CZ-GEN-REFUND).
 */

/** The fee of a registration with `people` members. */
export function feeOf(ruleset: Pick<Ruleset, 'fee'>, people: number): Money {
	return entryFee(ruleset, people);
}

/** The day (UTC, ISO) of a moment. */
export function dayOf(at: number): string {
	return new Date(at).toISOString().slice(0, 10);
}

/** Whether a cancellation at `cancelledAt` (ms) gets the fee back, for a competition on `eventDay` (CZ-GEN-REFUND). */
export function refundOnCancellation(ruleset: Pick<Ruleset, 'refund'>, eventDay: string, cancelledAt: number): boolean {
	return refundDue(ruleset, eventDay, dayOf(cancelledAt));
}

/**
 * Whether cancelling a registration of `status` at `cancelledAt` gets back what was paid: one
 * still waiting never had a place, so always; a registered one by the deadline (CZ-GEN-REFUND).
 * The server records it and the organizer's cancel dialog says it before confirming.
 */
export function refundOfCancellation(ruleset: Pick<Ruleset, 'refund'>, eventDay: string, status: Registration['status'], cancelledAt: number): boolean {
	return status === 'waiting' || refundOnCancellation(ruleset, eventDay, cancelledAt);
}

export interface FeeTotals {
	competitionId: string;
	currency: string;
	/** Registrations by status. */
	registered: number;
	waiting: number;
	cancelled: number;
	/** The fees of the registered. */
	due: number;
	/** What the registered have paid. */
	paid: number;
	/** What the registered still owe. */
	outstanding: number;
	/** What was paid by those who cancelled in time (CZ-GEN-REFUND): to be paid back. */
	refundsDue: number;
	/** What was paid by those who cancelled too late: kept. */
	retained: number;
	/** What those on the waiting list have paid: held, theirs back if they never get a place (issue 30 #13). */
	waitingPaid: number;
}

/** The totals of each competition (in the order given), from its registrations. */
export function feeTotals(competitions: readonly { id: string; currency: string }[], registrations: readonly Registration[]): FeeTotals[] {
	return competitions.map(({ id, currency }) => {
		const t: FeeTotals = { competitionId: id, currency, registered: 0, waiting: 0, cancelled: 0, due: 0, paid: 0, outstanding: 0, refundsDue: 0, retained: 0, waitingPaid: 0 };
		for (const r of registrations) {
			if (r.competitionId !== id) continue;
			t[r.status] += 1;
			const paid = r.paid?.amount ?? 0;
			if (r.status === 'registered') {
				t.due += r.fee.amount;
				t.paid += paid;
				t.outstanding += Math.max(0, r.fee.amount - paid);
			} else if (r.status === 'waiting') {
				t.waitingPaid += paid;
			} else if (r.status === 'cancelled') {
				if (r.cancelled?.refundDue) t.refundsDue += paid;
				else t.retained += paid;
			}
		}
		return t;
	});
}
