import { locale } from './locale.svelte';
import type { Locale } from './locales';

/**
 * The language of what an event hands to people (issue 30 #15): every print (the seat plan, the
 * register's lists, the table cards, the results, the draws) and the public results page are
 * written in the event's language for printed lists and public pages when it has one
 * (CompetitionEvent.language), else in the reader's. The organizer's own screens, the links and
 * buttons above a print included, stay in the organizer's language.
 *
 * A document passes it to every message and formatter as their `{ locale }` option
 * (`m.key({}, { locale: lang })`, `formatDate(d, { locale: lang })`) and sets it as its element's
 * `lang`. Read in a template or `$derived`, it follows the reader's language when that changes.
 */
export function documentLanguage(eventLanguage: Locale | null | undefined, reader: Locale = locale.current): Locale {
	return eventLanguage ?? reader;
}
