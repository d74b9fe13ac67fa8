/**
 * What loads at run time (npm run check:deps, from src/lib/scoring and src/lib/files): type-only
 * imports are left out (they are erased when TypeScript is compiled), so only what a module
 * really loads is followed.
 */
const base = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
	forbidden: [
		{
			name: 'scoring-loads-without-zod',
			comment:
				'Loading the scoring module loads no zod, not even through another folder: it imports only types and pure functions (the schemas stay on their own side).',
			severity: 'error',
			from: { path: '^src/lib/scoring/' },
			to: { path: '^node_modules/zod/', reachable: true }
		},
		{
			name: 'files-load-without-svelte',
			comment:
				'The CLI (npm run standings, under tsx) loads src/lib/files: nothing it loads may need Svelte or its runes (the languages of src/lib/i18n are rune state).',
			severity: 'error',
			from: { path: '^src/lib/files/' },
			to: { path: ['^src/lib/i18n/', '[.]svelte([.]ts)?$', '^node_modules/(svelte|@sveltejs)/'], reachable: true }
		}
	],
	options: { ...base.options, tsPreCompilationDeps: false }
};
