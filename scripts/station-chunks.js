/**
 * The client build's chunks for the judge station (issue 34): few files on a tablet's cold start.
 *
 * Left to itself, the bundler makes a chunk for every set of routes and lazy parts that share
 * modules, so a page of this app loaded dozens of small files (the station's home 54, a heat 30
 * more). Each costs a tablet ≈ 5 ms at 4× CPU throttling whatever its size (a request through the
 * service worker, a module to compile, link and run: 40 tiny modules more made the floor page
 * 1.28× slower; bench/station-README.md). So the modules that load together are grouped, one
 * chunk each, taken in this order (a module goes to the first group that takes it):
 *
 * - **shell**: what every page loads: SvelteKit's client, the route table, the root layout and
 *   error page, with all they import (Svelte, Dexie, the device session, the worker's
 *   registration…);
 * - **home-shared**: what the station's page imports that other routes import too (the screen
 *   header, fields, panels…), and **station**: the rest of what it imports;
 * - **choice-shared**: what the heat chooser (loaded by a home with heats) shares with a heat or
 *   with other routes (seat order, table cards, merges), and **chooser**: the rest of its code;
 * - **heat-shared**: what opening a heat imports that other routes import too (the scorer…), and
 *   **heat**: the rest of it.
 *
 * Each is the static imports followed from its roots, so nothing loads earlier than it did: a
 * dynamic import (a lazy part) stays a chunk of its own, and another route loads only the
 * "shared" chunks of what it imports. The entries (SvelteKit's start, the route table, each
 * route's node) stay files of their own, and the messages are left to the bundler (every screen
 * imports them all through `m`; the bundler keeps of each chunk the ones it calls).
 *
 * The sets are computed when the module graph is complete (`buildEnd`), before the chunks are
 * made; `codeSplitting.groups` (vite.config.ts) reads them. The server build has no route table
 * and leaves them empty.
 */

/** Matches a module ID (with forward slashes) by the end of its path. */
const path = (/** @type {string} */ end) => new RegExp(`/src/${end.replace(/[.+]/g, '\\$&')}$`);

/** The station page's modules. */
const STATION_ROOTS = [path('routes/station/+page.svelte'), path('routes/station/+page.ts')];
/** The heat chooser's code (src/lib/station/chooser-code.svelte.ts). */
const CHOOSER_ROOTS = [path('lib/station/home-choices.ts'), path('lib/station/ui/HeatChoices.svelte'), path('lib/station/ui/CardNotes.svelte')];
/** What `route()` imports when a heat opens (src/lib/station/heat-screen.ts, station-screen.svelte.ts). */
const HEAT_ROOTS = [path('lib/station/heat-session.svelte.ts'), path('lib/station/ui/HeatView.svelte'), path('lib/station/heat-opening.ts')];
/** SvelteKit's route table (its generated app entry): only the client build has it. */
const ROUTE_TABLE = /\/generated\/client-optimized\/app\.js$/;
/** SvelteKit's client entries that every page loads: its start, the route table, the root layout's and error page's nodes. */
const SHELL_ROOTS = [/\/runtime\/client\/entry\.js$/, ROUTE_TABLE, /\/generated\/client-optimized\/nodes\/[01]\.js$/];
/** A route's node (SvelteKit's client entry of each page and layout). */
const ROUTE_NODE = /\/generated\/client-optimized\/nodes\/\d+\.js$/;
/** The messages (see above). */
const LEFT_TO_THE_BUNDLER = /\/paraglide\/messages(\/|\.js$)/;

const GROUPS = /** @type {const} */ (['shell', 'home-shared', 'station', 'choice-shared', 'chooser', 'heat-shared', 'heat']);

/** Each group's modules, by name. @type {Map<string, Set<string>>} */
const sets = new Map(GROUPS.map((g) => [g, new Set()]));

const slashed = (/** @type {string} */ id) => id.replaceAll('\\', '/');

