import { m } from '$lib/i18n';
import { relayPlaceName } from '$lib/i18n/relay-part-names';
import type { Ruleset } from '$lib/rules/schema';
import type { RotationMove } from '$lib/scoring/relay-progress';

/** "Dan: puzzle 4 → puzzle 1": who moved where at a rotation signal (CZ-TEAM-P1). */
export function relayMoveText(ruleset: Ruleset, move: RotationMove, memberName: (id: string) => string): string {
	return m.station_relay_move({ member: memberName(move.memberId), from: relayPlaceName(ruleset, move.fromPuzzleId), to: relayPlaceName(ruleset, move.toPuzzleId) });
}
