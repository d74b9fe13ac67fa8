import { formatDuration, m, type Locale } from '$lib/i18n';
import type { LiveClock } from './live-view';

/** What a heat's clock says, in words and times, as the room display says it (its messages). */
export interface ClockWords {
	phase: string;
	/** The heat's time (the preview's countdown in a preview); '' while waiting. */
	time: string;
	/** The time left, when the heat runs against a limit, and its word. */
	left: string;
	leftLabel: string;
	/** "3 still going", or ''. */
	going: string;
}

export function clockWords(clock: LiveClock, lang: Locale): ClockWords {
	const o = { locale: lang };
	const up = (ms: number) => formatDuration(Math.max(0, ms), { round: 'up', locale: lang });
	return {
		phase: {
			waiting: m.display_waiting,
			preview: m.display_preview,
			running: m.display_elapsed,
			'all-finished': m.display_all_finished,
			'time-up': m.display_time_is_up
		}[clock.phase]({}, o),
		time: clock.phase === 'waiting' ? '' : clock.phase === 'preview' ? up(clock.ms) : formatDuration(clock.ms, o),
		left: clock.leftMs === null ? '' : up(clock.leftMs),
		leftLabel: m.display_time_left({}, o),
		going: clock.stillGoing > 0 ? m.display_still_going({ count: clock.stillGoing }, o) : ''
	};
}
