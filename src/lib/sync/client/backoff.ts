/**
 * Exponential backoff with full jitter: after the n-th failure in a row the next try waits a
 * random time between 0 and min(cap, base · 2^(n−1)). Spreading retries over the whole window
 * keeps twenty tablets that lost the server together from coming back together.
 */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 60_000;

/** The window after `failures` failures in a row (≥ 1). */
export function backoffCap(failures: number, baseMs = BACKOFF_BASE_MS, capMs = BACKOFF_CAP_MS): number {
	const exponent = Math.min(Math.max(failures, 1) - 1, 30);
	return Math.min(capMs, baseMs * 2 ** exponent);
}

/** The delay before the next try: `random()` (in [0, 1)) times the window. */
export function backoffDelay(failures: number, random: () => number, baseMs = BACKOFF_BASE_MS, capMs = BACKOFF_CAP_MS): number {
	return random() * backoffCap(failures, baseMs, capMs);
}
