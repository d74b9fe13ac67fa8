import { defineConfig } from '@playwright/test';

/** E2E_PORT lets two checkouts run their e2e tests at once (the update test uses the next port). */
const PORT = Number(process.env.E2E_PORT ?? 4173);
const HOST = '127.0.0.1';
/** A fresh data directory for every run (deleted before the server starts). */
const DATA_DIR = 'tests/.tmp/e2e-data';

export default defineConfig({
	testDir: 'tests',
	testMatch: '**/*.spec.ts',
	workers: 1,
	retries: process.env.CI ? 1 : 0,
	forbidOnly: !!process.env.CI,
	reporter: 'list',
	use: {
		baseURL: `http://${HOST}:${PORT}`,
		browserName: 'chromium',
		// `npx playwright install` cannot download here: Debian's Chromium (TOOLCHAIN.md).
		launchOptions: {
			executablePath: '/usr/bin/chromium',
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync'
			]
		}
	},
	webServer: {
		// The production build (npm run build first; scripts/test.sh does).
		command: `rm -rf ${DATA_DIR} && node scripts/start.js`,
		url: `http://${HOST}:${PORT}/api/health`,
		// No ORIGIN: scripts/start.js takes the origin's scheme from the connection (plain HTTP
		// here), so the pairing links the server hands out say http:// (tests/pair-origin.spec.ts).
		env: { PORT: String(PORT), HOST, DATA_DIR },
		reuseExistingServer: false,
		timeout: 60_000,
		stdout: 'pipe',
		stderr: 'pipe'
	}
});
