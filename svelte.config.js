import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		adapter: adapter(),
		// The PWA plugin registers its own worker (TOOLCHAIN.md): SvelteKit must not add a second.
		serviceWorker: { register: false }
	}
};

export default config;
