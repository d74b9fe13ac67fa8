/**
 * The moments the registrations' dialogs ask for, as their inputs hold them: a time of payment
 * in an <input type="datetime-local"> (the device's time zone), a day of cancellation in an
 * <input type="date">.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-05-16T09:05" on the device's clock. */
export function localInputValue(at: number): string {
	const d = new Date(at);
	return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The moment of a datetime-local value (the device's time zone); null when it is not one. */
export function localInputMoment(value: string): number | null {
	if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
	const at = new Date(value).getTime();
	return Number.isNaN(at) ? null : at;
}

/** Whether a date input's value is a day ("2026-05-16"). */
export function isDay(value: string): boolean {
	return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
}
