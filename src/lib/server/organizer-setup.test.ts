import { describe, expect, it } from 'vitest';
import { PRESETS } from '$lib/rules/presets';
import { answerOf } from './http-error.testkit';
import { eventSetup, saveOrganizerSetup } from './organizer-setup';
import { Store } from './store';
import { openTwoEvents } from './two-events.testkit';
import { storePerTest } from './store-per-test.testkit';

let store: Store;
storePerTest(openTwoEvents, (s) => (store = s));

const ruleset = PRESETS[0]!;
const rs = { id: ruleset.id, version: ruleset.version };
const springSolo = { id: 'spring-solo', eventId: 'spring', name: 'Solo', ruleset: rs };
const heat = { id: 'spring-solo-h1', competitionId: 'spring-solo', name: 'Heat 1' };
const entry = (id: string, name: string) => ({ id, competitionId: 'spring-solo', heatId: 'spring-solo-h1', name, members: [], table: '1' });

describe("the organizer's set-up", () => {
	it('adds a competition with its ruleset, heat and entries; GET setup answers them', () => {
		expect(saveOrganizerSetup(store, 'spring', { rulesets: [ruleset], competitions: [springSolo], heats: [heat], entries: [entry('s1', 'Ann'), entry('s2', 'Bob')] })).toEqual({ rulesets: 1, competitions: 1, heats: 1, entries: 2 });
		const setup = eventSetup(store, 'spring')!;
		expect(setup.competitions).toEqual([springSolo]);
		expect(setup.rulesets).toEqual([ruleset]);
		expect(setup.heats).toEqual([heat]);
		expect(setup.entries.map((e) => e.name)).toEqual(['Ann', 'Bob']);
		expect(eventSetup(store, 'autumn')!.competitions).toEqual([]);
		expect(eventSetup(store, 'nowhere')).toBeUndefined();
	});

	it('replaces items by ID (a registration changed), keeping their order', () => {
		saveOrganizerSetup(store, 'spring', { rulesets: [ruleset], competitions: [springSolo], heats: [heat], entries: [entry('s1', 'Ann'), entry('s2', 'Bob')] });
		saveOrganizerSetup(store, 'spring', { competitions: [{ ...springSolo, name: 'Solo open' }], entries: [{ ...entry('s1', 'Anna Nová'), table: '7' }] });
		const setup = eventSetup(store, 'spring')!;
		expect(setup.competitions[0]!.name).toBe('Solo open');
		expect(setup.entries.map((e) => [e.name, e.table])).toEqual([['Anna Nová', '7'], ['Bob', '1']]);
	});

	it("keeps a qualifying round's final and rule (advancesTo), replaced or removed with the competition; the final must be another competition of the event", () => {
		const final = { id: 'spring-final', eventId: 'spring', name: 'Final', ruleset: rs };
		const rule = { competitionId: 'spring-final', rule: { mode: 'per-heat' as const, count: 2, countryQuota: 1 } };
		saveOrganizerSetup(store, 'spring', { rulesets: [ruleset], competitions: [final, { ...springSolo, advancesTo: rule }] });
		expect(eventSetup(store, 'spring')!.competitions.find((c) => c.id === 'spring-solo')).toEqual({ ...springSolo, advancesTo: rule });
		expect(store.getCompetition('spring', 'spring-solo')?.advancesTo).toEqual(rule);
		saveOrganizerSetup(store, 'spring', { competitions: [springSolo] });
		expect(eventSetup(store, 'spring')!.competitions.find((c) => c.id === 'spring-solo')).toEqual(springSolo);
		saveOrganizerSetup(store, 'autumn', { rulesets: [ruleset], competitions: [{ ...springSolo, id: 'autumn-solo', eventId: 'autumn' }] });
		const refused = (advancesTo: unknown) => answerOf(() => saveOrganizerSetup(store, 'spring', { competitions: [{ ...springSolo, advancesTo }] }));
		expect(refused({ ...rule, competitionId: 'spring-solo' })).toMatchObject({ status: 400 });
		expect(refused({ ...rule, competitionId: 'autumn-solo' })).toMatchObject({ status: 400 });
		expect(refused({ ...rule, rule: { mode: 'overall', count: 0 } })).toMatchObject({ status: 400 });
		expect(eventSetup(store, 'spring')!.competitions.find((c) => c.id === 'spring-solo')).toEqual(springSolo);
	});

	it('refuses, all or nothing: another event, a missing ruleset, a heat of another competition, a changed ruleset version', () => {
		saveOrganizerSetup(store, 'autumn', { rulesets: [ruleset], competitions: [{ ...springSolo, id: 'autumn-solo', eventId: 'autumn' }] });
		const cases: [unknown, number, RegExp][] = [
			[{ competitions: [{ ...springSolo, eventId: 'autumn' }] }, 400, /eventId must be "spring"/],
			[{ competitions: [{ ...springSolo, ruleset: { id: 'nope', version: 1 } }] }, 400, /ruleset nope version 1 is not on the server/],
			[{ competitions: [springSolo], heats: [{ ...heat, competitionId: 'autumn-solo' }] }, 400, /not part of this event/],
			[{ rulesets: [{ ...ruleset, timeLimitMs: 1 }] }, 409, /give it a new version/],
			[{ competitions: [springSolo], heats: [heat], entries: [{ ...entry('s9', 'X'), heatId: 'elsewhere' }] }, 400, /not a heat of competition/],
			[{ entries: 'all of them' }, 400, /entries/]
		];
		for (const [body, status, message] of cases) {
			const answer = answerOf(() => saveOrganizerSetup(store, 'spring', body));
			expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(status);
			expect(answer.message).toMatch(message);
		}
		expect(eventSetup(store, 'spring')!.competitions).toEqual([]);
		expect(store.getHeat('spring', 'spring-solo-h1')).toBeUndefined();
	});

	// Was a refusal in the case above ('competition autumn-solo belongs to another event', 409: an oracle, and spring could not use the ID).
	it("issue 29 #10: an organizer uses competition, heat and entry IDs another event holds; each event keeps its own, the other's unchanged", () => {
		const autumn = { ...springSolo, id: 'solo', eventId: 'autumn', name: 'Autumn solo' };
		const autumnHeat = { id: 'solo-h1', competitionId: 'solo', name: 'Autumn heat' };
		const autumnEntry = { id: 'e1', competitionId: 'solo', heatId: 'solo-h1', name: 'Autumn Ann', members: [], table: '1', seat: '1' };
		saveOrganizerSetup(store, 'autumn', { rulesets: [ruleset], competitions: [autumn], heats: [autumnHeat], entries: [autumnEntry] });
		const autumnBefore = eventSetup(store, 'autumn');
		const spring = { ...autumn, eventId: 'spring', name: 'Spring solo' };
		const springHeat = { ...autumnHeat, name: 'Spring heat' };
		const springEntry = { ...autumnEntry, name: 'Spring Bob' };
		expect(saveOrganizerSetup(store, 'spring', { competitions: [spring], heats: [springHeat], entries: [springEntry] })).toEqual({ rulesets: 0, competitions: 1, heats: 1, entries: 1 });
		// Written again (a replace by ID), then one more entry on the same seat number of the other event's heat: each event alone.
		saveOrganizerSetup(store, 'spring', { competitions: [{ ...spring, name: 'Spring solo open' }], entries: [{ ...springEntry, name: 'Spring Bobby' }, { ...springEntry, id: 'e2', name: 'Spring Cid', seat: '2' }] });
		const springSetup = eventSetup(store, 'spring')!;
		expect(springSetup.competitions).toEqual([{ ...spring, name: 'Spring solo open' }]);
		expect(springSetup.heats).toEqual([springHeat]);
		expect(springSetup.entries.map((e) => [e.id, e.name])).toEqual([['e1', 'Spring Bobby'], ['e2', 'Spring Cid']]);
		expect(eventSetup(store, 'autumn')).toEqual(autumnBefore);
		expect(store.getEntry('autumn', 'e1')?.name).toBe('Autumn Ann');
		expect(store.getEntry('autumn', 'e2')).toBeUndefined();
	});

	it('refuses a seat given to two entries of a heat (409, nothing written), from one write or from two devices; a swap in one write is fine', () => {
		const seated = (id: string, name: string, seat: string) => ({ ...entry(id, name), seat });
		saveOrganizerSetup(store, 'spring', { rulesets: [ruleset], competitions: [springSolo], heats: [heat], entries: [seated('s1', 'Ann', '1'), seated('s2', 'Bob', '2')] });
		const inOneWrite = answerOf(() => saveOrganizerSetup(store, 'spring', { entries: [seated('s3', 'Cid', '3'), seated('s4', 'Dan', '3')] }));
		expect(inOneWrite).toMatchObject({ status: 409 });
		expect(inOneWrite.message).toMatch(/table 1 seat 3 .*\(Cid, Dan\)/);
		// A second organizer device, from a copy that did not know Bob sits on seat 2.
		const fromStaleCopy = answerOf(() => saveOrganizerSetup(store, 'spring', { entries: [seated('s1', 'Ann', '2')] }));
		expect(fromStaleCopy).toMatchObject({ status: 409 });
		expect(fromStaleCopy.message).toMatch(/Ann, Bob|Bob, Ann/);
		expect(eventSetup(store, 'spring')!.entries.map((e) => [e.name, e.seat])).toEqual([['Ann', '1'], ['Bob', '2']]);
		saveOrganizerSetup(store, 'spring', { entries: [seated('s1', 'Ann', '2'), seated('s2', 'Bob', '1')] });
		expect(eventSetup(store, 'spring')!.entries.map((e) => [e.name, e.seat])).toEqual([['Ann', '2'], ['Bob', '1']]);
	});
});
