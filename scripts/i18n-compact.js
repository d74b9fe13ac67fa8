/**
 * Rewrites Paraglide's message modules (src/lib/i18n/paraglide/messages/*.js) in a smaller form,
 * after `paraglide-js compile` (npm run i18n:compile runs both). Issue 34: the station's first
 * load carries ≈ 100 messages, and Paraglide compiles each into three functions plus a
 * function that picks one of them by an if-chain (`locale === "cs" ? … : …`): after
 * minification that picker, repeated per message with different names, is a large share of
 * the messages' gzipped bytes, and a message without parameters is a function where a
 * string would do.
 *
 * Here each message is one call of a shared picker over its locales' texts, in the order of
 * `locales` (project.inlang/settings.json): a plain string for a text without parameters,
 * Paraglide's own compiled function otherwise (plurals, parameters: the same code as
 * before). Same behaviour: `options.locale`, else `getLocale()`; a locale that is not one of
 * ours gives the base locale's text, as Paraglide's if-chain did; a missing translation
 * takes the fallback Paraglide would take. The types of the exports are Paraglide's own.
 * Messages with markup (`.parts()`) are left as Paraglide wrote them (the app has none).
 *
 *   node scripts/i18n-compact.js [--silent] [--watch] [project.inlang] [outdir]
 */
import { execSync } from 'node:child_process';
import fs, { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadProjectFromDirectory, selectBundleNested } from '@inlang/sdk';
import { compileBundle } from '@inlang/paraglide-js';

