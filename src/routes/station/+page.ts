import { browser } from '$app/environment';
import { loadHeatScreen } from '$lib/station/heat-screen';

// The station runs from IndexedDB on the tablet: a prerendered shell that the service worker
// can serve offline, rendered in the browser only.
export const prerender = true;
export const ssr = false;

/**
 * An address that names a heat (a cold start on a heat, a link) starts loading the heat screen's
 * code here, before the page renders, while the database opens; the home does not load it.
 */
export function load(): void {
	if (browser && new URLSearchParams(location.search).has('heat')) void loadHeatScreen().catch(() => {});
}
