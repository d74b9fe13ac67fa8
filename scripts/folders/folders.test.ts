import { describe, expect, it } from 'vitest';
import { folderEdges } from './edges.js';
import { folderLoops } from './loops.js';
import { mermaidOf, reducedEdges } from './diagram.js';

/** dependency-cruiser's JSON for imports written "from-file → to-file". */
function cruise(...imports: string[]) {
	const modules = new Map<string, { source: string; dependencies: { resolved: string }[] }>();
	for (const line of imports) {
		const [source, resolved] = line.split(' → ') as [string, string];
		if (!modules.has(source)) modules.set(source, { source, dependencies: [] });
		modules.get(source)!.dependencies.push({ resolved });
	}
	return { modules: [...modules.values()] };
}

describe('the folders of src/lib as wholes (issue 31 #3, #7)', () => {
	it('takes each top-level folder as one node: imports inside a folder, of the shared files and of npm packages are not edges', () => {
		const edges = folderEdges(
			cruise('src/lib/sync/client/a.ts → src/lib/sync/ui/b.ts', 'src/lib/sync/a.ts → src/lib/validation.ts', 'src/lib/sync/a.ts → node_modules/dexie/x.js', 'src/lib/sync/client/a.ts → src/lib/db/log.ts')
		);
		expect([...(edges.get('sync')?.keys() ?? [])]).toEqual(['db']);
	});

	it('finds a loop that passes through sub-folders, naming an import for each step', () => {
		const loops = folderLoops(folderEdges(cruise('src/lib/device/mode.ts → src/lib/sync/contract/x.ts', 'src/lib/sync/client/browser.ts → src/lib/device/mode.ts')));
		expect(loops).toHaveLength(1);
		expect(loops[0]).toContain('src/lib/sync/client/browser.ts → src/lib/device/mode.ts');
		expect(folderLoops(folderEdges(cruise('src/lib/sync/client/browser.ts → src/lib/device/mode.ts')))).toEqual([]);
	});

	it('draws only the imports that no longer path implies, and every import drawn is real', () => {
		const edges = folderEdges(cruise('src/lib/station/a.ts → src/lib/scoring/b.ts', 'src/lib/station/a.ts → src/lib/results/c.ts', 'src/lib/results/c.ts → src/lib/scoring/b.ts'));
		expect(reducedEdges(edges)).toEqual([
			['results', 'scoring'],
			['station', 'results']
		]);
		expect(mermaidOf(edges)).toContain('subgraph screens');
		expect(mermaidOf(edges)).toContain('  station --> results');
		expect(mermaidOf(edges)).not.toContain('station --> scoring');
	});
});
