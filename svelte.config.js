import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

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
		// svelte-check and tsc also cover the CLI, benchmarks and tool configs.
		typescript: {
			config: (config) => {
				config.include.push('../scripts/**/*.ts', '../bench/**/*.ts', '../playwright.config.ts');
			}
		}
	}
};

export default config;
