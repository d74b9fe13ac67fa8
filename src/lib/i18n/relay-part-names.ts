import type { Ruleset } from '$lib/rules/schema';
import { m, type Locale } from '$lib/i18n';

type Options = { locale?: Locale };

/**
 * A relay's parts and puzzles for people: "Part 1", "Part 2" … and "Final" for the last part
 * of a relay with more than one (CZ-TEAM-FORMAT, CZ-TEAM-FINAL); a puzzle is "Part 1 · puzzle 2".
 * Read from the ruleset's stages, so a relay with other parts is named the same way.
 */
export function relayPartName(ruleset: Ruleset, stageIndex: number, options: Options = {}): string {
	if (ruleset.format.kind !== 'relay') return '';
	const count = ruleset.format.stages.length;
	return count > 1 && stageIndex === count - 1 ? m.relay_final({}, options) : m.relay_part({ n: stageIndex + 1 }, options);
}

/** A relay puzzle's name: its part, and its number in the part when the part has more than one. */
export function relayPuzzleName(ruleset: Ruleset, puzzleId: string, options: Options = {}): string {
	if (ruleset.format.kind !== 'relay') return puzzleId;
	for (const [index, stage] of ruleset.format.stages.entries()) {
		const i = stage.puzzles.findIndex((p) => p.id === puzzleId);
		if (i < 0) continue;
		const part = relayPartName(ruleset, index, options);
		return stage.puzzles.length > 1 ? m.relay_puzzle({ part, n: i + 1 }, options) : part;
	}
	return puzzleId;
}

/** A puzzle's place within its part ("puzzle 4"), where the part goes without saying (the part 1 moves). */
export function relayPlaceName(ruleset: Ruleset, puzzleId: string, options: Options = {}): string {
	if (ruleset.format.kind !== 'relay') return puzzleId;
	for (const stage of ruleset.format.stages) {
		const i = stage.puzzles.findIndex((p) => p.id === puzzleId);
		if (i >= 0) return m.relay_place({ n: i + 1 }, options);
	}
	return puzzleId;
}
