import { describe, expect, it } from 'vitest';
import { puzzlesOf } from '$lib/rules/ruleset-reading';
import { competition, MIN, T0 } from '$lib/scoring/testkit';
import { contextOf, stepsOf, tabletLog } from './conflicts.testkit';

describe('EventSayings', () => {
	it('a finish with its follow-ups says its check and the agreement; without them, the finish alone', () => {
		const setup = competition('czjpa-individual', ['Ana']);
		const a = tabletLog('tab-a');
		a.start(T0, ['ana']);
		const hand = a.finish('ana', T0 + 8 * MIN + 31_103, 2);
		const ack = a.events.at(-1)!;
		const { sayings } = stepsOf(contextOf(setup, a.events), 'ana');
		expect(sayings.says(hand, true)).toBe('finished 8:31.103, check confirmed, 2 pieces missing, agreed by the competitor');
		expect(sayings.says(hand, false)).toBe('finished 8:31.103');
		// An agreement is said as the claim it agrees to.
		expect(sayings.says(ack, true)).toBe('finished 8:31.103, check confirmed, 2 pieces missing, agreed by the competitor');
		expect(sayings.says(ack, false)).toBe('the competitor agreed with the record');
	});

	it('a check says the finish it is of, and why it was rejected', () => {
		const setup = competition('czjpa-individual', ['Ana']);
		const a = tabletLog('tab-a');
		a.start(T0, ['ana']);
		const hand = a.hand('ana', T0 + 45 * MIN);
		const rejected = a.reject(hand, T0 + 46 * MIN, 'two pieces off');
		const plain = a.reject(hand, T0 + 47 * MIN);
		const orphan = tabletLog('tab-b').confirm({ ...hand, id: 'gone-1' }, T0 + 48 * MIN);
		const { sayings } = stepsOf(contextOf(setup, a.events), 'ana');
		expect(sayings.says(rejected, true)).toBe('check rejected (finish 45:00.000): “two pieces off”');
		expect(sayings.says(plain, true)).toBe('check rejected (finish 45:00.000)');
		expect(sayings.says(orphan, true)).toBe('check confirmed (finish –)');
	});

	it("ES-PREVIEW: a start says its seats, the tablet's time of day and the preview", () => {
		const setup = competition('es-adult-individual', ['Lucía', 'Marta']);
		const a = tabletLog('tab-a');
		const start = a.start(T0, ['lucía', 'marta'], 2 * MIN);
		const { sayings } = stepsOf(contextOf(setup, a.events), 'lucía');
		expect(sayings.says(start, true)).toBe('started the clock of 2 seats at 09:00:00, after 2:00 of preview');
	});

	it('a correction says what it voids or replaces, by what, and why', () => {
		const setup = competition('czjpa-individual', ['Ana']);
		const a = tabletLog('tab-a');
		const org = tabletLog('org-desk', 'Org');
		a.start(T0, ['ana']);
		const hand = a.hand('ana', T0 + 40 * MIN);
		const replaced = org.correct(hand, T0 + 50 * MIN, 'video: 41:00', { type: 'hand.raised', at: T0 + 41 * MIN, payload: {} });
		const voided = org.correct(hand, T0 + 51 * MIN, 'wrong seat');
		const ofUnknown = org.correct({ ...hand, id: 'gone-1' }, T0 + 52 * MIN, 'lost', { type: 'hand.raised', at: T0, payload: {} });
		const { sayings } = stepsOf(contextOf(setup, [...a.events, ...org.events]), 'ana');
		expect(sayings.says(replaced, true)).toBe('replaced Table A’s finish (40:00.000) by: finished 41:00.000 — “video: 41:00”');
		expect(sayings.says(voided, true)).toBe('voided Table A’s finish (40:00.000): “wrong seat”');
		expect(sayings.says(ofUnknown, true)).toMatch(/^replaced an event that is not on this device by: .+ — “lost”$/);
	});

	it("a tally says its counted pieces and groups; a relay's finish names its puzzle by number; any other event its kind and time", () => {
		const setup = competition('czjpa-team-relay', ['Ana'], 4);
		const a = tabletLog('tab-a');
		a.start(T0, ['ana']);
		const tally = a.tally('ana', T0 + 91 * MIN, [150, 5]);
		const second = puzzlesOf(setup.ruleset)[1]!;
		const finished = a.puzzleFinished('ana', T0 + 30 * MIN, second.id);
		const unknownPuzzle = a.puzzleFinished('ana', T0 + 31 * MIN, 'no-such-puzzle');
		const pause = a.pause('ana', T0 + 10 * MIN);
		const { sayings } = stepsOf(contextOf(setup, a.events), 'ana');
		expect(sayings.says(tally, true)).toMatch(/^pieces counted: \d+ \(groups 150, 5\)$/);
		expect(sayings.says(finished, false)).toBe('finished puzzle 2 at 30:00.000');
		expect(sayings.says(unknownPuzzle, false)).toBe('finished puzzle no-such-puzzle at 31:00.000');
		expect(sayings.says(pause, true)).toMatch(/^.+ at 10:00\.000$/);
		expect(sayings.says(pause, true)).not.toContain('pause.start');
	});
});
