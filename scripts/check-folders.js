#!/usr/bin/env node
/**
 * The folders of src/lib as wholes (npm run check:deps, in npm test), from dependency-cruiser's
 * JSON on stdin: fails on a loop between top-level folders, on a docs/architecture.md whose
 * folder diagram is not what the code imports, and on a folder the doc's table leaves out.
 * `--write` rewrites the diagram (npm run docs:folders).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { folderEdges } from './folders/edges.js';
import { folderLoops } from './folders/loops.js';
import { mermaidOf } from './folders/diagram.js';

const DOC = 'docs/architecture.md';
const BEGIN = '<!-- folder-diagram: made by npm run docs:folders from what the code imports; npm run check:deps fails when it differs -->';
const END = '<!-- /folder-diagram -->';

const edges = folderEdges(JSON.parse(readFileSync(0, 'utf8')));
const problems = [];

const loops = folderLoops(edges);
if (loops.length) problems.push(`${loops.length} loop(s) between the folders of src/lib:\n${loops.map((l) => `  ${l}`).join('\n\n')}`);

const doc = readFileSync(DOC, 'utf8');
const start = doc.indexOf(BEGIN);
const end = doc.indexOf(END);
if (start < 0 || end < start) problems.push(`${DOC} has lost its diagram's markers (${BEGIN} … ${END})`);
else {
	const drawn = doc.slice(start + BEGIN.length, end).trim();
	const made = mermaidOf(edges);
	if (process.argv.includes('--write')) writeFileSync(DOC, `${doc.slice(0, start + BEGIN.length)}\n${made}\n${doc.slice(end)}`);
	else if (drawn !== made) problems.push(`${DOC}'s folder diagram is not what the code imports: run npm run docs:folders (and say why in the text if the picture changed)`);
}

const untold = [...edges.keys()].filter((folder) => !doc.includes(`| \`${folder}\``));
if (untold.length) problems.push(`${DOC}'s table of folders leaves out ${untold.join(', ')}: add a row on what each holds`);

if (problems.length) {
	for (const problem of problems) console.error(`x ${problem}\n`);
	process.exit(1);
}
console.log(`✔ the ${edges.size} top-level folders of src/lib: no loop; ${DOC} draws what they import`);
