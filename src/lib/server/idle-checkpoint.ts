import type { Store } from './store';

/**
 * Copies the write-ahead log into the database file when pushes pause, not in the middle of a
 * reconnect storm. SQLite checkpoints by itself once the log passes `wal_autocheckpoint` pages,
 * on the connection that just committed, i.e. on the thread every push waits for; the default
 * of 1,000 pages (4 MiB, about 13,000 events) makes a storm stop for a checkpoint every few
 * hundred milliseconds. Here the log may grow to `burstPages` during a burst, and a passive
 * checkpoint runs once no write has come for `idleMs` (2 s: organizers' devices are still
 * pulling the end of a storm for a moment after its last push). A checkpoint never risks a committed
 * write: the log itself is durable (synchronous = FULL).
 */
export class IdleCheckpoint {
	private lastWrite = 0;
	private dirty = false;
	private timer: ReturnType<typeof setTimeout> | undefined;
	/** Passive checkpoints run so far (for tests and diagnostics). */
	runs = 0;

	constructor(
		private readonly store: Store,
		private readonly idleMs = 2_000,
		burstPages = 16_384
	) {
		store.db.pragma(`wal_autocheckpoint = ${burstPages}`);
	}

	/** A write was committed. */
	wrote(now: number = Date.now()): void {
		this.lastWrite = now;
		this.dirty = true;
		this.arm();
	}

	/** Checkpoints when the last write is `idleMs` old; otherwise waits again. */
	tick(now: number = Date.now()): void {
		if (!this.dirty || !this.store.db.open) return;
		if (now - this.lastWrite < this.idleMs) return this.arm();
		this.dirty = false;
		this.store.db.pragma('wal_checkpoint(PASSIVE)');
		this.runs++;
	}

	stop(): void {
		clearTimeout(this.timer);
		this.timer = undefined;
	}

	private arm(): void {
		if (this.timer) return;
		this.timer = setTimeout(() => {
			this.timer = undefined;
			this.tick();
		}, this.idleMs);
		// A pending checkpoint must not keep the process alive.
		this.timer.unref?.();
	}
}
