import { presetById } from '$lib/rules/presets';
import type { Ruleset } from '$lib/rules/schema';
import type { Entry } from '$lib/setup/schema';
import { DeviceLog } from '$lib/events/builder';
import type { JudgeEvent } from '$lib/events/schema';
import { CompetitionScorer, type CompetitionSetup } from './scorer';

/** Test helpers: a competition under a preset with named entries in one heat, and its tablet. */

export const T0 = Date.UTC(2026, 4, 16, 9, 0, 0);
export const SEC = 1000;
export const MIN = 60 * SEC;

export function competition(rulesetOrId: Ruleset | string, names: string[], membersPerEntry = 1): CompetitionSetup {
	const ruleset = typeof rulesetOrId === 'string' ? presetById(rulesetOrId)! : rulesetOrId;
	if (!ruleset) throw new Error(`no preset ${String(rulesetOrId)}`);
	const entries: Entry[] = names.map((name) => ({
		id: name.toLowerCase(),
		competitionId: 'comp',
		heatId: 'heat-1',
		name,
		members: Array.from({ length: membersPerEntry }, (_, i) => ({ id: `${name.toLowerCase()}-m${i + 1}`, name: `${name} ${i + 1}` }))
	}));
	return {
		competition: { id: 'comp', eventId: 'day', name: ruleset.name, ruleset: { id: ruleset.id, version: ruleset.version } },
		ruleset,
		entries
	};
}

export function tablet(deviceId = 'tablet-1'): DeviceLog {
	return new DeviceLog({ deviceId, judge: 'Judge', competitionId: 'comp', heatId: 'heat-1' });
}

export function score(setup: CompetitionSetup, events: JudgeEvent[], now: number) {
	const scorer = new CompetitionScorer(setup);
	scorer.add(events);
	return scorer.standings(now);
}

export function row(standings: ReturnType<typeof score>, name: string) {
	const r = standings.rows.find((x) => x.name === name);
	if (!r) throw new Error(`no row ${name}`);
	return r;
}

/** [name, place] in standings order. */
export function places(standings: ReturnType<typeof score>): [string, number | null][] {
	return standings.rows.map((r) => [r.name, r.place]);
}
