import { decimalSeparator, formatTime, m } from '$lib/i18n';
import type { JudgeEvent } from '$lib/events/schema';
import { entryClock } from '$lib/results/entry-clock';
import { formatResultTime } from '$lib/results/result-time';
import type { Entry } from '$lib/setup/schema';
import type { ConflictContext } from './conflict-context';

type Reading = (at: number) => number | null;

/**
 * How a conflict says a moment: the entry's clock as the tablet that recorded it showed it
 * (from that tablet's own start, entry-clock.ts), else the tablet's time of day.
 */
export class ConflictTimes {
	/** Each tablet's clock of the entry, made when first asked for. */
	private readonly clocks = new Map<string, Reading>();

	constructor(
		private readonly ctx: Pick<ConflictContext, 'setup' | 'locale' | 'timeZone'>,
		private readonly entry: Entry | undefined,
		/** The events of the entry and of its heat. */
		private readonly scope: readonly JudgeEvent[]
	) {}

	/** The tablet's time of day, "10:31:03.103" (the milliseconds when the ruleset records them). */
	dayTime(at: number): string {
		const { locale, timeZone, setup } = this.ctx;
		return formatTime(at, { locale, timeZone, hour12: false }) + (setup.ruleset.timeResolution === 'ms' ? decimalSeparator(locale) + String(at % 1000).padStart(3, '0') : '');
	}

	/** The entry's clock on tablet `deviceId` at `at`, else the tablet's time of day. */
	time(deviceId: string, at: number): string {
		const reading = this.clockOf(deviceId)(at);
		const opt = { locale: this.ctx.locale };
		return reading === null ? m.org_cf_tablet_time({ time: this.dayTime(at) }, opt) : formatResultTime(reading, this.ctx.setup.ruleset.timeResolution, opt);
	}

	/** The tablet's clock of the entry: from its own start when it recorded one (the time it showed). */
	private clockOf(deviceId: string): Reading {
		let clock = this.clocks.get(deviceId);
		if (!clock) {
			const { entry, scope } = this;
			const { competition, ruleset } = this.ctx.setup;
			clock = entry ? entryClock({ competition, ruleset, entry }, scope, { startsOf: deviceId }) : () => null;
			this.clocks.set(deviceId, clock);
		}
		return clock;
	}
}
