import { describe, expect, it } from 'vitest';
import { competition, MIN, SEC, T0, tablet, score } from '$lib/scoring/testkit';
import { presetById } from '$lib/rules/presets';
import { relayTeams } from './relay-teams';

/** Two teams of a CZJPA relay heat seen by the room display (CZ-TEAM-P1, CZ-TEAM-TEARDOWN, CZ-TEAM-FINAL). */
function heat() {
	const setup = competition('czjpa-team-relay', ['Alfa', 'Beta'], 4);
	const log = tablet();
	log.start(T0, ['alfa', 'beta']);
	// Alfa: part 1 done by 40:00 (each checked 30 s later, boxed 1:30 later).
	[10, 20, 30, 40].forEach((m, i) => {
		const h = log.puzzleFinished('alfa', T0 + m * MIN, `p1-${i + 1}`);
		log.confirm(h, T0 + m * MIN + 30 * SEC);
		log.record('relay.teardown-done', T0 + m * MIN + 2 * MIN, 'alfa', { puzzleId: `p1-${i + 1}` });
	});
	return { setup, log };
}

/** What the display shows at `now`: only the events recorded by then. */
const at = (setup: ReturnType<typeof heat>['setup'], events: ReturnType<typeof heat>['log']['events'], now: number) =>
	relayTeams(
		setup.ruleset,
		setup.entries,
		score(setup, events.filter((e) => e.at <= now), now).rows.map((r) => r.outcome),
		now
	);

describe('the room display: each relay team\'s part and next signal', () => {
	it('CZ-TEAM-P1: in part 1 the next 8-minute signal is shown as a device moment', () => {
		const { setup, log } = heat();
		const lines = at(setup, log.events, T0 + 5 * MIN);
		expect(lines.map((l) => [l.name, l.phase, l.stageIndex, l.signalAt])).toEqual([
			['Alfa', 'solving', 0, T0 + 8 * MIN],
			['Beta', 'solving', 0, T0 + 8 * MIN]
		]);
		expect(at(setup, log.events, T0 + 17 * MIN).find((l) => l.name === 'Beta')!.signalAt).toBe(T0 + 24 * MIN);
	});

	it('CZ-TEAM-TEARDOWN: a team boxing its last part-1 puzzle is boxing part 1, with no signal; then part 2 has none', () => {
		const { setup, log } = heat();
		const boxing = at(setup, log.events, T0 + 41 * MIN).find((l) => l.name === 'Alfa')!;
		expect([boxing.phase, boxing.stageIndex, boxing.signalAt]).toEqual(['boxing', 0, null]);
		const part2 = at(setup, log.events, T0 + 43 * MIN).find((l) => l.name === 'Alfa')!;
		expect([part2.phase, part2.stageIndex, part2.signalAt]).toEqual(['solving', 1, null]);
	});

	it('at the limit every team is stopped, with no signal to come', () => {
		const { setup, log } = heat();
		const lines = at(setup, log.events, T0 + 301 * MIN);
		expect(lines.map((l) => [l.phase, l.status, l.signalAt])).toEqual([
			['other', 'unfinished', null],
			['other', 'unfinished', null]
		]);
	});

	it('CZ-TEAM-P1: another signal interval in the ruleset gives other signals (nothing is hard-coded)', () => {
		const preset = presetById('czjpa-team-relay')!;
		if (preset.format.kind !== 'relay') throw new Error('not a relay');
		const ruleset = { ...preset, format: { ...preset.format, stages: preset.format.stages.map((s) => (s.mode === 'rotation' ? { ...s, rotationIntervalMs: 5 * MIN } : s)) } };
		const setup = competition(ruleset, ['Alfa'], 4);
		const log = tablet();
		log.start(T0, ['alfa']);
		expect(at(setup, log.events, T0 + 7 * MIN)[0]!.signalAt).toBe(T0 + 10 * MIN);
	});

	it('an individual competition has no relay lines', () => {
		const setup = competition('czjpa-individual', ['Ana']);
		expect(relayTeams(setup.ruleset, setup.entries, [], T0)).toEqual([]);
	});
});