/**
 * The modules reachable by static imports from the modules that `roots` match.
 * @param {readonly string[]} ids every module of the build
 * @param {(id: string) => { importedIds: readonly string[] } | null} info
 * @param {readonly RegExp[]} roots
 * @returns {Set<string>}
 */
function reach(ids, info, roots) {
	const seen = new Set();
	const queue = ids.filter((id) => roots.some((r) => r.test(slashed(id))));
	while (queue.length > 0) {
		const id = /** @type {string} */ (queue.pop());
		if (seen.has(id)) continue;
		seen.add(id);
		for (const dep of info(id)?.importedIds ?? []) queue.push(dep);
	}
	return seen;
}

/** The bundler's plugin that fills the sets. @returns {import('vite').Plugin} */
export function stationChunks() {
	return {
		name: 'station-chunks',
		apply: 'build',
		// generateBundle after Vite's own (its preloads of dynamic imports are written), before its manifest.
		enforce: 'post',
		buildEnd() {
			const ids = [...this.getModuleIds()];
			// Each build anew: the server build, which runs in the same process, groups nothing.
			for (const set of sets.values()) set.clear();
			if (!ids.some((id) => ROUTE_TABLE.test(slashed(id)))) return;
			const info = (/** @type {string} */ id) => this.getModuleInfo(id);
			const groupable = (/** @type {string} */ id) => !info(id)?.isEntry && !LEFT_TO_THE_BUNDLER.test(slashed(id));
			// What the other routes import (the organizer's screens, the display, the live pages…).
			const others = new Set();
			for (const node of ids.filter((id) => ROUTE_NODE.test(slashed(id)) && !SHELL_ROOTS.some((r) => r.test(slashed(id))))) {
				const own = reach(ids, info, [new RegExp(`${node.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)]);
				if (![...own].some((id) => STATION_ROOTS.some((r) => r.test(slashed(id))))) for (const id of own) others.add(id);
			}
			const station = reach(ids, info, STATION_ROOTS);
			const chooser = reach(ids, info, CHOOSER_ROOTS);
			const heat = reach(ids, info, HEAT_ROOTS);
			const taken = new Set();
			/** @param {string} name @param {Iterable<string>} modules @param {(id: string) => boolean} [keep] */
			const take = (name, modules, keep = () => true) => {
				const set = new Set([...modules].filter((id) => groupable(id) && !taken.has(id) && keep(id)));
				for (const id of set) taken.add(id);
				sets.set(name, set);
			};
			take('shell', reach(ids, info, SHELL_ROOTS));
			take('home-shared', station, (id) => others.has(id));
			take('station', station);
			take('choice-shared', chooser, (id) => heat.has(id) || others.has(id));
			take('chooser', chooser);
			take('heat-shared', heat, (id) => others.has(id));
			take('heat', heat);
			if (process.env.STATION_CHUNKS_DEBUG) console.log(`station-chunks: ${GROUPS.map((g) => `${g} ${sets.get(g)?.size}`).join(', ')} modules`);
		},
		generateBundle(_options, bundle) {
			// SvelteKit links a server-rendered page's style sheets by walking each chunk's imports in
			// the build's manifest, depth first, a chunk's dynamic imports after its imports, each
			// chunk once, and links those met through a dynamic import only with that import. The
			// shell imports the station's code dynamically (a heat's screen, what opens it): walked
			// through it first, a shared chunk that the page also imports (the screen header's
			// styles) would not be linked. So the manifest lists none of the shell's dynamic imports;
			// their styles load with them (Vite's preload of a dynamic import loads its CSS first).
			for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.name === 'shell') chunk.dynamicImports = [];
		}
	};
}

/** The groups for `build.rollupOptions.output.codeSplitting.groups`, in the order above. */
export const stationChunkGroups = GROUPS.map((name, i) => ({ name, test: (/** @type {string} */ id) => sets.get(name)?.has(id) ?? false, priority: 30 - i }));
