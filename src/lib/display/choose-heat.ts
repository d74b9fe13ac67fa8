import { z } from 'zod/mini';
import { IdSchema } from '$lib/setup/schema';
import type { Outcome } from '$lib/scoring';
import { heatClock, heatInProgress, seatEndsAt } from '$lib/scoring/heat-clock';

/** `/display?competition=ID&heat=ID` pins one heat; without both the board chooses. */
export const DisplayParamsSchema = z.object({ competition: IdSchema, heat: IdSchema });
export type DisplayParams = z.infer<typeof DisplayParamsSchema>;

/** The query's heat, or null when it names none (or not validly). */
export function displayParams(search: URLSearchParams): DisplayParams | null {
	const checked = DisplayParamsSchema.safeParse({ competition: search.get('competition') ?? undefined, heat: search.get('heat') ?? undefined });
	return checked.success ? checked.data : null;
}

export interface HeatRef {
	competitionId: string;
	heatId: string;
}

/** A heat, its ruleset's time limit and its seats' outcomes, as the scorer folded them. */
export interface HeatCandidate extends HeatRef {
	timeLimitMs: number;
	outcomes: readonly Pick<Outcome, 'status' | 'previewAt' | 'startedAt' | 'limitAt' | 'finishedAt'>[];
}

/** When the heat began: its preview, else its clock; null when it has not started. */
function beganAt(h: HeatCandidate): number | null {
	let first: number | null = null;
	for (const o of h.outcomes) {
		const t = o.previewAt ?? o.startedAt;
		if (t !== null && (first === null || t < first)) first = t;
	}
	return first;
}

/** When the heat's last seat ended (a finished heat: finish or limit); -Infinity when none has an end. */
function endedAt(h: HeatCandidate): number {
	let last = -Infinity;
	for (const o of h.outcomes) {
		const t = seatEndsAt(o);
		if (t !== null && t > last) last = t;
	}
	return last;
}

/**
 * The heat the room should see at `now`: the one named in the address when it exists; else
 * the most recently started heat that still runs (its preview included, and a heat whose
 * limit passed while a seat goes on after its pauses); else the heat that finished last. A
 * heat whose seats all finished before the limit while another table has not started yet
 * still runs (heat-clock.ts). Null when no heat has started. Ties go to the later IDs, so the choice is
 * the same on every display.
 */
export function chooseHeat(heats: readonly HeatCandidate[], now: number, pinned: HeatRef | null = null): HeatRef | null {
	if (pinned) {
		const found = heats.find((h) => h.competitionId === pinned.competitionId && h.heatId === pinned.heatId);
		return found ? { competitionId: found.competitionId, heatId: found.heatId } : null;
	}
	let running: { heat: HeatCandidate; key: number } | null = null;
	let finished: { heat: HeatCandidate; key: number } | null = null;
	for (const heat of heats) {
		const began = beganAt(heat);
		if (began === null || began > now) continue;
		const clock = heatClock(heat.outcomes, heat, now);
		if (heatInProgress(clock)) {
			if (!running || later(began, heat, running)) running = { heat, key: began };
		} else if (clock.phase === 'all-finished' || clock.phase === 'time-up') {
			const end = endedAt(heat);
			const key = end === -Infinity ? began : end;
			if (!finished || later(key, heat, finished)) finished = { heat, key };
		}
	}
	const pick = running?.heat ?? finished?.heat;
	return pick ? { competitionId: pick.competitionId, heatId: pick.heatId } : null;
}

function later(key: number, heat: HeatRef, than: { heat: HeatRef; key: number }): boolean {
	if (key !== than.key) return key > than.key;
	const a = `${heat.competitionId}\u0000${heat.heatId}`;
	const b = `${than.heat.competitionId}\u0000${than.heat.heatId}`;
	return a > b;
}
