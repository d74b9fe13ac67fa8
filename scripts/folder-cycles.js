#!/usr/bin/env node
/**
 * The top-level folders of src/lib depend one way (issue 31 #3): reads dependency-cruiser's JSON
 * (stdin: `depcruise --output-type json`), takes each folder under src/lib as one node, and fails
 * on any loop between them. .dependency-cruiser.cjs's no-folder-cycles compares leaf folders, so
 * a loop through sub-folders (before issue 31: device → sync/contract, sync/client → device) passed it.
 * LAYERS in .dependency-cruiser.cjs orders the folders so that no loop can form; this check
 * stays as the proof on what the code really imports.
 */
import { readFileSync } from 'node:fs';

const cruise = JSON.parse(readFileSync(0, 'utf8'));
const folderOf = (path) => /^src\/lib\/([^/]+)\//.exec(path ?? '')?.[1] ?? null;

/** folder → folders it imports, with one import that shows it. */
const edges = new Map();
for (const module of cruise.modules) {
	const from = folderOf(module.source);
	if (!from) continue;
	for (const dep of module.dependencies) {
		const to = folderOf(dep.resolved);
		if (!to || to === from) continue;
		if (!edges.has(from)) edges.set(from, new Map());
		if (!edges.get(from).has(to)) edges.get(from).set(to, `${module.source} → ${dep.resolved}`);
	}
}

const loops = [];
const state = new Map();
const path = [];
function visit(folder) {
	state.set(folder, 'open');
	path.push(folder);
	for (const next of edges.get(folder)?.keys() ?? []) {
		if (state.get(next) === 'open') {
			const loop = [...path.slice(path.indexOf(next)), next];
			loops.push(loop.map((f, i) => (i + 1 < loop.length ? `${f} (${edges.get(f).get(loop[i + 1])})` : f)).join('\n    → '));
		} else if (!state.has(next)) visit(next);
	}
	path.pop();
	state.set(folder, 'done');
}
for (const folder of edges.keys()) if (!state.has(folder)) visit(folder);

if (loops.length) {
	console.error(`x ${loops.length} loop(s) between the folders of src/lib:\n`);
	for (const loop of loops) console.error(`  ${loop}\n`);
	process.exit(1);
}
console.log(`✔ no loop between the ${edges.size} top-level folders of src/lib`);
