// The security headers of everything `npm start` answers (src/lib/server/security-policy.js),
// set before adapter-node's handler runs: its static files and prerendered pages never reach
// SvelteKit's `handle`. SvelteKit's own answers replace the Content-Security-Policy set here
// with theirs (a page's, with its inline scripts' hashes).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { BASE_CSP, SECURITY_HEADERS, policyOfPrerenderedPage } from '../src/lib/server/security-policy.js';

/**
 * The policy of each prerendered page, by the paths adapter-node serves it under (`/station`
 * and `/station.html` for `station.html`, `/` for `index.html`), read from the `<meta>` tag
 * SvelteKit wrote into it (kit.csp) and completed with frame-ancestors.
 * @param {string} dir the build's `prerendered` directory
 * @returns {Map<string, string>}
 */
export function prerenderedPolicies(dir) {
	/** @type {Map<string, string>} */
	const policies = new Map();
	/** @param {string} folder */
	const walk = (folder) => {
		/** @type {import('node:fs').Dirent[]} */
		let items;
		try {
			items = readdirSync(folder, { withFileTypes: true });
		} catch {
			return;
		}
		for (const item of items) {
			const file = join(folder, item.name);
			if (item.isDirectory()) walk(file);
			else if (item.name.endsWith('.html')) {
				const policy = policyOfPrerenderedPage(readFileSync(file, 'utf8'));
				if (!policy) continue;
				const path = `/${relative(dir, file).split(sep).join('/')}`;
				policies.set(path, policy);
				const page = path.slice(0, -'.html'.length).replace(/\/index$/, '') || '/';
				policies.set(page, policy);
			}
		}
	};
	walk(dir);
	return policies;
}

/**
 * A function that sets the security headers on a response before anything is written: the
 * prerendered page's own policy for its paths, the base policy for everything else.
 * @param {string} prerenderedDir
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void}
 */
export function securityHeaders(prerenderedDir) {
	const policies = prerenderedPolicies(prerenderedDir);
	return (req, res) => {
		for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
		let path = (req.url ?? '/').split('?', 1)[0] ?? '/';
		try {
			path = decodeURIComponent(path);
		} catch {
			// Not a valid escape: no prerendered page has that name.
		}
		res.setHeader('content-security-policy', policies.get(path) ?? BASE_CSP);
	};
}
