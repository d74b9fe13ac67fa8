import type { ActionEvent, CorrectionEvent, JudgeEvent } from '$lib/events/schema';
import { namesEntry } from '$lib/events/action-types';
import type { Conflict } from '../types';

/** A correction that cannot apply, as a conflict naming it alone. */
export function invalidCorrection(c: CorrectionEvent, message: string): Conflict {
	return {
		kind: 'invalid',
		competitionId: c.competitionId,
		heatId: c.heatId,
		entryId: c.entryId,
		eventIds: [c.id],
		deviceIds: [c.deviceId],
		message
	};
}

/**
 * Why correction `c` cannot apply to `t`, the end of its chain of corrections: not in the log, a
 * loop, another scope, or a replacement of another kind (one names an entry, the other not).
 * Null when it can.
 */
export function chainProblem(c: CorrectionEvent, t: JudgeEvent | undefined): string | null {
	if (!t) return `correction ${c.id} supersedes ${c.payload.supersedes}, an event not in the log of this entry, heat or competition`;
	if (t.type === 'correction') return `correction ${c.id} is part of a cycle of corrections`;
	if (t.entryId !== c.entryId || t.heatId !== c.heatId || t.competitionId !== c.competitionId)
		return `correction ${c.id} names another competition, heat or entry than the event it corrects`;
	if (c.payload.replacement && namesEntry(c.payload.replacement.type) !== namesEntry(t.type))
		return `correction ${c.id} replaces a ${t.type} with a ${c.payload.replacement.type} (one names an entry, the other not)`;
	return null;
}

/**
 * The corrections of one scope as chains: each supersedes an event, possibly another correction,
 * down to an action (its root). A correction is in force unless a valid correction in force
 * supersedes it. A correction that cannot apply is reported once, when first asked about.
 */
export class CorrectionChains {
	private readonly byId = new Map<string, JudgeEvent>();
	private readonly supersededBy = new Map<string, CorrectionEvent[]>();
	private readonly roots = new Map<string, ActionEvent | null>();
	private readonly inForceById = new Map<string, boolean>();

	constructor(
		events: readonly JudgeEvent[],
		private readonly conflicts: Conflict[]
	) {
		for (const e of events) {
			this.byId.set(e.id, e);
			if (e.type === 'correction') {
				const list = this.supersededBy.get(e.payload.supersedes);
				if (list) list.push(e);
				else this.supersededBy.set(e.payload.supersedes, [e]);
			}
		}
	}

	/** The event a correction supersedes directly. */
	target(c: CorrectionEvent): JudgeEvent | undefined {
		return this.byId.get(c.payload.supersedes);
	}

	/** The action at the end of a correction's chain; null when the correction cannot apply. */
	root(c: CorrectionEvent): ActionEvent | null {
		if (this.roots.has(c.id)) return this.roots.get(c.id)!;
		const seen = new Set<string>([c.id]);
		let t = this.target(c);
		while (t && t.type === 'correction' && !seen.has(t.id)) {
			seen.add(t.id);
			t = this.target(t);
		}
		const problem = chainProblem(c, t);
		if (problem !== null) this.conflicts.push(invalidCorrection(c, problem));
		const root = problem === null ? (t as ActionEvent) : null;
		this.roots.set(c.id, root);
		return root;
	}

	/** Whether a correction is in force: valid, and no valid correction in force supersedes it. */
	inForce(c: CorrectionEvent, depth = 0): boolean {
		const known = this.inForceById.get(c.id);
		if (known !== undefined) return known;
		if (depth > 10_000 || this.root(c) === null) {
			this.inForceById.set(c.id, false);
			return false;
		}
		const by = this.supersededBy.get(c.id) ?? [];
		const result = !by.some((d) => this.inForce(d, depth + 1));
		this.inForceById.set(c.id, result);
		return result;
	}
}
