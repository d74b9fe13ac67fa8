/**
 * Locale-aware formatting on Intl. Every function takes an optional `locale`; without it
 * the current locale (`locale.current`) is used, so a call in a template or `$derived`
 * re-renders when the locale changes.
 */
import { locale as currentLocale } from './locale.svelte';
import type { Locale } from './locales';
import { durationText, type DurationTextOptions } from '$lib/duration-text';
import { localeDecimalSeparator, localeMinusSign } from './separators';

interface WithLocale {
	/** Defaults to the current locale. */
	locale?: Locale;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
	const key = `${locale}|${JSON.stringify(options)}`;
	let f = numberFormats.get(key);
	if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(locale, options)));
	return f;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
	const key = `${locale}|${JSON.stringify(options)}`;
	let f = dateFormats.get(key);
	if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
	return f;
}

/** A number with the locale's grouping and decimal separator: 1234.5 → "1,234.5" (en), "1 234,5" (cs). */
export function formatNumber(value: number, options: Intl.NumberFormatOptions & WithLocale = {}): string {
	const { locale = currentLocale.current, ...intl } = options;
	return numberFormat(locale, intl).format(value);
}

/** The locale's decimal separator: "." (en), "," (cs, es). */
export function decimalSeparator(locale: Locale = currentLocale.current): string {
	return localeDecimalSeparator(locale);
}

export interface TimeOptions extends WithLocale {
	/** Show seconds (default true). */
	seconds?: boolean;
	/** IANA time zone; defaults to the device's. */
	timeZone?: string;
	/** Force a 12-hour (true) or 24-hour (false) clock; defaults to the locale's custom. */
	hour12?: boolean;
}

/**
 * The time of day of a wall-clock instant (ms since the epoch, as `Date.now()`), in the
 * locale's style: "14:05:09" (cs, es), "2:05:09 PM" (en).
 */
export function formatTime(wallClockMs: number, options: TimeOptions = {}): string {
	const { locale = currentLocale.current, seconds = true, timeZone, hour12 } = options;
	const intl: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
	if (seconds) intl.second = '2-digit';
	if (timeZone !== undefined) intl.timeZone = timeZone;
	if (hour12 !== undefined) intl.hour12 = hour12;
	return dateFormat(locale, intl).format(wallClockMs);
}

export interface DateOptions extends WithLocale {
	/** Intl date style (default "long"): "9 May 2026" / "9. května 2026" / "9 de mayo de 2026". */
	style?: 'full' | 'long' | 'medium' | 'short';
	/** IANA time zone for instants; ignored for calendar days ("2026-05-09"). */
	timeZone?: string;
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date in the locale's style. A calendar day "YYYY-MM-DD" is shown as that day whatever
 * the device's time zone; a number or Date is an instant, shown in `timeZone` (default the
 * device's).
 */
export function formatDate(date: string | number | Date, options: DateOptions = {}): string {
	const { locale = currentLocale.current, style = 'long' } = options;
	let timeZone = options.timeZone;
	let instant: number | Date;
	const day = typeof date === 'string' ? CALENDAR_DAY.exec(date) : null;
	if (day) {
		instant = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
		timeZone = 'UTC';
	} else if (typeof date === 'string') {
		instant = Date.parse(date);
	} else {
		instant = date;
	}
	if (Number.isNaN(typeof instant === 'number' ? instant : instant.getTime()))
		throw new RangeError(`Not a date: ${String(date)}`);
	const intl: Intl.DateTimeFormatOptions = { dateStyle: style };
	if (timeZone !== undefined) intl.timeZone = timeZone;
	return dateFormat(locale, intl).format(instant);
}

export type { DurationPrecision } from '$lib/duration-text';

/** durationText's options, the separators coming from the locale. */
export type DurationOptions = WithLocale & Omit<DurationTextOptions, 'decimal' | 'minus'>;

/**
 * A duration as a clock shows it (durationText), with the locale's decimal separator and minus
 * sign: 2_712_345 ms with tenths → "45:12.3" (en), "45:12,3" (cs, es); 5_400_000 ms → "1:30:00".
 */
export function formatDuration(ms: number, options: DurationOptions = {}): string {
	const { locale = currentLocale.current, ...clock } = options;
	return durationText(ms, { ...clock, decimal: localeDecimalSeparator(locale), minus: localeMinusSign(locale) });
}
