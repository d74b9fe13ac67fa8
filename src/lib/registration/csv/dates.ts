/**
 * Dates as people type them in a registration spreadsheet: DD.MM.YYYY and D. M. YYYY (Czech),
 * DD/MM/YYYY (Spanish), and ISO YYYY-MM-DD. Day first always: 03/04/1990 is the 3rd of April,
 * never March 4th; anything else (a two-digit year, text, 31.02.) is not a date.
 */

const DAY_FIRST = /^(\d{1,2})\s*([./])\s*(\d{1,2})\s*\2\s*(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

function isoDay(y: number, m: number, d: number): string | null {
	if (y < 1000 || m < 1 || m > 12 || d < 1) return null;
	const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
	if (d > days) return null;
	return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * A day written in one of the forms above, with a month of the year, whose day is not in that
 * month ("31. 2. 2001", "29.02.2023"): the month's length, for saying the day does not exist
 * rather than that the form is wrong (issue 30 #18). Null for any other text; a time after the
 * day (a moment) is ignored.
 */
export function nonexistentDay(text: string): { day: number; month: number; year: number; days: number } | null {
	const t = text.trim().replace(/[ T]+\d{1,2}:\d{2}(?::\d{2})?$/, '');
	const iso = ISO.exec(t);
	const dm = iso ? null : DAY_FIRST.exec(t);
	const [year, month, day] = iso ? [iso[1], iso[2], iso[3]].map(Number) : dm ? [dm[4], dm[3], dm[1]].map(Number) : [];
	if (year === undefined || month === undefined || day === undefined || year < 1000 || month < 1 || month > 12) return null;
	const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
	return day < 1 || day > days ? { day, month, year, days } : null;
}

/** A day as ISO YYYY-MM-DD, or null when the text is not a day in one of the forms above. */
export function parseDay(text: string): string | null {
	const t = text.trim();
	const iso = ISO.exec(t);
	if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
	const dm = DAY_FIRST.exec(t);
	if (dm) return isoDay(Number(dm[4]), Number(dm[3]), Number(dm[1]));
	return null;
}

/**
 * A moment (ms since the epoch): an ISO date-time with a zone (2026-03-15T14:22:05.000Z, as
 * the export writes it), or a day in one of the forms above with an optional time H:MM or
 * H:MM:SS after it ("15.03.2026 14:22", a form's time stamp), read in the device's time zone.
 * Null when it is neither.
 */
export function parseMoment(text: string): number | null {
	const t = text.trim();
	if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(t)) {
		const ms = Date.parse(t);
		return Number.isNaN(ms) ? null : ms;
	}
	const split = /^(.*?)(?:[ T]+(\d{1,2}:\d{2}(?::\d{2})?))?$/.exec(t);
	const day = split ? parseDay(split[1] ?? '') : null;
	if (!day) return null;
	const [y, m, d] = day.split('-').map(Number) as [number, number, number];
	let h = 0;
	let min = 0;
	let s = 0;
	if (split?.[2]) {
		const time = TIME.exec(split[2]);
		if (!time) return null;
		[h, min, s] = [Number(time[1]), Number(time[2]), Number(time[3] ?? 0)];
		if (h > 23 || min > 59 || s > 59) return null;
	}
	return new Date(y, m - 1, d, h, min, s).getTime();
}
