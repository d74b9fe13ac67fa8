/**
 * An action the organizer starts with a tap (publish, save a rule, record a tie-break): busy
 * while it runs (its controls are disabled meanwhile), then what came of it, the message it
 * returned or the error's, in place of the last one.
 */
export class PendingAction {
	busy = $state(false);
	/** What the last run said when it went through; null while running and after a failure. */
	done = $state<string | null>(null);
	/** The last run's error; null while running and after a success. */
	failure = $state<string | null>(null);

	/** Runs it; true when it went through. A second tap while busy does nothing. */
	async run(action: () => Promise<string | null | void>): Promise<boolean> {
		if (this.busy) return false;
		this.busy = true;
		this.clear();
		try {
			this.done = (await action()) ?? null;
			return true;
		} catch (e) {
			this.failure = e instanceof Error ? e.message : String(e);
			return false;
		} finally {
			this.busy = false;
		}
	}

	/** Forgets what the last run said. */
	clear(): void {
		this.done = null;
		this.failure = null;
	}
}
