/** The quick set-up in the judge's language: its problems, and the names it gives what is left blank. */
import { m } from '$lib/i18n';
import type { QuickSetupProblem } from './quick-setup-problems';
import type { QuickSetupMessageOptions } from './quick-setup-names';

export type { QuickSetupMessageOptions };

/** A problem as the station shows it under the form. */
export function describeQuickSetupProblem(p: QuickSetupProblem, options: QuickSetupMessageOptions = {}): string {
	const opt = { locale: options.locale };
	switch (p.code) {
		case 'preset':
			return m.station_setup_choose_preset({}, opt);
		case 'no-seats':
			return m.station_setup_no_seats({}, opt);
		case 'too-many-seats':
			return m.station_setup_too_many_seats({ max: p.max }, opt);
		case 'competition-name-too-long':
			return m.station_setup_competition_name_too_long({ max: p.max }, opt);
		case 'seat-name-too-long':
			return m.station_setup_seat_name_too_long({ seat: p.seat, max: p.max }, opt);
		case 'table-too-long':
			return m.station_setup_table_too_long({ max: p.max }, opt);
		case 'competition-name-control':
			return m.station_setup_competition_name_control({}, opt);
		case 'seat-name-control':
			return m.station_setup_seat_name_control({ seat: p.seat }, opt);
		case 'table-control':
			return m.station_setup_table_control({}, opt);
		case 'other':
			return m.station_setup_failed({ detail: `${p.path}: ${p.message}` }, opt);
	}
}

// Apart, so that a set-up loads its names without the problems' words (those only when it has problems).
export { quickSetupNames } from './quick-setup-names';
