/**
 * What loads at run time (npm run check:deps): type-only imports are left out (they are erased
 * when TypeScript is compiled), so only what a module really loads is followed.
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
		}
	],
	options: { ...base.options, tsPreCompilationDeps: false }
};
