// A Vitest environment for testing rune modules (`*.svelte.ts`) as the browser runs them: plain
// Node globals (no DOM library), but modules are transformed for the `client` Vite environment,
// so Svelte compiles runes for the client and `$effect` runs. Used by the `runes` test project in
// vite.config.ts (with `resolve.conditions: ['browser']`, so that `svelte` itself is the client
// build). The default `node` environment compiles runes for the server, where effects never run.
import type { Environment } from 'vitest/environments';

const environment: Environment = {
	name: 'node-client',
	viteEnvironment: 'client',
	setup() {
		return { teardown() {} };
	}
};

export default environment;
