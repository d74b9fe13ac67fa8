import { describe, expect, it } from 'vitest';
import { PRESETS } from '$lib/rules/presets';
import { answerOf } from './http-error.testkit';
import { eventSetup, saveOrganizerSetup } from './organizer-setup';
import type { Store } from './store';
import { openTwoEvents } from './two-events.testkit';
import { storePerTest } from './store-per-test.testkit';

/** Issue 29 #8 through the organizer's set-up write: labels a person reads as one seat are one seat; names hold no control characters. */
let store: Store;
storePerTest(openTwoEvents, (s) => (store = s));

const ruleset = PRESETS[0]!;
const solo = { id: 'spring-solo', eventId: 'spring', name: 'Solo', ruleset: { id: ruleset.id, version: ruleset.version } };
const heat = { id: 'spring-solo-h1', competitionId: 'spring-solo', name: 'Heat 1' };
const entry = (id: string, name: string, table: string, seat: string) => ({ id, competitionId: 'spring-solo', heatId: heat.id, name, members: [], table, seat });
const prepare = () => saveOrganizerSetup(store, 'spring', { rulesets: [ruleset], competitions: [solo], heats: [heat] });

describe('seat labels and names at the set-up write (issue 29 #8)', () => {
	it('issue 29 #8: entries at table "1" seat "A" and table "01 " seat "a" are refused as one seat (409), in one write or in two', () => {
		prepare();
		const together = answerOf(() => saveOrganizerSetup(store, 'spring', { entries: [entry('s1', 'Ann', '1', 'A'), entry('s2', 'Bob', '01 ', 'a')] }));
		expect(together.status).toBe(409);
		expect(together.message).toMatch(/table 1 seat A of heat spring-solo-h1 would hold two entries \(Ann, Bob\)/);
		expect(eventSetup(store, 'spring')!.entries).toEqual([]);

		saveOrganizerSetup(store, 'spring', { entries: [entry('s1', 'Ann', '1', 'A')] });
		expect(answerOf(() => saveOrganizerSetup(store, 'spring', { entries: [entry('s2', 'Bob', '01 ', 'a')] })).status).toBe(409);
		expect(answerOf(() => saveOrganizerSetup(store, 'spring', { entries: [entry('s2', 'Bob', '\u00a01', '\u0410')] })).status).toBe(409); // a no-break space; Cyrillic А
		expect(eventSetup(store, 'spring')!.entries.map((e) => e.id)).toEqual(['s1']);
	});

	it('issue 29 #8: a label is stored as shown: "01 " is table "1"; "T1" stays "T1"', () => {
		prepare();
		saveOrganizerSetup(store, 'spring', { entries: [entry('s1', 'Ann', '01 ', 'A\u00a0'), entry('s2', 'Bob', 'T1', 'b')] });
		expect(eventSetup(store, 'spring')!.entries.map((e) => [e.table, e.seat])).toEqual([['1', 'A'], ['T1', 'b']]);
	});

	it('issue 29 #8: a name with NUL is refused with 400 naming the field; nothing is written', () => {
		prepare();
		const nul = answerOf(() => saveOrganizerSetup(store, 'spring', { entries: [entry('s1', 'Ann', '1', '1'), entry('s2', 'Bob\u0000', '1', '2')] }));
		expect(nul.status).toBe(400);
		expect(nul.message).toMatch(/^entries\[1\]\.name: a control character \(U\+0000 at character 4\) is not allowed/);
		const heatName = answerOf(() => saveOrganizerSetup(store, 'spring', { heats: [{ ...heat, name: 'Heat\u202e 1' }] }));
		expect(heatName).toMatchObject({ status: 400, message: expect.stringMatching(/^heats\[0\]\.name: a control character \(U\+202E/) });
		expect(eventSetup(store, 'spring')!.entries).toEqual([]);
		expect(eventSetup(store, 'spring')!.heats).toEqual([heat]);
	});
});
