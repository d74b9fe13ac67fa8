/**
 * The imports between the top-level folders of src/lib, from dependency-cruiser's JSON
 * (`depcruise --output-type json`): each folder one node, the shared files at the top of
 * src/lib left out (they import no folder: shared-files-import-no-folder).
 */

/**
 * The top-level folder of src/lib a path lies in, or null.
 * @param {string | undefined} path
 * @returns {string | null}
 */
export const folderOf = (path) => /^src\/lib\/([^/]+)\//.exec(path ?? '')?.[1] ?? null;

/** @typedef {Map<string, Map<string, string>>} FolderEdges folder → (folder it imports → one import that shows it, "from → to") */

/**
 * @param {{ modules: { source: string; dependencies: { resolved: string }[] }[] }} cruise
 * @returns {FolderEdges}
 */
export function folderEdges(cruise) {
	/** @type {FolderEdges} */
	const edges = new Map();
	for (const module of cruise.modules) {
		const from = folderOf(module.source);
		if (!from) continue;
		const tos = edges.get(from) ?? new Map();
		edges.set(from, tos);
		for (const dep of module.dependencies) {
			const to = folderOf(dep.resolved);
			if (!to || to === from) continue;
			if (!tos.has(to)) tos.set(to, `${module.source} → ${dep.resolved}`);
		}
	}
	return edges;
}
