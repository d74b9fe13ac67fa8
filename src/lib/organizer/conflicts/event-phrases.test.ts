import { describe, expect, it } from 'vitest';
import { competition, MIN, SEC, T0 } from '$lib/scoring/testkit';
import { contextOf, stepsOf, tabletLog } from './conflicts.testkit';

describe('EventPhrases', () => {
	/** Table A started Ana and Bob and recorded each kind of event; the desk corrected one. */
	function phrased(locale: 'en' | 'es' = 'en') {
		const setup = competition('czjpa-individual', ['Ana', 'Bob']);
		const a = tabletLog('tab-a');
		const org = tabletLog('org-desk', 'Org');
		const start = a.start(T0, ['ana', 'bob']);
		const hand = a.hand('ana', T0 + 8 * MIN + 31_103);
		const check = a.confirm(hand, T0 + 9 * MIN, 2);
		const ack = a.ack('ana', T0 + 9 * MIN + SEC);
		const tally = a.tally('bob', T0 + 91 * MIN, [300, 2, 1]);
		const pause = a.pause('bob', T0 + 10 * MIN);
		const correction = org.correct(check, T0 + 20 * MIN, 'miscounted');
		const log = [...a.events, ...org.events];
		const { phrases } = stepsOf(contextOf(setup, log, locale), 'ana');
		return { phrases, events: { start, hand, check, ack, tally, pause, correction } };
	}

	it('names each kind of event as a noun, with its tablet', () => {
		const { phrases, events: e } = phrased();
		expect(phrases.phrase(e.hand)).toBe('Table A’s finish (8:31.103)');
		expect(phrases.phrase(e.start)).toBe('Table A’s start (09:00:00.000)');
		expect(phrases.phrase(e.check)).toBe('Table A’s check (confirmed, 2 pieces missing)');
		expect(phrases.phrase(e.ack)).toBe('the competitor’s agreement on Table A');
		expect(phrases.phrase(e.correction)).toBe('Desk’s correction (“miscounted”)');
		expect(phrases.phrase(e.tally)).toBe('Table A’s tally (pieces counted: 300)');
		expect(phrases.phrase(e.pause)).toMatch(/^Table A’s “.+” \(10:00\.000\)$/);
	});

	it("names an event by its ID, or says it is not on this device; in the context's locale", () => {
		const { phrases, events: e } = phrased('es');
		expect(phrases.phraseOf(e.hand.id)).toBe('el final de Table A (8:31,103)');
		expect(phrased().phrases.phraseOf('gone-1')).toBe('an event that is not on this device');
	});
});
