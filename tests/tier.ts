/**
 * Which tier runs (scripts/test.sh): `npm run test:full` sets E2E_FULL=1 and the sweeps run at
 * full size (every screen size, the whole fuzz, 50 tablet kills); `npm test`, the gate, runs a
 * sample of each. Tests that only the full tier runs are tagged FULL_ONLY.
 */
export const FULL = process.env.E2E_FULL === '1';

/** The tag of the tests that `npm test` leaves to `npm run test:full` (scripts/test.sh: --grep-invert). */
export const FULL_ONLY = { tag: '@full' } as const;

/** `gate` in `npm test`, `full` in `npm run test:full`. */
export const sweep = <T>(gate: T, full: T): T => (FULL ? full : gate);
