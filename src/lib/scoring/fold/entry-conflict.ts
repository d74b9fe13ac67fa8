import type { Entry } from '$lib/setup/schema';
import type { Conflict, EffectiveEvent } from '../types';

/** A conflict in one entry's events, naming the events and the devices that recorded them. */
export function entryConflict(entry: Entry, kind: Conflict['kind'], events: readonly EffectiveEvent[], message: string): Conflict {
	return {
		kind,
		competitionId: entry.competitionId,
		heatId: entry.heatId,
		entryId: entry.id,
		eventIds: events.map((e) => e.id),
		deviceIds: [...new Set(events.map((e) => e.deviceId))],
		message
	};
}
