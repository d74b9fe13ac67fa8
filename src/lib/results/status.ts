import { m } from '$lib/i18n';
import type { EntryStatus } from '$lib/scoring';

/** An entry's status as people read it, in the current language (the seat card, the standings). */
const LABELS: Record<EntryStatus, () => string> = {
	'not-started': m.station_not_started,
	preview: m.station_preview,
	running: m.station_running,
	paused: m.station_paused,
	finished: m.station_finished,
	unfinished: m.station_time_is_up,
	disqualified: m.station_disqualified,
	'did-not-start': m.station_did_not_start
};

export function statusLabel(status: EntryStatus): string {
	return LABELS[status]();
}
