import { formatDate, formatNumber, formatTime, m, type Locale } from '$lib/i18n';
import type { CompetitionList } from './entries-list';

/**
 * The registrations' list in words, in the UI language (or a given one): an amount in its
 * currency (ES-FEE), a moment ("16 May 2026, 09:00"), and how full a competition is
 * ("78 of 80 places, 5 on the waiting list": CZ-IND-CAP, CZ-TEAM-CAP).
 */

interface WithLocale {
	locale?: Locale;
	/** For the moments; the device's by default. */
	timeZone?: string;
}

/** "400 Kč", "5 €", "1,50 €": whole amounts without decimals. */
export function moneyWords(amount: number, currency: string, options: WithLocale = {}): string {
	return formatNumber(amount, { style: 'currency', currency, locale: options.locale, ...(Number.isInteger(amount) ? { minimumFractionDigits: 0 } : {}) });
}

export function momentWords(at: number, options: WithLocale = {}): string {
	const { locale, timeZone } = options;
	return `${formatDate(at, { style: 'medium', locale, timeZone })} ${formatTime(at, { seconds: false, locale, timeZone })}`;
}

export function capacityLine(list: CompetitionList, options: WithLocale = {}): string {
	const opt = { locale: options.locale };
	const { taken, max, per } = list.capacity;
	const full =
		max === null
			? m.org_entries_capacity_open({ count: list.registered.length }, opt)
			: per === 'person'
				? m.org_entries_capacity_people({ taken, max }, opt)
				: m.org_entries_capacity_entries({ taken, max }, opt);
	return list.waiting.length > 0 ? `${full}, ${m.org_entries_waiting_count({ count: list.waiting.length }, opt)}` : full;
}
