import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { CSP_DIRECTIVES } from './src/lib/server/security-policy.js';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		adapter: adapter(),
		// The PWA plugin registers its own worker (TOOLCHAIN.md): SvelteKit must not add a second.
		serviceWorker: { register: false },
		// SvelteKit's check of cross-site form posts runs before any hook and answers in plain
		// text, /api included: it is done in a hook instead (src/lib/server/form-csrf.ts, for the
		// pages; /api takes JSON bodies only, src/lib/server/api-request.ts).
		csrf: { trustedOrigins: ['*'] },
		// Absolute asset paths: the service worker serves the prerendered /station shell for
		// client-only routes below it too (navigateFallback), where relative paths would break.
		paths: { relative: false },
		// The Content-Security-Policy (src/lib/server/security-policy.js). Hashes, not nonces: the
		// prerendered pages (the station, served offline by the worker) carry the sha256 of their
		// inline start script in a <meta> tag, which scripts/start.js also sends as the header.
		csp: { mode: 'hash', directives: CSP_DIRECTIVES },
		// svelte-check and tsc also cover the CLI, benchmarks and tool configs.
		typescript: {
			config: (config) => {
				config.include.push('../scripts/**/*.ts', '../bench/**/*.ts', '../playwright.config.ts');
			}
		}
	}
};

export default config;
