/**
 * The dependency rules of src/ (npm run check:deps, part of npm test). docs/architecture.md
 * draws the folders and their direction (generated from what dependency-cruiser finds, checked
 * by scripts/folder-graph.js). Type-only imports count here (a type from the wrong folder is a
 * wrong dependency too); .dependency-cruiser-runtime.cjs checks what loads at run time
 * (scoring without zod).
 *
 * Every folder of src/lib has its place in LAYERS, lowest first, with the folders it may
 * import besides itself; a folder may name only folders placed before it, so the order is the
 * direction and no loop can form. Besides those, every folder may import the shared files at
 * the top of src/lib (validation.ts, random.ts, zod-locale.ts, duration-text.ts, natural-order.ts, which import
 * no folder) and npm packages. A new folder without a place stops check:deps.
 */
const { readdirSync } = require('node:fs');
const { join } = require('node:path');

/** The folders of src/lib, lowest first, with the folders each may import besides itself. */
const LAYERS = {
	// The core, one way: a ruleset, an event's set-up, the judges' events, the scorer.
	rules: [],
	setup: ['rules'],
	events: ['rules', 'setup'],
	scoring: ['rules', 'setup', 'events'],
	// Languages: the messages and the words for rules and events.
	i18n: ['rules', 'events'],
	// Results are standings and conflicts worded for people: they also use the languages.
	results: ['rules', 'setup', 'events', 'scoring', 'i18n'],
	// Files (the CLI's reading and writing) print the published row of results; never the
	// languages (the CLI runs without Svelte's runes).
	files: ['rules', 'setup', 'events', 'scoring', 'results'],
	// The design layer: tokens and components, worded through i18n only.
	ui: ['i18n'],
	// People and their entries, fees, the CSV import, check-ins at the door.
	registration: ['rules', 'setup', 'events', 'scoring', 'i18n', 'ui'],
	// Tables, seats and shifts.
	seating: ['setup', 'registration'],
	// The wire: every request and answer of the API, the pairing and card links. The server and
	// every client import it; it imports neither.
	contract: ['setup', 'events', 'registration', 'results'],
	// The device's IndexedDB (Dexie): the event log, outbox, set-up store, the photos of evidence (their row is the contract's PhotoMeta).
	db: ['rules', 'setup', 'events', 'scoring', 'files', 'registration', 'contract'],
	// What a browser offers: wake lock, audio, storage, display mode.
	device: ['contract'],
	// The device's side of sync: push, pull, pairing, its status and its small UI.
	sync: ['rules', 'setup', 'events', 'results', 'files', 'i18n', 'ui', 'registration', 'contract', 'db', 'device'],
	// A paired device's session and live reads of its database.
	session: ['events', 'i18n', 'contract', 'db', 'sync'],
	// What every screen wears: the header.
	shell: ['i18n', 'session', 'sync'],
	// Install and update of the app.
	pwa: ['i18n', 'ui', 'contract', 'device'],
	// Photos of evidence (issue 33): the camera, resizing and hashing, the thumbnails' strip and the
	// zoomable viewer, shared by the station and the organizer. Storing is db's, sending sync's.
	photos: ['i18n', 'ui', 'contract', 'db', 'device', 'sync'],
	// The Node server: SQLite store, API handlers, backups. Never imported by the browser's code
	// (server-code-stays-on-the-server).
	server: ['rules', 'setup', 'events', 'scoring', 'results', 'files', 'registration', 'seating', 'contract'],
	// The screens, apart from each other (screens-stand-alone): what two share lives below them.
	desk: ['rules', 'events', 'i18n', 'ui', 'registration', 'db', 'sync', 'session'],
	display: ['rules', 'setup', 'events', 'scoring', 'i18n', 'results', 'files', 'contract', 'db', 'sync'],
	station: [
		'rules', 'setup', 'events', 'scoring', 'i18n', 'results', 'files', 'ui', 'registration', 'seating', 'db',
		'device', 'sync', 'session', 'shell', 'pwa', 'photos'
	],
	organizer: [
		'rules', 'setup', 'events', 'scoring', 'i18n', 'results', 'files', 'ui', 'registration', 'seating', 'contract',
		'db', 'device', 'sync', 'session', 'shell', 'photos'
	],
	// The public live page and the livestream overlay: no database, no sync engine (the SSE reader and the backoff only).
	live: ['rules', 'setup', 'events', 'scoring', 'i18n', 'results', 'ui', 'registration', 'contract', 'sync', 'shell']
};
const SCREENS = ['desk', 'display', 'station', 'organizer', 'live'];

const folders = readdirSync(join(__dirname, 'src/lib'), { withFileTypes: true })
	.filter((entry) => entry.isDirectory())
	.map((entry) => entry.name);
const placeless = folders.filter((folder) => !(folder in LAYERS));
if (placeless.length)
	throw new Error(`.dependency-cruiser.cjs: ${placeless.map((f) => `src/lib/${f}`).join(', ')} has no place in LAYERS: add it, with the folders it may import (all placed before it).`);
const order = Object.keys(LAYERS);
for (const [folder, below] of Object.entries(LAYERS))
	for (const other of below)
		if (!(order.indexOf(other) < order.indexOf(folder)))
			throw new Error(`.dependency-cruiser.cjs: LAYERS lets ${folder} import ${other}, which is not placed before it: that way a loop could form.`);

/** Test code is not part of the layering (a test sets up whatever it needs): not cruised. */
const TEST_CODE = ['\\.test\\.ts$', '\\.spec\\.ts$', 'testkit\\.ts$', '^src/lib/scoring/arbitraries\\.ts$'];

const layerRules = Object.entries(LAYERS).map(([folder, below]) => ({
	name: `layer-${folder}`,
	comment: `src/lib/${folder} may import only ${below.length ? below.join(', ') : 'no other folder of src/lib'} (its place in LAYERS).`,
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
			comment: 'The station, the organizer, the display and the desk do not import each other: what two of them need lives below them.',
			severity: 'error',
			from: { path: `^src/lib/(${SCREENS.join('|')})/` },
			to: { path: `^src/lib/(${SCREENS.join('|')})/`, pathNot: '^src/lib/$1/' }
		},
		{
			name: 'shared-files-import-no-folder',
			comment: 'The files at the top of src/lib (validation.ts, random.ts, zod-locale.ts, duration-text.ts, natural-order.ts) are below every folder: they import none.',
			severity: 'error',
			from: { path: '^src/lib/[^/]+$' },
			to: { path: '^src/(lib/[^/]+/|routes/|hooks)' }
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
