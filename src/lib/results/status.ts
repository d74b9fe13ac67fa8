import { m, type Locale } from '$lib/i18n';
import type { EntryStatus, Outcome } from '$lib/scoring';

type Label = (inputs: Record<string, never>, options: { locale?: Locale }) => string;

/** An entry's status as people read it, in the current language (the seat card, the standings). */
const LABELS: Record<EntryStatus, Label> = {
	'not-started': m.station_not_started,
	preview: m.station_preview,
	running: m.station_running,
	paused: m.station_paused,
	finished: m.station_finished,
	unfinished: m.station_time_is_up,
	disqualified: m.station_disqualified,
	'did-not-start': m.station_did_not_start
};

/**
 * An entry whose pieces missing from the box await the organizer's decision (issue 33 #2): its
 * result is pending; null when nothing awaits.
 */
export function boxFaultPendingLabel(o: Pick<Outcome, 'boxFaultPending'>, options: { locale?: Locale } = {}): string | null {
	return o.boxFaultPending > 0 ? m.box_tag_pending({}, { locale: options.locale }) : null;
}

/** In the current locale, or in a given one (an export's language). */
export function statusLabel(status: EntryStatus, options: { locale?: Locale } = {}): string {
	return LABELS[status]({}, { locale: options.locale });
}
