/**
 * The folders' diagram of docs/architecture.md, made from what the code imports: a mermaid
 * flowchart whose arrow reads "imports". An import that a longer path already implies is left
 * out (the transitive reduction), so the picture stays readable and every arrow drawn is a
 * real import; the screens are grouped.
 */

const SCREENS = ['desk', 'display', 'organizer', 'station'];

/**
 * The edges without those a longer path implies.
 * @param {import('./edges.js').FolderEdges} edges
 * @returns {[string, string][]}
 */
export function reducedEdges(edges) {
	/** @type {(from: string, to: string, seen?: Set<string>) => boolean} */
	const reaches = (from, to, seen = new Set()) => {
		for (const next of edges.get(from)?.keys() ?? []) {
			if (next === to) return true;
			if (!seen.has(next)) {
				seen.add(next);
				if (reaches(next, to, seen)) return true;
			}
		}
		return false;
	};
	/** @type {(from: string, to: string) => boolean} */
	const implied = (from, to) => [...(edges.get(from)?.keys() ?? [])].some((via) => via !== to && reaches(via, to));
	/** @type {[string, string][]} */
	const kept = [];
	for (const [from, tos] of edges) for (const to of tos.keys()) if (!implied(from, to)) kept.push([from, to]);
	return kept.sort(([a, b], [c, d]) => a.localeCompare(c) || b.localeCompare(d));
}

/**
 * The mermaid text of the folders and their reduced edges.
 * @param {import('./edges.js').FolderEdges} edges
 */
export function mermaidOf(edges) {
	const folders = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((tos) => [...tos.keys()])])].sort();
	const screens = folders.filter((f) => SCREENS.includes(f));
	const lines = ['```mermaid', 'flowchart TD', '  subgraph screens [the screens, apart from each other]', ...screens.map((s) => `    ${s}`), '  end'];
	for (const [from, to] of reducedEdges(edges)) lines.push(`  ${from} --> ${to}`);
	lines.push('```');
	return lines.join('\n');
}
