import type { Ruleset } from '$lib/rules/schema';
import type { Outcome } from '$lib/scoring';
import { relayProgress } from '$lib/scoring/relay-progress';

/**
 * Where each relay team of the shown heat is, for the room display: the part it is in and
 * the moment of its next rotation signal (CZ-TEAM-P1), from the scoring module's relayProgress
 * (no second "which part" rule here).
 *
 * - solving: the current part is open (`stageIndex` is that part);
 * - boxing: every puzzle of the part is confirmed, some still being boxed ("boxed, next
 *   released", CZ-TEAM-TEARDOWN): the next part opens after;
 * - other: not started, finished, stopped at the limit or disqualified (`status` says which).
 */
export interface RelayTeamLine {
	entryId: string;
	name: string;
	phase: 'solving' | 'boxing' | 'other';
	stageIndex: number;
	status: Outcome['status'];
	/** The device-clock moment of the team's next rotation signal, ms; null when none is to come. */
	signalAt: number | null;
}

/**
 * @param outcomes the heat's outcomes, scored at the device moment `at`
 * @param entries the teams with their members in order (member i starts at puzzle i)
 */
export function relayTeams(
	ruleset: Ruleset,
	entries: readonly { id: string; name: string; members: readonly { id: string }[] }[],
	outcomes: readonly Outcome[],
	at: number
): RelayTeamLine[] {
	if (ruleset.format.kind !== 'relay') return [];
	const byId = new Map(entries.map((e) => [e.id, e]));
	const lines: RelayTeamLine[] = [];
	for (const o of outcomes) {
		const entry = byId.get(o.entryId);
		const progress = relayProgress(
			ruleset,
			(entry?.members ?? []).map((m) => m.id),
			o
		);
		if (!progress) continue;
		const live = o.status === 'running' || o.status === 'paused';
		const own = progress.puzzles.filter((p) => p.stageIndex === progress.current);
		const boxing = own.some((p) => p.state === 'boxing') && own.every((p) => p.state === 'boxing' || p.state === 'done');
		const phase = !live || progress.current >= progress.stages.length ? 'other' : boxing ? 'boxing' : 'solving';
		// The team's clock runs with the device clock while it runs: the signal is that far ahead.
		const signalAt = o.status === 'running' && progress.nextSignalAtMs !== null ? at + (progress.nextSignalAtMs - o.clockMs) : null;
		lines.push({ entryId: o.entryId, name: entry?.name ?? o.entryId, phase, stageIndex: Math.min(progress.current, progress.stages.length - 1), status: o.status, signalAt });
	}
	return lines.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
