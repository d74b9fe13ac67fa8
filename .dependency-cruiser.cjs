/**
 * The dependency rules of src/ (npm run check:deps, part of npm test). docs/architecture.md
 * draws the folders and their direction. Type-only imports count here (a type from
 * the wrong folder is a wrong dependency too); .dependency-cruiser-runtime.cjs checks what
 * loads at run time (scoring without zod).
 *
 * The core folders depend one way: rules ← setup ← events ← scoring ← results ← files. Each
 * may import the folders before it, the shared files at the top of src/lib (validation.ts,
 * random.ts, zod-locale.ts) and npm packages, nothing else of src/.
 */

/** The core folders, lowest first, with the folders each may import besides itself. */
const LAYERS = {
	rules: [],
	setup: ['rules'],
	events: ['rules', 'setup'],
	scoring: ['rules', 'setup', 'events'],
	// Results are standings and conflicts worded for people: they also use the languages.
	results: ['rules', 'setup', 'events', 'scoring', 'i18n'],
	// Files (the CLI's reading and writing) print the published row of results; never the
	// languages (the CLI runs without Svelte's runes).
	files: ['rules', 'setup', 'events', 'scoring', 'results']
};

/** Test code is not part of the layering (a test sets up whatever it needs): not cruised. */
const TEST_CODE = ['\\.test\\.ts$', '\\.spec\\.ts$', 'testkit\\.ts$', '^src/lib/scoring/arbitraries\\.ts$'];

const layerRules = Object.entries(LAYERS).map(([folder, below]) => ({
	name: `layer-${folder}`,
	comment: `src/lib/${folder} may import only ${below.length ? below.join(', ') : 'no other folder of src/lib'} (rules ← setup ← events ← scoring ← results ← files).`,
	severity: 'error',
	from: { path: `^src/lib/${folder}/` },
	to: { path: '^src/(lib/[^/]+/|routes/|hooks)', pathNot: [`^src/lib/(${[folder, ...below].join('|')})/`] }
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
	forbidden: [
		...layerRules,
		{
			name: 'scoring-is-pure',
			comment:
				'Scoring imports nothing from the database, sync, the server, Svelte or SvelteKit, nor node built-ins: the tablet, the server and the CLI run the same code (no DOM: tsconfig.scoring.json).',
			severity: 'error',
			from: { path: '^src/lib/scoring/' },
			to: {
				path: ['^src/lib/(db|sync|server)/', '^node_modules/(svelte|@sveltejs|dexie|better-sqlite3)/', '^\\$(app|env)/', '\\.svelte(\\.ts)?$']
			}
		},
		{
			name: 'scoring-no-node-builtins',
			comment: 'Scoring runs in the browser too: no node built-ins.',
			severity: 'error',
			from: { path: '^src/lib/scoring/' },
			to: { dependencyTypes: ['core'] }
		},
		{
			name: 'server-code-stays-on-the-server',
			comment:
				"Only src/lib/server, the API routes and SvelteKit's server-only entry points (hooks.server.ts, +page.server.ts, +layout.server.ts, which SvelteKit never bundles for the browser) import src/lib/server.",
			severity: 'error',
			from: { pathNot: ['^src/lib/server/', '^src/routes/api/', '^src/hooks\\.server\\.ts$', '^src/routes/.*[+](page|layout)[.]server[.]ts$'] },
			to: { path: '^src/lib/server/' }
		},
		{
			name: 'screens-stand-alone',
			comment: 'The station, the organizer and the display do not import each other: what two of them need lives below them.',
			severity: 'error',
			from: { path: '^src/lib/(display|station|organizer)/' },
			to: { path: '^src/lib/(display|station|organizer)/', pathNot: '^src/lib/$1/' }
		},
		{
			name: 'no-file-cycles',
			comment: 'No two files of src/lib import each other, directly or round a loop: what both need goes in a file of its own.',
			severity: 'error',
			from: { path: '^src/lib/' },
			to: { circular: true }
		},
		{
			name: 'no-folder-cycles',
			comment: 'The leaf folders of src/lib depend one way: no cycle between them (scripts/folder-cycles.js checks the top-level folders as wholes).',
			severity: 'error',
			scope: 'folder',
			from: { path: '^src/lib/' },
			to: { circular: true }
		}
	],
	options: {
		doNotFollow: { path: 'node_modules' },
		exclude: { path: [...TEST_CODE, '^src/lib/i18n/paraglide/'] },
		tsPreCompilationDeps: true,
		// SvelteKit's $lib alias: tsconfig.depcruise.json gives the paths of .svelte-kit/tsconfig.json
		// the base they are written for.
		tsConfig: { fileName: 'tsconfig.depcruise.json' },
		enhancedResolveOptions: {
			exportsFields: ['exports'],
			conditionNames: ['svelte', 'import', 'require', 'node', 'default', 'types'],
			extensions: ['.ts', '.js', '.svelte', '.json'],
			mainFields: ['svelte', 'module', 'main', 'types', 'typings']
		}
	}
};
