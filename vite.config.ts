import { sveltekit } from '@sveltejs/kit/vite';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
import { defineConfig } from 'vitest/config';
import { routeTablePreload } from './scripts/route-table-preload.js';
import { stationChunkGroups, stationChunks } from './scripts/station-chunks.js';

/** Theme colour of the app (the favicon's blue) and of the splash screen behind it. */
const THEME_COLOR = '#1d4ed8';
const BACKGROUND_COLOR = '#fafafa';

/** Unit tests of rune modules that need client-compiled Svelte (effects). */
const RUNE_TESTS = [
	'src/lib/pwa/**/*.svelte.test.ts',
	'src/lib/device/**/*.svelte.test.ts',
	'src/lib/session/**/*.svelte.test.ts',
	'src/lib/organizer/organizer-session.svelte.test.ts',
	'src/lib/station/station-screen.svelte.test.ts'
];

export default defineConfig({
	build: {
		// Source maps only on request, to attribute the station's bytes (bench/station-js.ts).
		sourcemap: process.env.BUILD_SOURCEMAP === '1',
		// zod in one chunk of its own: the station's first load has none of it, and the pieces that
		// load it later (a heat, a set-up, a pairing) share that one file instead of each a part.
		rollupOptions: { output: { codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 40 }, ...stationChunkGroups] } } },
		// SvelteKit's route table without the list of every route's files (scripts/route-table-preload.js).
		modulePreload: { resolveDependencies: routeTablePreload }
	},
	plugins: [
		stationChunks(),
		sveltekit(),
		// The offline part of the judge station (TOOLCHAIN.md, "PWA with SvelteKit"). The worker
		// precaches the client build and the prerendered pages; `/station` is a prerendered,
		// client-rendered shell, so it (and any client-only route below it) opens offline.
		SvelteKitPWA({
			strategies: 'generateSW',
			// An update is offered (src/lib/pwa/update.svelte.ts), never applied by itself: the new
			// worker waits until the judge presses "Reload", which the station blocks during a heat.
			registerType: 'prompt',
			// Registered by hand from the root layout (src/lib/pwa/register-sw.ts).
			injectRegister: false,
			manifest: {
				id: '/station',
				name: 'Puzzle judge',
				short_name: 'Judge',
				description: 'Judging and timing for jigsaw-puzzle speed competitions, offline on a tablet',
				lang: 'en',
				start_url: '/station',
				scope: '/',
				display: 'standalone',
				orientation: 'any',
				theme_color: THEME_COLOR,
				background_color: BACKGROUND_COLOR,
				icons: [
					{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
					{ src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
					{ src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
					{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }
				]
			},
			workbox: {
				globPatterns: [
					// Not `client/_app/version.json` (it must come from the server to detect updates).
					'client/**/*.{js,css,html,ico,png,svg,webp,woff,woff2,webmanifest}',
					'prerendered/**/*.{html,json}'
				],
				// The first install takes the open page at once, so a first visit is enough to work
				// offline. Later versions still wait for "Reload" (no skipWaiting).
				clientsClaim: true,
				cleanupOutdatedCaches: true,
				// Client-only routes (ssr = false, data in IndexedDB) get the prerendered station
				// shell; svelte.config.js sets `paths.relative: false` so the shell works at any depth.
				// The room display too: `/display?competition=…&heat=…` is not in the precache as such.
				navigateFallback: '/station',
				navigateFallbackAllowlist: [/^\/station(?:[/?]|$)/, /^\/display(?:[/?]|$)/],
				navigateFallbackDenylist: [/^\/api\//],
				runtimeCaching: [
					{
						// Server-rendered pages (the start page `/`): always from the server, so the
						// data is never stale. Offline they redirect to the station. The functions are
						// copied into the worker as source: they must not use anything from this file.
						urlPattern: ({ request, url }) =>
							request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
						handler: 'NetworkOnly',
						options: {
							plugins: [{ handlerDidError: async () => Response.redirect('/station', 302) }]
						}
					}
				]
			}
		})
	],
	test: {
		// Both cores (vitest's default leaves one free: half the speed on these 2-core machines).
		maxWorkers: 2,
		// A budget for a busy machine: the slowest unit tests take 1–2 s idle (a restore of 20,000
		// events, the CLIs), and vitest's 5 s default was once overrun under load.
		testTimeout: 30_000,
		projects: [
			{
				extends: true,
				test: {
					name: 'unit',
					include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
					exclude: [...RUNE_TESTS, '**/node_modules/**'],
					environment: 'node',
					// One module graph per worker, not per file: the import of the modules was two thirds
					// of the run. The tests share no global state (each opens its own store or database).
					isolate: false
				}
			},
			{
				// Rune classes tested as the browser runs them (client-compiled, so $effect runs), in
				// plain Node without a DOM library: see src/lib/pwa/testing/client-environment.ts.
				extends: true,
				resolve: { conditions: ['browser'] },
				test: {
					name: 'runes',
					include: RUNE_TESTS,
					environment: './src/lib/pwa/testing/client-environment.ts'
				}
			},
			{
				// The API over real HTTP (tests/http): each worker sends its files' requests to a production
				// server of its own, which tests/http/servers.ts starts (build first: `npm run build`).
				extends: true,
				test: {
					name: 'http',
					include: ['tests/http/**/*.test.ts'],
					environment: 'node',
					globalSetup: ['tests/http/servers.ts'],
					setupFiles: ['tests/http/worker-server.ts'],
					// A fresh module graph per file: each file has its own RUN (tests/sync-kit.ts) and its
					// module state (fixtures, second servers) is never seen by the next file.
					isolate: true,
					// The Playwright suite's budgets (playwright.config.ts): for a busy machine, not an idle one.
					testTimeout: 60_000,
					hookTimeout: 60_000
				}
			}
		]
	}
});
