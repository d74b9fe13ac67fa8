/**
 * Seeded, reproducible draws for the organizer: the CZJPA relay's random teams (CZ-TEAM-DRAW)
 * and the Spanish tournament's turns by lot (ES-SHIFT). The same seed and the same input give
 * the same result on every device, so a draw can be recorded (seed + result) and re-checked.
 */
import { seededRandom, shuffle } from '$lib/random';

/** A shuffle that depends only on the items and the seed. */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
	return shuffle(items, seededRandom(seed));
}

/** How a draw shuffles: seededShuffle; a test passes a biased one to show the fairness check catching it. */
export type Shuffler = <T>(items: readonly T[], seed: string) => T[];

/** The seed of the second generator of the turns by lot (ES-SHIFT): those not placed by preference are drawn with it. */
export const restSeed = (seed: string): string => `${seed}/rest`;

export interface TeamDraw {
	seed: string;
	teams: string[][];
	/** People left over when the count is not a multiple of the team size. */
	unplaced: string[];
}

/**
 * CZ-TEAM-DRAW: teams of `size` drawn at random from people who registered alone. The input
 * is sorted first, so the draw depends only on who registered and the seed, not on the order.
 */
export function drawTeams(personIds: readonly string[], size: number, seed: string, shuffleWith: Shuffler = seededShuffle): TeamDraw {
	if (size < 1) throw new Error('a team has at least 1 member');
	const shuffled = shuffleWith([...new Set(personIds)].sort(), seed);
	const full = Math.floor(shuffled.length / size) * size;
	const teams: string[][] = [];
	for (let i = 0; i < full; i += size) teams.push(shuffled.slice(i, i + size));
	return { seed, teams, unplaced: shuffled.slice(full) };
}

export interface ShiftRequest {
	id: string;
	/** The preferred slot, e.g. "morning" or "afternoon"; none = any. */
	prefers?: string;
}

export interface ShiftDraw {
	seed: string;
	/** Entry → slot. */
	assigned: Record<string, string>;
	/** Entries whose preference could not be met (drawn into another slot). */
	moved: string[];
	/** Entries for whom no slot had room. */
	unplaced: string[];
}

/**
 * ES-SHIFT: turns drawn by lot, honouring preferred slots where there is room; those who do
 * not fit their preferred slot (and those without a preference) are drawn into the slots that
 * still have room. `slots` maps each slot to its capacity, in the order slots are filled.
 */
export function drawShifts(requests: readonly ShiftRequest[], slots: Readonly<Record<string, number>>, seed: string, shuffleWith: Shuffler = seededShuffle): ShiftDraw {
	const order = shuffleWith([...requests].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)), seed);
	const room = new Map(Object.entries(slots));
	const assigned: Record<string, string> = {};
	const moved: string[] = [];
	const rest: ShiftRequest[] = [];
	for (const r of order) {
		const left = r.prefers === undefined ? undefined : room.get(r.prefers);
		if (r.prefers !== undefined && left !== undefined && left > 0) {
			assigned[r.id] = r.prefers;
			room.set(r.prefers, left - 1);
		} else rest.push(r);
	}
	const rnd = seededRandom(restSeed(seed));
	const unplaced: string[] = [];
	for (const r of rest) {
		const open = [...room].filter(([, n]) => n > 0).map(([s]) => s);
		if (open.length === 0) {
			unplaced.push(r.id);
			continue;
		}
		const slot = open[Math.floor(rnd() * open.length)]!;
		assigned[r.id] = slot;
		room.set(slot, room.get(slot)! - 1);
		if (r.prefers !== undefined) moved.push(r.id);
	}
	return { seed, assigned, moved, unplaced };
}

/**
 * The turns in the order drawShifts goes through them (a record's key order, so an integer-like
 * ID comes first): the order a printed draw lists them in, for anyone repeating it.
 */
export function turnsInDrawOrder<T extends { heatId: string; capacity: number }>(slots: readonly T[]): T[] {
	const order = Object.keys(Object.fromEntries(slots.map((s) => [s.heatId, s.capacity])));
	return order.map((id) => slots.find((s) => s.heatId === id)!);
}

/**
 * ES-SHIFT: two entries swap turns by mutual agreement, only before the turns start. Returns
 * the new assignment; the caller records the swap (who, when) in the audit trail.
 */
export function swapShifts(assigned: Readonly<Record<string, string>>, a: string, b: string, started: boolean): Record<string, string> {
	if (started) throw new Error('turns can only be swapped before the competition starts');
	const sa = assigned[a];
	const sb = assigned[b];
	if (sa === undefined || sb === undefined) throw new Error(`both entries need a turn to swap (${sa === undefined ? a : b} has none)`);
	return { ...assigned, [a]: sb, [b]: sa };
}
