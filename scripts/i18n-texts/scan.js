/**
 * Which messages may lose their other languages in the client build (issue 34, one language per
 * load; the plugin is ./plugin.js). A message's text can come from a table of the page's language
 * only if no caller ever asks it for another language: every reference to it in src/ must be a
 * direct call `m.<id>(…)` with at most one top-level argument (the inputs, never the
 * `{ locale }` options). Anything else, a second argument, `m.<id>` used as a value (passed on,
 * stored, compared), keeps all its languages inline. Tests (*.test.ts, *.testkit.ts) are not
 * scanned: they never run in a client build.
 *
 * Messages are only ever reached as `m.<id>` through '$lib/i18n' or Paraglide's messages module;
 * any other use of `m` in a file that imports it (destructuring, `m[key]`, passing `m` on) makes
 * the scan fail, so that a new way of reaching messages is looked at before it is trusted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SOURCE = /\.(ts|js|svelte)$/;
const NOT_SCANNED = /\.(test|testkit|spec)\.ts$|[\\/]paraglide[\\/]/;
/** The import of the messages object `m`: from '$lib/i18n' or from Paraglide's messages module. */
const IMPORTS_M = /import\s*(?:type\s*)?\{[^}]*\bm\b[^}]*\}\s*from\s*['"](?:\$lib\/i18n|[./\w$-]*i18n(?:\/index(?:\.js)?)?|[./\w$-]*paraglide\/messages(?:\.js)?)['"]/;

/** Every scanned source file under `dir`. */
function sources(dir) {
	return readdirSync(dir, { withFileTypes: true, recursive: true })
		.filter((e) => e.isFile() && SOURCE.test(e.name))
		.map((e) => join(e.parentPath, e.name))
		.filter((f) => !NOT_SCANNED.test(f));
}

/**
 * The number of top-level arguments of the call whose `(` is at `open` in `code`, or -1 when the
 * brackets cannot be followed (then the message is kept inline). Strings, template literals and
 * comments are skipped; a template's `${…}` is followed as code.
 */
export function argumentCount(code, open) {
	const stack = [];
	let args = 0;
	let sawToken = false;
	for (let i = open; i < code.length; i++) {
		const c = code[i];
		if (c === '/' && code[i + 1] === '/') {
			i = code.indexOf('\n', i);
			if (i < 0) return -1;
			continue;
		}
		if (c === '/' && code[i + 1] === '*') {
			i = code.indexOf('*/', i + 2) + 1;
			if (i <= 0) return -1;
			continue;
		}
		if (c === '"' || c === "'") {
			for (i++; i < code.length && code[i] !== c; i++) if (code[i] === '\\') i++;
			if (stack.length === 1) sawToken = true;
			continue;
		}
		if (c === '`') {
			stack.push('`');
			continue;
		}
		if (stack.at(-1) === '`') {
			if (c === '\\') i++;
			else if (c === '`') stack.pop();
			else if (c === '$' && code[i + 1] === '{') {
				stack.push('}');
				i++;
			}
			continue;
		}
		if (c === '(' || c === '[' || c === '{') {
			if (stack.length === 1) sawToken = true;
			stack.push(c === '(' ? ')' : c === '[' ? ']' : '}');
			continue;
		}
		if (c === ')' || c === ']' || c === '}') {
			if (stack.pop() !== c) return -1;
			if (stack.length === 0) return sawToken ? args + 1 : 0;
			continue;
		}
		if (stack.length === 1) {
			if (c === ',') {
				// A trailing comma (`f(a,)`) does not start an argument.
				if (!/^\s*\)/.test(code.slice(i + 1, i + 200))) args++;
				else return sawToken ? args + 1 : 0;
			} else if (!/\s/.test(c)) sawToken = true;
		}
	}
	return -1;
}

/**
 * The ids referenced in `files`, each with whether every reference is a direct call with at most
 * one argument. Throws on a use of `m` that is not `m.<id>`.
 * @param {string[]} files
 * @param {(file: string) => string} read
 */
export function scanReferences(files, read = (f) => readFileSync(f, 'utf8')) {
	/** @type {Map<string, boolean>} */
	const direct = new Map();
	for (const file of files) {
		const code = read(file);
		const importsM = IMPORTS_M.test(code);
		if (!importsM) continue;
		// The import itself, and the re-export of `m` by '$lib/i18n' (index.ts).
		const body = code.replace(IMPORTS_M, '').replace(/export\s*\{\s*m\s*\}\s*from\s*['"][^'"]*['"]/, '');
		for (const use of body.matchAll(/(?<![\w$.])m\b(?!\s*\.\s*[A-Za-z_$])/g)) {
			const around = body.slice(Math.max(0, use.index - 40), use.index + 40);
			// `m` as a parameter or variable of its own (`(m) => m.name`) shadows the messages there.
			throw new Error(`i18n-texts: a use of \`m\` that is not \`m.<id>\` in ${file}: …${around}…`);
		}
		for (const ref of body.matchAll(/(?<![\w$.])m\s*\.\s*([A-Za-z_$][\w$]*)/g)) {
			const id = ref[1];
			const after = ref.index + ref[0].length;
			const open = /^\s*\(/.exec(body.slice(after));
			const count = open ? argumentCount(body, after + open[0].length - 1) : -1;
			const ok = count >= 0 && count <= 1;
			direct.set(id, (direct.get(id) ?? true) && ok);
		}
	}
	return direct;
}

/** The ids of the messages whose every reference in `srcDir` is a direct call with at most one argument. */
export function externalisableMessages(srcDir) {
	const refs = scanReferences(sources(srcDir));
	return new Set([...refs].filter(([, ok]) => ok).map(([id]) => id));
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const srcDir = process.argv[2] ?? 'src';
	const refs = scanReferences(sources(srcDir));
	const kept = [...refs].filter(([, ok]) => !ok).map(([id]) => id);
	console.log(`${refs.size} messages referenced; ${refs.size - kept.length} externalisable; kept inline: ${kept.length}`);
	if (process.argv.includes('--kept')) console.log(kept.sort().join('\n'));
}
