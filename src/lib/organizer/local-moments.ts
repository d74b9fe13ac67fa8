/**
 * A moment as an <input type="datetime-local"> holds it (the device's time zone): the time of a
 * payment (register/entries-moments.ts), when a protest was handed in (ProtestRecordDialog).
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
