import type { LiveAdvancement, LiveCompetition, LiveResult } from '$lib/contract/live';
import { m, type Locale } from '$lib/i18n';
import { formatResultTime } from '$lib/results/result-time';

/** A row's result as the public results page writes it: the time that ranks, else the counted pieces, else nothing yet. */
export function resultText(result: LiveResult, resolution: LiveCompetition['timeResolution'], o: { locale?: Locale }): string {
	if (result?.kind === 'time') return formatResultTime(result.ms, resolution, o);
	if (result?.kind === 'pieces') return m.station_pieces({ count: result.count }, o);
	return '';
}

/** "Through" / "On the edge" (WCA Live's marks), in words: the colour only repeats them. */
export function advancementWord(a: LiveAdvancement, o: { locale?: Locale }): string {
	return (a === 'through' ? m.live_through : m.live_edge)({}, o);
}
