import type { LiveCompetition, LiveResult } from '$lib/contract/live';
import { m, type Locale } from '$lib/i18n';
import { formatResultTime } from '$lib/results/result-time';

/** A row's result as the public results page writes it: the time that ranks, else the counted pieces, else nothing yet. */
export function resultText(result: LiveResult, resolution: LiveCompetition['timeResolution'], o: { locale?: Locale }): string {
	if (result?.kind === 'time') return formatResultTime(result.ms, resolution, o);
	if (result?.kind === 'pieces') return m.station_pieces({ count: result.count }, o);
	return '';
}
