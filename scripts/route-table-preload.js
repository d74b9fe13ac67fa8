/**
 * Vite's `build.modulePreload.resolveDependencies` for the client build (vite.config.ts).
 *
 * SvelteKit's route table (its generated app entry, `_app/immutable/entry/app.*.js`) loads each
 * route's node with a dynamic import, and Vite wraps each one with the list of every file that
 * route needs, to fetch them at once. For every route of the app that is ≈ 2.4 KiB gzipped, in
 * every page's first load (issue 34), mostly file names of screens a station never opens. A full
 * load does not use them: the page's HTML already links its route's files (`modulepreload`). So
 * the route table lists none: a client-side navigation to another route fetches the route's node,
 * then what it imports (from the worker's cache on a tablet). Its style sheets are still loaded
 * with it (Vite adds the CSS after this). Every other dynamic import (a heat's screen, the sync
 * engine…) keeps its list, so its files still load side by side.
 */

/** SvelteKit's client entry with the route table, as the build names it. */
const ROUTE_TABLE = /(^|\/)_app\/immutable\/entry\/app\.[^/]+\.js$/;

/**
 * @param {string} _file the dynamically imported chunk
 * @param {string[]} deps the JS files Vite would fetch with it
 * @param {{ hostId: string, hostType: 'html' | 'js' }} context `hostId`: the chunk that imports it
 * @returns {string[]}
 */
export function routeTablePreload(_file, deps, { hostId }) {
	return ROUTE_TABLE.test(hostId) ? [] : deps;
}
