/**
 * The client build's chunks for the judge station (issue 34): few files on a tablet's cold start.
 *
 * Left to itself, the bundler makes a chunk for every set of routes and lazy parts that share
 * modules, so a page of this app loads dozens of small files (the station's home 54, a heat 30
 * more). Each costs the tablet ≈ 5 ms at 4× CPU throttling (a request through the service worker,
 * a module to compile, link and run; bench/station-README.md), whatever its size. So the modules
 * that load together are grouped into one chunk each:
 *
 * - **shell**: what every page loads: SvelteKit's client, the route table, the root layout and
 *   error page, with everything they import (Svelte, Dexie, the device session, the worker's
 *   registration…);
 * - **station**: what the station's page (`/station`) imports, beyond the shell;
 * - **heat**: what opening a heat imports (`HEAT_ROOTS`), beyond both.
 *
 * Each is a module's static imports followed from its roots, so nothing loads earlier than it did:
 * a dynamic import (a lazy part) stays a chunk of its own. The entries (SvelteKit's start, the
 * route table, each route's node) stay files of their own. Another route that imports a module of
 * a group loads the group's chunk (the organizer's screens, what they share with the station).
 *
 * The sets are computed when the module graph is complete (`buildEnd`), before the chunks are
 * made; `codeSplitting.groups` (vite.config.ts) reads them. The server build finds no client
 * entry and leaves them empty.
 */

/** The station page's modules. */
const STATION_ROOTS = [/\/src\/routes\/station\/\+page\.(svelte|ts)$/];

/** What `route()` imports when a heat opens (src/lib/station/heat-screen.ts, station-screen.svelte.ts). */
const HEAT_ROOTS = [/\/src\/lib\/station\/heat-session\.svelte\.ts$/, /\/src\/lib\/station\/ui\/HeatView\.svelte$/, /\/src\/lib\/station\/heat-opening\.ts$/];

/** SvelteKit's client entries that every page loads: its start, the route table, the root layout's and error page's nodes. */
const ROUTE_TABLE = /\/generated\/client-optimized\/app\.js$/;
const SHELL_ENTRIES = [/\/runtime\/client\/entry\.js$/, ROUTE_TABLE, /\/generated\/client-optimized\/nodes\/[01]\.js$/];

/**
 * The messages: every screen imports them all (`m` of $lib/i18n), and the bundler keeps of each
 * chunk the ones it calls, so a group would take every message of the app. Left to the
 * bundler's own chunks.
 */
const LEFT_TO_THE_BUNDLER = /\/paraglide\/messages(\/|\.js$)/;

/** @type {{ shell: Set<string>, station: Set<string>, heat: Set<string> }} */
const sets = { shell: new Set(), station: new Set(), heat: new Set() };

/**
 * @param {readonly string[]} ids every module of the build
 * @param {(id: string) => { importedIds: readonly string[], isEntry: boolean } | null} info
 * @param {readonly RegExp[]} roots
 * @param {readonly Set<string>[]} taken modules of earlier groups
 */
function closure(ids, info, roots, taken) {
	const seen = new Set();
	const queue = ids.filter((id) => roots.some((r) => r.test(id.replaceAll('\\', '/'))));
	while (queue.length > 0) {
		const id = /** @type {string} */ (queue.pop());
		if (seen.has(id)) continue;
		seen.add(id);
		for (const dep of info(id)?.importedIds ?? []) queue.push(dep);
	}
	const out = new Set();
	for (const id of seen) if (!info(id)?.isEntry && !LEFT_TO_THE_BUNDLER.test(id.replaceAll('\\', '/')) && !taken.some((t) => t.has(id))) out.add(id);
	return out;
}

/** The bundler's plugin that fills the sets. @returns {import('vite').Plugin} */
export function stationChunks() {
	return {
		name: 'station-chunks',
		apply: 'build',
		buildEnd() {
			const ids = [...this.getModuleIds()];
			const info = (/** @type {string} */ id) => this.getModuleInfo(id);
			if (!ids.some((id) => ROUTE_TABLE.test(id.replaceAll('\\', '/')))) return;
			sets.shell = closure(ids, info, SHELL_ENTRIES, []);
			sets.station = closure(ids, info, STATION_ROOTS, [sets.shell]);
			sets.heat = closure(ids, info, HEAT_ROOTS, [sets.shell, sets.station]);
		}
	};
}

/** The groups for `build.rollupOptions.output.codeSplitting.groups`, first taken first. */
export const stationChunkGroups = [
	{ name: 'shell', test: (/** @type {string} */ id) => sets.shell.has(id), priority: 30 },
	{ name: 'station', test: (/** @type {string} */ id) => sets.station.has(id), priority: 20 },
	{ name: 'heat', test: (/** @type {string} */ id) => sets.heat.has(id), priority: 10 }
];
