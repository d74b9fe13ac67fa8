import { m } from '$lib/i18n';
import type { Choice, Level } from '../choice-tree';

/** A choice's name as the chooser shows it (in the current language). */
export function choiceTitle(c: Choice): string {
	switch (c.level) {
		case 'event':
			return c.event?.name ?? m.station_choose_other();
		case 'competition':
			return c.competition.name;
		case 'heat':
			return c.heat.name;
		case 'table':
			return c.key === null ? m.station_choose_all_seats() : m.station_table_number({ number: c.key });
	}
}

/** What the chooser asks at each level. */
export const levelPrompt: Record<Level, () => string> = {
	event: m.station_choose_event,
	competition: m.station_choose_competition,
	heat: m.station_choose_heat,
	table: m.station_choose_table
};

/** Each level's name, over its crumb. */
export const levelName: Record<Level, () => string> = {
	event: m.station_event,
	competition: m.station_competition,
	heat: m.station_heat,
	table: m.station_table
};
