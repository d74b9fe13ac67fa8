import { existsSync } from 'node:fs';

/**
 * Which Chromium the browser tests run (Debian's packages: `npx playwright install` cannot
 * download here; TOOLCHAIN.md).
 *
 * - The gate (`npm test`) runs Debian's `chromium-headless-shell` when it is installed: the same
 *   Chromium build (Blink, V8, IndexedDB, the service worker) without the browser's own layer,
 *   which Playwright also uses by default when headless. The whole Playwright section took
 *   290 s with it against 437 s with the full browser on two cores (6 Dec 2026): the browser's
 *   process was a third of the CPU of a run.
 * - The full tier (`E2E_FULL=1`, what CI runs) and `E2E_CHROMIUM=/usr/bin/chromium` run the full
 *   browser, as a tablet has it.
 * - What the headless shell does not have runs on the full browser always (`FULL_CHROMIUM`): the
 *   screen wake lock (its permission is refused there), the tablet kill (a real profile on disk),
 *   and the specs that launch a browser of their own (a camera).
 */
export const FULL_CHROMIUM = '/usr/bin/chromium';
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The Chromium of this run's tests (see above). */
export const TEST_CHROMIUM = process.env.E2E_CHROMIUM ?? (process.env.E2E_FULL || !existsSync(HEADLESS_SHELL) ? FULL_CHROMIUM : HEADLESS_SHELL);

/** The flags every launch takes: no sandbox (root on CI), no GPU, no traffic of the browser's own. */
export const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** For `test.use({ launchOptions: ON_FULL_CHROMIUM })`: the spec runs on the full browser in every tier. */
export const ON_FULL_CHROMIUM = { executablePath: FULL_CHROMIUM, args: LAUNCH_ARGS };
