import type { DisplayMode } from '$lib/contract';

/**
 * Whether the app runs installed ('standalone': opened from the Home Screen or as an installed
 * app, the manifest's `display: standalone`) or in a browser tab ('browser'). It matters on an
 * iPad: Safari may clear a tab's storage after days without use, and the Home Screen app keeps
 * storage of its own, apart from the tab's (a tablet paired in the tab is not paired in the app).
 */

/** The part of `window` read here: matchMedia, and iOS Safari's non-standard `navigator.standalone`. */
export interface DisplayModeWindow {
	matchMedia?: (query: string) => { matches: boolean };
	navigator?: { standalone?: boolean };
}

/** Display modes of an installed app (a browser tab matches 'browser'). */
const INSTALLED_QUERIES = ['(display-mode: standalone)', '(display-mode: fullscreen)', '(display-mode: minimal-ui)'];

/** 'standalone' or 'browser'; null where there is no window to ask (server side, tests). */
export function displayModeOf(win: DisplayModeWindow | undefined): DisplayMode | null {
	if (!win) return null;
	if (win.navigator?.standalone === true) return 'standalone';
	if (typeof win.matchMedia !== 'function') return 'browser';
	return INSTALLED_QUERIES.some((q) => win.matchMedia!(q).matches) ? 'standalone' : 'browser';
}

/** This page's display mode (null outside a browser). */
export function currentDisplayMode(): DisplayMode | null {
	return displayModeOf(typeof window === 'undefined' ? undefined : (window as unknown as DisplayModeWindow));
}
