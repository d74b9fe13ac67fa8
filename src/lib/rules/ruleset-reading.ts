import type { PausePolicy, Puzzle, Ruleset } from './schema';

/**
 * What a ruleset says, read without its schema (schema.ts), so that scoring reads rulesets
 * without loading zod.
 */

/** Every puzzle an entry solves under this ruleset, in solving order. */
export function puzzlesOf(r: Pick<Ruleset, 'format'>): Puzzle[] {
	return r.format.kind === 'single' ? [r.format.puzzle] : r.format.stages.flatMap((s) => s.puzzles);
}

/** Whether this ruleset lets its unit pause the clock (ES-PAUSE). */
export function pauseAllowed(r: Pick<Ruleset, 'pause' | 'unit'>): r is Pick<Ruleset, 'unit'> & { pause: PausePolicy } {
	return r.pause !== null && r.pause.appliesTo.includes(r.unit.kind);
}
