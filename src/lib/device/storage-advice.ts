import type { DisplayMode } from '$lib/contract';
import type { Platform } from './platform';

/**
 * What the station tells the judge when the browser may clear the tablet's data (persistent
 * storage refused or missing), by platform and display mode:
 * - 'home-screen': an iPad/iPhone in a Safari tab: add the app to the Home Screen and open it
 *   from there before the event (WebKit may clear a tab's data after days without use; the
 *   Home Screen app keeps its own storage, so pair and set up there);
 * - 'install': another browser in a tab (or the mode unknown): install the app and open it from there;
 * - 'installed': already the installed app, and still not promised: sync or export
 *   after each heat.
 */
export type StorageAdvice = 'home-screen' | 'install' | 'installed';

export function storageAdvice(platform: Platform, mode: DisplayMode | null): StorageAdvice {
	if (mode === 'standalone') return 'installed';
	return platform === 'apple' ? 'home-screen' : 'install';
}
