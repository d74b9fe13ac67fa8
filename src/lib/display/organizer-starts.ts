import type { JudgeEvent } from '$lib/events/schema';
import type { MergedEventFiles } from '$lib/files/merge';

/** A heat the organizer started on every tablet, at its moment on this device's clock. */
export interface OrganizerStartAt {
	/** The start's ID on the server (one start, one set of made-up events). */
	id: string;
	competitionId: string;
	heatId: string;
	/** The start on this device's clock (src/lib/sync/heat-start-moment.ts, as the tablets convert it). */
	at: number;
}

/** The device named on the events the display makes up for an organizer's start. */
export const ORGANIZER_START_DEVICE = 'organizer-start';

/**
 * The event as the room display scores it (issue 30 #5a): an organizer's "Start on every tablet"
 * starts the heat's seats that no tablet's start has reached the display for yet, at the
 * organizer's moment, with the ruleset's preview, as each tablet records its own start. A
 * tablet's own start, once pulled, is the one that counts for its seats. The latest start of a
 * heat counts (a second tap by mistake: one start), as for the tablets.
 */
export function withOrganizerStarts(merged: MergedEventFiles, starts: readonly OrganizerStartAt[]): MergedEventFiles {
	if (starts.length === 0) return merged;
	const latest = new Map<string, OrganizerStartAt>();
	for (const s of starts) latest.set(`${s.competitionId}\u0000${s.heatId}`, s);
	const startedByTablet = new Set<string>();
	for (const e of merged.log) if (e.type === 'heat.start') for (const id of e.payload.entryIds) startedByTablet.add(id);
	const made: JudgeEvent[] = [];
	for (const s of latest.values()) {
		const competition = merged.setup.competitions.find((c) => c.id === s.competitionId);
		const ruleset = competition && merged.setup.rulesets.find((r) => r.id === competition.ruleset.id && r.version === competition.ruleset.version);
		const entryIds = merged.setup.entries.filter((e) => e.competitionId === s.competitionId && e.heatId === s.heatId && !startedByTablet.has(e.id)).map((e) => e.id);
		if (!ruleset || entryIds.length === 0) continue;
		made.push({
			id: `${ORGANIZER_START_DEVICE}-${s.id}`,
			deviceId: ORGANIZER_START_DEVICE,
			seq: made.length + 1,
			at: s.at,
			mono: 0,
			judge: ORGANIZER_START_DEVICE,
			competitionId: s.competitionId,
			heatId: s.heatId,
			entryId: null,
			type: 'heat.start',
			payload: { entryIds, previewMs: ruleset.previewMs }
		});
	}
	return made.length === 0 ? merged : { ...merged, log: [...merged.log, ...made] };
}
