/**
 * The imports between the top-level folders of src/lib, from dependency-cruiser's JSON
 * (`depcruise --output-type json`): each folder one node, the shared files at the top of
 * src/lib left out (they import no folder: shared-files-import-no-folder).
 */

/** The top-level folder of src/lib a path lies in, or null. */
export const folderOf = (path) => /^src\/lib\/([^/]+)\//.exec(path ?? '')?.[1] ?? null;

/** folder → (folder it imports → one import that shows it, "from → to"). */
export function folderEdges(cruise) {
	const edges = new Map();
	for (const module of cruise.modules) {
		const from = folderOf(module.source);
		if (!from) continue;
		if (!edges.has(from)) edges.set(from, new Map());
		for (const dep of module.dependencies) {
			const to = folderOf(dep.resolved);
			if (!to || to === from) continue;
			if (!edges.get(from).has(to)) edges.get(from).set(to, `${module.source} → ${dep.resolved}`);
		}
	}
	return edges;
}
