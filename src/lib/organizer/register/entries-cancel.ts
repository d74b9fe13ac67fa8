import { dayOf, refundOfCancellation } from '$lib/registration/fees';
import type { Registration } from '$lib/registration/schema';
import type { Ruleset } from '$lib/rules/schema';
import { isDay } from './entries-moments';

/**
 * What cancelling a registration on a given day means, said before the organizer confirms it
 * (CZ-GEN-REFUND): the moment sent (now when the day is today, else noon UTC of that day, so
 * that the server reads the same day), how many days before the event it is, and whether the
 * fee is refunded — by the rule the server applies (fees.ts refundOfCancellation), and why.
 */
export interface CancellationOutlook {
	at: number;
	daysBefore: number;
	refundDue: boolean;
	/** waiting: never had a place; no-rule: the ruleset refunds whenever; in-time / too-late: by the deadline. */
	why: 'waiting' | 'no-rule' | 'in-time' | 'too-late';
	/** The ruleset's deadline in days before the event, or null. */
	deadline: number | null;
}

/** Why a day cannot be a cancellation's: not a day, or after today (issue 30 #13: a cancellation is recorded when it came). */
export function cancellationDayProblem(day: string, now: number): 'not-a-day' | 'future' | null {
	if (!isDay(day)) return 'not-a-day';
	return day > dayOf(now) ? 'future' : null;
}

/** The moment a cancellation on `day` (ISO) is recorded at. */
export function cancellationMoment(day: string, now: number): number {
	return day === dayOf(now) ? now : Date.parse(`${day}T12:00:00Z`);
}

export function cancellationOutlook(
	ruleset: Pick<Ruleset, 'refund'>,
	eventDay: string,
	registration: Pick<Registration, 'status'>,
	day: string,
	now: number
): CancellationOutlook {
	const at = cancellationMoment(day, now);
	const refundDue = refundOfCancellation(ruleset, eventDay, registration.status, at);
	const daysBefore = Math.round((Date.parse(eventDay) - Date.parse(dayOf(at))) / 86_400_000);
	const deadline = ruleset.refund?.deadlineDaysBefore ?? null;
	const why = registration.status === 'waiting' ? 'waiting' : deadline === null ? 'no-rule' : refundDue ? 'in-time' : 'too-late';
	return { at, daysBefore, refundDue, why, deadline };
}
