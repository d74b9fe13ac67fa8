import type { ActionEvent, CorrectionEvent, JudgeEvent } from '$lib/events/schema';
import { namesEntry } from '$lib/events/action-types';
import { compareEvents } from '$lib/events/order';
import type { Conflict, EffectiveEvent } from './types';

/**
 * Applies corrections: every action event either stands as recorded, is replaced by the
 * replacement of the correction that supersedes it, or is void.
 *
 * - A correction without a replacement that supersedes an action voids it (undo).
 * - A correction that supersedes a correction takes that one out of force; without a
 *   replacement it reverts it (the earlier state returns), with one it becomes the new version.
 * - Two corrections in force for one event are a conflict; the later one (total order) applies.
 *
 * Input: every event of one scope (an entry, a heat or the competition), deduplicated,
 * in any order. A correction carries the scope of the event it corrects. Output: the effective action events in total order.
 */
export function applyCorrections(events: readonly JudgeEvent[]): { effective: EffectiveEvent[]; conflicts: Conflict[] } {
	let hasCorrections = false;
	for (const e of events) if (e.type === 'correction') hasCorrections = true;
	if (!hasCorrections) return { effective: (events as ActionEvent[]).slice().sort(compareEvents), conflicts: [] };

	const byId = new Map<string, JudgeEvent>();
	const targeting = new Map<string, CorrectionEvent[]>();
	for (const e of events) {
		byId.set(e.id, e);
		if (e.type === 'correction') {
			const list = targeting.get(e.payload.supersedes);
			if (list) list.push(e);
			else targeting.set(e.payload.supersedes, [e]);
		}
	}

	const conflicts: Conflict[] = [];
	const invalid = (c: CorrectionEvent, message: string) =>
		conflicts.push({
			kind: 'invalid',
			competitionId: c.competitionId,
			heatId: c.heatId,
			entryId: c.entryId,
			eventIds: [c.id],
			deviceIds: [c.deviceId],
			message
		});

	// Root action of each correction, or null (unknown target, cycle, scope or kind mismatch).
	const rootOf = new Map<string, ActionEvent | null>();
	const findRoot = (c: CorrectionEvent): ActionEvent | null => {
		if (rootOf.has(c.id)) return rootOf.get(c.id)!;
		const seen = new Set<string>([c.id]);
		let t = byId.get(c.payload.supersedes);
		while (t && t.type === 'correction' && !seen.has(t.id)) {
			seen.add(t.id);
			t = byId.get(t.payload.supersedes);
		}
		let root: ActionEvent | null = null;
		if (!t) invalid(c, `correction ${c.id} supersedes ${c.payload.supersedes}, an event not in the log of this entry, heat or competition`);
		else if (t.type === 'correction') invalid(c, `correction ${c.id} is part of a cycle of corrections`);
		else if (t.entryId !== c.entryId || t.heatId !== c.heatId || t.competitionId !== c.competitionId)
			invalid(c, `correction ${c.id} names another competition, heat or entry than the event it corrects`);
		else if (c.payload.replacement && namesEntry(c.payload.replacement.type) !== namesEntry(t.type))
			invalid(c, `correction ${c.id} replaces a ${t.type} with a ${c.payload.replacement.type} (one names an entry, the other not)`);
		else root = t;
		rootOf.set(c.id, root);
		return root;
	};

	// A correction is in force unless a valid correction in force supersedes it.
	const inForce = new Map<string, boolean>();
	const isInForce = (c: CorrectionEvent, depth = 0): boolean => {
		const known = inForce.get(c.id);
		if (known !== undefined) return known;
		if (depth > 10_000 || findRoot(c) === null) {
			inForce.set(c.id, false);
			return false;
		}
		const by = targeting.get(c.id) ?? [];
		const result = !by.some((d) => isInForce(d, depth + 1));
		inForce.set(c.id, result);
		return result;
	};

	// Corrections in force per root, skipping reverts (they only take a correction out of force).
	const perRoot = new Map<string, CorrectionEvent[]>();
	for (const e of events) {
		if (e.type !== 'correction' || !isInForce(e)) continue;
		const target = byId.get(e.payload.supersedes)!;
		if (target.type === 'correction' && !e.payload.replacement) continue;
		const root = findRoot(e)!;
		const list = perRoot.get(root.id);
		if (list) list.push(e);
		else perRoot.set(root.id, [e]);
	}

	const effective: EffectiveEvent[] = [];
	for (const e of events) {
		if (e.type === 'correction') continue;
		const cs = perRoot.get(e.id);
		if (!cs) {
			effective.push(e);
			continue;
		}
		cs.sort(compareEvents);
		const c = cs[cs.length - 1]!;
		if (cs.length > 1)
			conflicts.push({
				kind: 'double-correction',
				competitionId: e.competitionId,
				heatId: e.heatId,
				entryId: e.entryId,
				eventIds: [e.id, ...cs.map((x) => x.id)],
				deviceIds: [...new Set(cs.map((x) => x.deviceId))],
				message: `${cs.length} corrections in force for event ${e.id}; the latest (${c.id}) applies`
			});
		const r = c.payload.replacement;
		if (r) effective.push({ ...e, type: r.type, at: r.at, payload: r.payload, correctedBy: c.id, recordedAt: e.at } as EffectiveEvent);
	}
	effective.sort(compareEvents);
	return { effective, conflicts };
}
