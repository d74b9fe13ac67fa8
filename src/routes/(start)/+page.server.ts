import { PRESETS } from '$lib/rules/presets';
import { getStore } from '$lib/server/db';
import { DEMO_EVENT_ID } from '$lib/server/demo';
import { competitionRow, presetRow } from '$lib/server/summary';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = () => {
	const store = getStore();
	const event = store.getEvent(DEMO_EVENT_ID) ?? store.listEvents()[0] ?? null;
	return {
		event,
		competitions: event ? store.listCompetitions(event.id).map(competitionRow) : [],
		presets: PRESETS.map(presetRow)
	};
};
