/**
 * The moments the registrations' dialogs ask for, as their inputs hold them: a time of payment
 * in an <input type="datetime-local"> (the device's time zone), a day of cancellation in an
 * <input type="date">.
 */

// Shared with the protest's "handed in at" (../local-moments.ts).
export { localInputMoment, localInputValue } from '../local-moments';

/** Whether a date input's value is a day ("2026-05-16"). */
export function isDay(value: string): boolean {
	return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
}
