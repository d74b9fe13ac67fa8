import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { m } from './paraglide/messages.js';
import { LOCALES, type Locale } from './locales';

type Variant = { declarations: string[]; selectors: string[]; match: Record<string, string> };
type Catalog = Record<string, string | Variant[]>;

function catalog(locale: Locale): Catalog {
	const url = new URL(`../../../messages/${locale}.json`, import.meta.url);
	const { $schema: _schema, ...messages } = JSON.parse(readFileSync(url, 'utf8')) as Catalog & { $schema: string };
	return messages;
}

/** The placeholders a message uses, over all its variants. */
function placeholders(message: string | Variant[]): string[] {
	const texts = typeof message === 'string' ? [message] : message.flatMap((v) => Object.values(v.match));
	return [...new Set(texts.flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!)))].sort();
}

const catalogs = Object.fromEntries(LOCALES.map((l) => [l, catalog(l)])) as Record<Locale, Catalog>;

describe('message catalogs', () => {
	it('have the same keys in every language', () => {
		const en = Object.keys(catalogs.en).sort();
		for (const l of LOCALES) expect(Object.keys(catalogs[l]).sort(), l).toEqual(en);
	});

	it('use snake_case keys', () => {
		for (const key of Object.keys(catalogs.en)) expect(key).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
	});

	it('use the same placeholders in every language, and no message is empty', () => {
		for (const [key, message] of Object.entries(catalogs.en)) {
			for (const l of LOCALES) {
				const other = catalogs[l][key]!;
				expect(placeholders(other), `${l}.${key}`).toEqual(placeholders(message));
				const texts = typeof other === 'string' ? [other] : other.flatMap((v) => Object.values(v.match));
				for (const t of texts) expect(t.trim(), `${l}.${key}`).not.toBe('');
			}
		}
	});

	it('translate the user-facing text (only names and codes may equal the English)', () => {
		const sameOnPurpose = new Set([
			'start_col_id',
			'unit_individual',
			'station_heat_number',
			'station_table_number',
			'org_rf_no',
			// Only placeholders and punctuation, or the same word in Czech ("E-mail") or Spanish ("Club").
			'org_people_registration',
			'org_people_registration_unit',
			'org_people_change',
			'org_people_change_value',
			'org_people_field_club',
			'org_people_field_email',
			// "Final" in Spanish too; "puzzle" in Czech too.
			'relay_final',
			'relay_puzzle',
			'relay_place'
		]);
		for (const [key, message] of Object.entries(catalogs.en)) {
			if (sameOnPurpose.has(key) || typeof message !== 'string') continue;
			for (const l of ['cs', 'es'] as const) expect(catalogs[l][key], `${l}.${key}`).not.toBe(message);
		}
	});
});

describe('compiled messages', () => {
	it('fill in parameters', () => {
		expect(m.start_competitions_caption({ event: 'Demo puzzle day' }, { locale: 'en' })).toBe('Competitions of Demo puzzle day');
		expect(m.start_competitions_caption({ event: 'Jarní puzzle' }, { locale: 'cs' })).toBe('Soutěže akce Jarní puzzle');
		expect(m.station_assistance_time_left({ time: '7:30' }, { locale: 'es' })).toBe('Tiempo de asistencia restante: 7:30');
	});

	it('choose the plural form of each language', () => {
		const minutes = (count: number, locale: Locale) => m.station_minutes_left({ count }, { locale });
		expect([1, 2, 5, 10].map((n) => minutes(n, 'en'))).toEqual(['1 minute left', '2 minutes left', '5 minutes left', '10 minutes left']);
		expect([1, 2, 5, 10].map((n) => minutes(n, 'cs'))).toEqual(['Zbývá 1 minuta', 'Zbývají 2 minuty', 'Zbývá 5 minut', 'Zbývá 10 minut']);
		expect([1, 2, 10].map((n) => minutes(n, 'es'))).toEqual(['Queda 1 minuto', 'Quedan 2 minutos', 'Quedan 10 minutos']);

		expect([0, 1, 2].map((n) => m.station_pauses_left({ count: n }, { locale: 'cs' }))).toEqual([
			'Zbývá 0 pauz',
			'Zbývá 1 pauza',
			'Zbývají 2 pauzy'
		]);
		expect([1, 2].map((n) => m.station_pauses_left({ count: n }, { locale: 'es' }))).toEqual(['Queda 1 pausa', 'Quedan 2 pausas']);
		expect([1, 4, 500].map((n) => m.station_pieces({ count: n }, { locale: 'cs' }))).toEqual(['1 dílek', '4 dílky', '500 dílků']);
	});

	it('default to the base locale outside a browser', () => {
		expect(m.station_start_heat()).toBe('Start heat');
	});
});
