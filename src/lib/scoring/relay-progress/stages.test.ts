import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { Ruleset } from '$lib/rules/schema';
import { MIN } from '../testkit';
import { puzzleResult } from '../outcome/testkit';
import { boxingAsked, puzzleComplete, stageProgress } from './stages';

const RELAY = presetById('czjpa-team-relay')!; // 4 + 2 + 1 + 1 puzzles; teardown required
const STAGES = RELAY.format.kind === 'relay' ? RELAY.format.stages : [];
const NO_TEARDOWN: Ruleset = { ...RELAY, format: { kind: 'relay', stages: [...STAGES], teardownRequired: false } };
const IDS = ['p1-1', 'p1-2', 'p1-3', 'p1-4', 'p2-1', 'p2-2', 'p3', 'final'];
const STAGE_OF = ['part-1', 'part-1', 'part-1', 'part-1', 'part-2', 'part-2', 'part-3', 'final'];

function puzzles(over: Record<string, Parameters<typeof puzzleResult>[2]> = {}) {
	return IDS.map((id, i) => puzzleResult(id, STAGE_OF[i]!, over[id]));
}
const confirmed = (checkedAtMs: number, boxedAtMs: number | null = null) => ({ status: 'finished' as const, check: 'confirmed' as const, checkedAtMs, boxedAtMs });

describe('boxingAsked, puzzleComplete', () => {
	it('CZ-TEAM-TEARDOWN: every puzzle but the last is boxed before it is complete', () => {
		const [first, , , , , , , last] = puzzles({ 'p1-1': confirmed(MIN), final: confirmed(2 * MIN) });
		expect([boxingAsked(RELAY, first!, last!), boxingAsked(RELAY, last!, last!), boxingAsked(NO_TEARDOWN, first!, last!)]).toEqual([true, false, false]);
		expect([puzzleComplete(RELAY, first!, last!), puzzleComplete(NO_TEARDOWN, first!, last!), puzzleComplete(RELAY, last!, last!)]).toEqual([false, true, true]);
		expect(puzzleComplete(RELAY, { ...first!, boxedAtMs: 2 * MIN }, last!)).toBe(true);
	});
});

describe('stageProgress', () => {
	it('before the start no part is open; at the start the first is', () => {
		expect(stageProgress(RELAY, STAGES, puzzles(), false).stages.map((s) => s.openedAtMs)).toEqual([null, null, null, null]);
		const { stages, byStage, last } = stageProgress(RELAY, STAGES, puzzles(), true);
		expect(stages.map((s) => [s.index, s.openedAtMs, s.complete])).toEqual([
			[0, 0, false],
			[1, null, false],
			[2, null, false],
			[3, null, false]
		]);
		expect(byStage.map((own) => own.length)).toEqual([4, 2, 1, 1]);
		expect(last.puzzleId).toBe('final');
	});

	it('CZ-TEAM-TEARDOWN: the next part opens at the last teardown of the one before (at its last check without teardown)', () => {
		const done = puzzles({ 'p1-1': confirmed(10 * MIN, 11 * MIN), 'p1-2': confirmed(12 * MIN, 15 * MIN), 'p1-3': confirmed(13 * MIN, 14 * MIN), 'p1-4': confirmed(9 * MIN, 10 * MIN) });
		expect(stageProgress(RELAY, STAGES, done, true).stages.map((s) => [s.openedAtMs, s.complete])).toEqual([
			[0, true],
			[15 * MIN, false],
			[null, false],
			[null, false]
		]);
		expect(stageProgress(NO_TEARDOWN, STAGES, done, true).stages[1]!.openedAtMs).toBe(13 * MIN);
		const unboxed = puzzles({ 'p1-1': confirmed(10 * MIN), 'p1-2': confirmed(12 * MIN, 15 * MIN), 'p1-3': confirmed(13 * MIN, 14 * MIN), 'p1-4': confirmed(9 * MIN, 10 * MIN) });
		expect(stageProgress(RELAY, STAGES, unboxed, true).stages[1]!.openedAtMs).toBeNull();
	});
});