const [projectArg = './project.inlang', outdirArg = './src/lib/i18n/paraglide'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const projectPath = resolve(projectArg);
const outdir = resolve(outdirArg);

/** The picker every compacted message calls (one module, shared). */
const PICKER = `/* eslint-disable */
// Written by scripts/i18n-compact.js: the one locale picker of every message (see there).
import { getLocale, experimentalStaticLocale, locales, baseLocale } from './runtime.js';

const BASE = locales.indexOf(baseLocale);

/**
 * Where the locale of a message called without \`options.locale\` comes from. On the server (and in
 * Node outside Vite: the CLIs) Paraglide's \`getLocale\`, which knows the request's locale. In a
 * Vite client build the app's locale state, given by \`setMessageLocale\` (src/lib/i18n/locale.svelte.ts
 * gives it at start, where it also points Paraglide's \`getLocale\` at it): so the browser's bundle
 * does not carry Paraglide's \`getLocale\` with its strategies, cookie and URL code. Until it is
 * given (a client-compiled module without a window: the runes tests) the base locale, which is
 * what Paraglide's \`getLocale\` answers there.
 */
const ON_SERVER = import.meta.env ? import.meta.env.SSR : true;
/** @type {() => string} */
let clientLocale = () => baseLocale;

/** The locale of messages in the browser (called once, at start, by the app's locale state). @param {() => string} get */
export const setMessageLocale = (get) => {
	clientLocale = get;
};

/**
 * A message from its texts, one per locale in the order of \`locales\`: a string, or a function of the inputs.
 * @param {ReadonlyArray<string | ((inputs: any) => string)>} texts
 * @returns {any}
 */
export const message = (texts) =>
	/** @type {(inputs?: any, options?: { locale?: string }) => string} */
	((inputs, options = {}) => {
		const at = locales.indexOf(/** @type {any} */ (experimentalStaticLocale ?? options.locale ?? (ON_SERVER ? getLocale() : clientLocale())));
		const text = /** @type {string | ((inputs: any) => string)} */ (texts[at < 0 ? BASE : at]);
		return typeof text === 'string' ? text : text(inputs);
	});
`;

function isPlainText(message) {
	return message.variants.length === 1 && message.variants[0].matches.length === 0 && message.variants[0].pattern.every((p) => p.type === 'text');
}

/** Rewrites the message modules Paraglide has just written. */
async function compact() {
	const project = await loadProjectFromDirectory({ path: projectPath, fs });
	try {
		const settings = await project.settings.get();
		const bundles = await selectBundleNested(project.db).execute();
		const locales = settings.locales;
		// Paraglide's fallback: a locale's language without its region, else the base locale.
		const fallbackOf = (locale) => {
			const language = locale.split('-')[0];
			if (language !== locale && locales.includes(language)) return language;
			return locale === settings.baseLocale ? undefined : settings.baseLocale;
		};
		const fallbackMap = Object.fromEntries(locales.map((l) => [l, fallbackOf(l)]));
		let compacted = 0;
		for (const bundle of bundles) {
			const compiled = compileBundle({ bundle, fallbackMap, messageReferenceExpression: (l, id) => `${l}_${id}`, settings });
			const id = bundle.id;
			const path = join(outdir, 'messages', `${id}.js`);
			// Only the plain case: a safe identifier and no markup; anything else stays as Paraglide wrote it.
			if (!/^[A-Za-z_$][\w$]*$/.test(id) || compiled.bundle.code.includes('parts:')) continue;
			const type = /export const \w+ = \/\*\* @type \{(.*)\} \*\/ \(\(inputs/.exec(compiled.bundle.code)?.[1];
			if (!type) throw new Error(`i18n-compact: unexpected Paraglide output for ${id}`);
			const byLocale = Object.fromEntries(bundle.messages.map((m) => [m.locale, m]));
			const textOf = (locale, seen = new Set()) => {
				const message = byLocale[locale];
				if (message) {
					if (bundle.declarations.length === 0 && isPlainText(message)) return JSON.stringify(message.variants[0].pattern.map((p) => p.value).join(''));
					return compiled.messages[locale].code.trim().replace(/;$/, '');
				}
				const fallback = fallbackMap[locale];
				if (fallback && !seen.has(fallback)) return textOf(fallback, seen.add(locale));
				return JSON.stringify(id);
			};
			const registry = locales.some((l) => byLocale[l] && compiled.messages[l].code.includes('registry.'));
			const file = [
				'/* eslint-disable */',
				registry ? "import * as registry from '../registry.js'" : '',
				"import { message } from '../message.js';",
				'',
				"/** @typedef {import('../runtime.js').LocalizedString} LocalizedString */",
				inputsTypedef(path, compiled.inputTypeAliasName),
				'',
				`export const ${id} = /** @type {${type}} */ (/* @__PURE__ */ message([`,
				locales.map((l) => `\t${textOf(l)}`).join(',\n'),
				']));',
				''
			]
				.filter((line, i) => line !== '' || i > 1)
				.join('\n');
			writeFileSync(path, file);
			compacted++;
		}
		writeFileSync(join(outdir, 'message.js'), PICKER);
		if (!process.argv.includes('--silent')) console.log(`i18n-compact: ${compacted} of ${bundles.length} messages`);
	} finally {
		await project.close();
	}
}

if (process.argv.includes('--watch')) {
	// \`npm run i18n:watch\`: Paraglide's compile and this rewrite again on every change of a catalog
	// (Paraglide's own --watch would leave its form, without ./message.js, which locale.svelte.ts imports).
	const compileAll = async () => {
		execSync('npm run -s i18n:paraglide', { stdio: 'inherit' });
		await compact();
	};
	await compileAll();
	let timer;
	let running = Promise.resolve();
	fs.watch(resolve('messages'), () => {
		clearTimeout(timer);
		timer = setTimeout(() => {
			running = running.then(compileAll).catch((e) => console.error(e));
		}, 200);
	});
	console.log('i18n-compact: watching messages/ (Ctrl-C to stop)');
} else {
	await compact();
}

/** The inputs' typedef line, as Paraglide's own module for the message declares it. */
function inputsTypedef(path, name) {
	const line = readFileSync(path, 'utf8')
		.split('\n')
		.find((l) => l.startsWith('/** @typedef {') && l.endsWith(`} ${name} */`));
	if (!line) throw new Error(`i18n-compact: no typedef ${name} in ${path}`);
	return line;
}
