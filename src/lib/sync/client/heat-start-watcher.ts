import type { HeatStart } from '$lib/contract';
import type { Timers, TimerHandle } from './environment';

export interface HeatStartWatcherOptions {
	/** The event's organizer starts after a cursor (SyncApi.heatStarts). */
	fetchStarts(after: number): Promise<HeatStart[]>;
	competitionId: string;
	heatId: string;
	/** Called once, with the organizer's start of this heat. */
	onStart(start: HeatStart): void;
	timers: Timers;
	/** How often to ask while the heat waits (default 2 s: a start should reach every table at once). */
	intervalMs?: number;
}

/**
 * Asks the server, while a tablet's heat waits for its start, whether the organizer started
 * it for every station. Failures (offline, server down) are quiet: it asks again at the next
 * tick, and the judge can always start the heat by hand.
 */
export class HeatStartWatcher {
	private cursor = 0;
	private timer: TimerHandle | null = null;
	private stopped = false;
	private readonly intervalMs: number;

	constructor(private readonly options: HeatStartWatcherOptions) {
		this.intervalMs = options.intervalMs ?? 2000;
	}

	start(): void {
		void this.tick();
	}

	stop(): void {
		this.stopped = true;
		if (this.timer !== null) this.options.timers.clearTimeout(this.timer);
		this.timer = null;
	}

	private async tick(): Promise<void> {
		this.timer = null;
		if (this.stopped) return;
		try {
			const starts = await this.options.fetchStarts(this.cursor);
			for (const s of starts) this.cursor = Math.max(this.cursor, s.seq);
			// The latest start of this heat counts (an organizer may have started it again by mistake: one start).
			const mine = starts.filter((s) => s.competitionId === this.options.competitionId && s.heatId === this.options.heatId).at(-1);
			if (mine && !this.stopped) {
				this.stop();
				this.options.onStart(mine);
				return;
			}
		} catch {
			// Unreachable or refused: ask again later.
		}
		if (!this.stopped) this.timer = this.options.timers.setTimeout(() => void this.tick(), this.intervalMs);
	}
}
