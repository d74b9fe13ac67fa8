import { sweepEvidence } from './evidence';
import type { Store } from './store';

/**
 * The retention's clock (evidence.ts): every event's photos are erased once their time has come,
 * checked when the server starts and then every hour. The timer is unref'd: it never keeps the
 * process alive. The clock and timers are injected so that a test can move time.
 */

export const SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface SweepClock {
	now(): number;
	setInterval(run: () => void, ms: number): unknown;
	clearInterval(handle: unknown): void;
}

const realClock: SweepClock = {
	now: () => Date.now(),
	setInterval: (run, ms) => {
		const handle = setInterval(run, ms);
		handle.unref?.();
		return handle;
	},
	clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>)
};

/** Sweeps now and then every `SWEEP_EVERY_MS`; returns what stops it. A failed sweep is logged and tried again next time. */
export function startEvidenceSweep(store: Store, clock: SweepClock = realClock): () => void {
	const sweep = () => {
		try {
			if (!store.db.open) return;
			const erased = sweepEvidence(store, clock.now());
			if (erased.length > 0) console.log(`Evidence photos erased at the end of their retention: events ${erased.join(', ')}`);
		} catch (e) {
			console.error(`The evidence sweep failed (tried again in an hour): ${e instanceof Error ? e.message : String(e)}`);
		}
	};
	sweep();
	const handle = clock.setInterval(sweep, SWEEP_EVERY_MS);
	return () => clock.clearInterval(handle);
}
