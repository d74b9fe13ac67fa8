/**
 * The app's i18n entry point. Import messages from here, not from ./paraglide directly:
 * this module also loads the locale state that makes message calls reactive.
 *
 *   import { m, locale, formatDuration } from '$lib/i18n';
 *   <h1>{m.app_name()}</h1>  <button onclick={() => locale.set('cs')}>Čeština</button>
 */
export { locale, LocaleState, type CurrentLocale } from './locale.svelte';
export { m } from './paraglide/messages.js';
export { BASE_LOCALE, LOCALES, LOCALE_NAMES, LOCALE_STORAGE_KEY, initialLocale, isLocale, negotiateLocale, type Locale, type LocaleEnvironment } from './locales';
export {
	decimalSeparator,
	formatDate,
	formatDuration,
	formatNumber,
	formatTime,
	type DateOptions,
	type DurationOptions,
	type DurationPrecision,
	type TimeOptions
} from './format';
