/**
 * Loops between the top-level folders of src/lib (issue 31 #3). .dependency-cruiser.cjs's
 * no-folder-cycles compares leaf folders, so a loop through sub-folders (before issue 31:
 * device → sync/contract, sync/client → device) passed it; LAYERS there orders the folders so
 * that no loop can form, and this check stays as the proof on what the code really imports.
 */

/**
 * Each loop as its steps, each step naming one import that makes it.
 * @param {import('./edges.js').FolderEdges} edges
 * @returns {string[]}
 */
export function folderLoops(edges) {
	/** @type {string[]} */
	const loops = [];
	/** @type {Map<string, 'open' | 'done'>} */
	const state = new Map();
	/** @type {string[]} */
	const path = [];
	/** @param {string} folder */
	function visit(folder) {
		state.set(folder, 'open');
		path.push(folder);
		for (const next of edges.get(folder)?.keys() ?? []) {
			if (state.get(next) === 'open') {
				const loop = [...path.slice(path.indexOf(next)), next];
				loops.push(loop.map((f, i) => (i + 1 < loop.length ? `${f} (${edges.get(f)?.get(loop[i + 1] ?? '')})` : f)).join('\n    → '));
			} else if (!state.has(next)) visit(next);
		}
		path.pop();
		state.set(folder, 'done');
	}
	for (const folder of edges.keys()) if (!state.has(folder)) visit(folder);
	return loops;
}
