import type { Store } from './store';

/**
 * Group commit: writes that arrive together (several tablets pushing at once) share one SQLite
 * transaction, and so one sync to disk, instead of one each. Each write still runs in a
 * savepoint of its own, so one that fails takes nothing else with it, and every caller hears
 * back only after the shared commit: acknowledged still means durable.
 */
export class GroupCommit {
	private pending: { run: () => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void }[] = [];
	private scheduled = false;

	/**
	 * `windowMs`: how long a group waits for more writes (0: only those of the same turn of the
	 * event loop); `afterCommit`: called after each group's commit.
	 */
	constructor(
		private readonly store: Store,
		private readonly windowMs = 0,
		private readonly afterCommit?: () => void
	) {}

	/** Runs `write` in the next group's transaction; resolves with its result after the commit. */
	submit<T>(write: () => T): Promise<T> {
		return new Promise<T>((resolve, reject) => {
			this.pending.push({ run: write, resolve: resolve as (value: unknown) => void, reject });
			if (!this.scheduled) {
				this.scheduled = true;
				// After the I/O of this turn of the event loop: requests whose bodies arrived together join.
				if (this.windowMs > 0) setTimeout(() => this.flush(), this.windowMs);
				else setImmediate(() => this.flush());
			}
		});
	}

	private flush(): void {
		this.scheduled = false;
		const group = this.pending;
		this.pending = [];
		const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
		try {
			this.store.transaction(() => {
				for (const write of group) {
					try {
						outcomes.push({ ok: true, value: this.store.transaction(write.run) });
					} catch (error) {
						outcomes.push({ ok: false, error });
					}
				}
			});
		} catch (error) {
			// The commit itself failed: nothing of the group is stored, every caller hears so.
			for (const write of group) write.reject(error);
			return;
		}
		this.afterCommit?.();
		group.forEach((write, i) => {
			const outcome = outcomes[i]!;
			if (outcome.ok) write.resolve(outcome.value);
			else write.reject(outcome.error);
		});
	}
}
