import { defineConfig } from '@playwright/test';
import { LAUNCH_ARGS, TEST_CHROMIUM } from './tests/chromium';
import { workerBaseURL } from './tests/e2e-servers';

/**
 * Two workers by default (E2E_WORKERS sets another number), each with a production server of
 * its own (tests/e2e-servers.ts: a free port, a fresh data directory): build first
 * (`npm run build`; scripts/test.sh does).
 *
 * Tiers (scripts/test.sh): `npm test` runs every test but those tagged @full; `npm run
 * test:full` runs them all, with E2E_FULL=1 for the sweeps' full sizes (kills, fuzz, sizes).
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
	testDir: 'tests',
	testMatch: '**/*.spec.ts',
	workers: WORKERS,
	// Budgets for a busy machine (two cores shared with the other worker, its server and whatever
	// else runs), not an idle one: a test 60 s, a long scenario test.slow() (three times that) or a
	// budget of its own; an expectation waits up to 15 s for its state.
	timeout: 60_000,
	expect: { timeout: 15_000 },
	globalSetup: './tests/e2e-servers.ts',
	// Retries only on CI, and every retry is reported (scripts/test.sh): a test that needed one is a defect.
	retries: process.env.CI ? 1 : 0,
	forbidOnly: !!process.env.CI,
	reporter: [['list'], ['json', { outputFile: 'tests/.tmp/e2e-report.json' }]],
	use: {
		baseURL: workerBaseURL(),
		browserName: 'chromium',
		// Most specs do not test the service worker, and a context with it allowed costs twice the
		// CPU of one without; the specs that prove offline behaviour allow it (test.use).
		serviceWorkers: 'block',
		// Debian's Chromium (`npx playwright install` cannot download here): its headless shell in the gate, the full browser in the full tier (tests/chromium.ts).
		launchOptions: { executablePath: TEST_CHROMIUM, args: LAUNCH_ARGS }
	}
});
