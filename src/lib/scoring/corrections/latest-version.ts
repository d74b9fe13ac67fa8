import type { ActionEvent, CorrectionEvent, JudgeEvent } from '$lib/events/schema';
import { compareEvents } from '$lib/events/order';
import type { Conflict, EffectiveEvent } from '../types';
import type { CorrectionChains } from './correction-chains';

/**
 * The corrections in force per root action's ID, in the order of `events`. Reverts are left
 * out: they only take a correction out of force.
 */
export function correctionsPerRoot(events: readonly JudgeEvent[], chains: CorrectionChains): Map<string, CorrectionEvent[]> {
	const perRoot = new Map<string, CorrectionEvent[]>();
	for (const e of events) {
		if (e.type !== 'correction' || !chains.inForce(e)) continue;
		const target = chains.target(e)!;
		if (target.type === 'correction' && !e.payload.replacement) continue;
		const root = chains.root(e)!;
		const list = perRoot.get(root.id);
		if (list) list.push(e);
		else perRoot.set(root.id, [e]);
	}
	return perRoot;
}

/**
 * An action as its corrections in force leave it: the latest one (total order) applies — its
 * replacement, or nothing (void). More than one in force is a conflict.
 */
export function latestVersion(e: ActionEvent, corrections: CorrectionEvent[], conflicts: Conflict[]): EffectiveEvent | null {
	corrections.sort(compareEvents);
	const c = corrections[corrections.length - 1]!;
	if (corrections.length > 1)
		conflicts.push({
			kind: 'double-correction',
			competitionId: e.competitionId,
			heatId: e.heatId,
			entryId: e.entryId,
			eventIds: [e.id, ...corrections.map((x) => x.id)],
			deviceIds: [...new Set(corrections.map((x) => x.deviceId))],
			message: `${corrections.length} corrections in force for event ${e.id}; the latest (${c.id}) applies`
		});
	const r = c.payload.replacement;
	return r ? ({ ...e, type: r.type, at: r.at, payload: r.payload, correctedBy: c.id, recordedAt: e.at } as EffectiveEvent) : null;
}
