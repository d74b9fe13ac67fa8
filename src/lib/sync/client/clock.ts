import { measureClockOffset } from '$lib/sync/clock-offset';
import type { ClockReport } from '$lib/contract';
import type { StationDb } from '$lib/db/station-db';
import type { SyncApi } from './api';

/** The latest clock report is kept in `meta` too, so the offset is known after a reload. */
export const CLOCK_KEY = 'sync.clock';

/**
 * This device's clock offset to the server (server − device): measured before a push when
 * the last measurement is older than `everyMs`, sent with pushes, shown in the status.
 */
export class ClockKeeper {
	private latest: ClockReport | null = null;
	private lastTryAt = -Infinity;

	constructor(
		private readonly db: StationDb,
		private readonly clocks: { now(): number; mono(): number },
		private readonly everyMs = 5 * 60_000,
		private readonly exchanges = 5
	) {}

	get report(): ClockReport | null {
		return this.latest;
	}

	/** Reads the report kept from an earlier session. */
	async load(): Promise<void> {
		const value = (await this.db.meta.get(CLOCK_KEY))?.value as ClockReport | undefined;
		if (value && typeof value.offsetMs === 'number' && typeof value.roundTripMs === 'number' && typeof value.measuredAt === 'number') this.latest = value;
	}

	/** Measures again when due; the report to send (the previous one when this try failed). */
	async maybeMeasure(api: SyncApi): Promise<ClockReport | null> {
		const now = this.clocks.now();
		if (now - this.lastTryAt < this.everyMs) return this.latest;
		this.lastTryAt = now;
		// When the first exchange cannot reach the server the others would not either: skip them
		// instead of waiting for each to fail.
		let unreachable = false;
		const offset = await measureClockOffset(
			async () => {
				if (unreachable) throw new Error('unreachable');
				try {
					return await api.time();
				} catch (e) {
					unreachable = true;
					throw e;
				}
			},
			this.exchanges,
			{ wall: () => this.clocks.now(), mono: () => this.clocks.mono() }
		);
		if (!offset) {
			this.lastTryAt = -Infinity; // try again next time
			return this.latest;
		}
		this.latest = { offsetMs: offset.offsetMs, roundTripMs: offset.roundTripMs, measuredAt: Math.round(now) };
		await this.db.meta.put({ key: CLOCK_KEY, value: this.latest });
		return this.latest;
	}
}
