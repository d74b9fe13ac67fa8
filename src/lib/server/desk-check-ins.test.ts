import { beforeEach, describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { presetById } from '$lib/rules/presets';
import type { Device } from '$lib/contract';
import { checkInsOfEvent } from './desk-check-ins';
import { createPerson, createRegistration, registerOf } from './register';
import type { Store } from './store';
import { storePerTest } from './store-per-test.testkit';
import { pushEvents } from './sync-push';
import { issueToken } from './tokens';
import { openTwoEvents } from './two-events.testkit';

let store: Store;
storePerTest(openTwoEvents, (s) => {
	store = s;
});

const E = 'spring'; // 2026-05-16
const AT = Date.UTC(2026, 4, 16, 8);
const organizer: Device = { id: 'tok-org', eventId: E, role: 'organizer', label: 'Laptop' };
let deskToken: Device;

beforeEach(() => {
	const { token: _, ...issued } = issueToken(store, { eventId: E, role: 'desk', label: 'Door 1', now: AT - 1000 });
	deskToken = issued;
	const ind = presetById('czjpa-individual')!;
	store.insertSetup({ rulesets: [ind], competitions: [{ id: 'ind', eventId: E, name: 'Individual', ruleset: { id: ind.id, version: ind.version } }] });
	for (const [id, name, birthDate] of [['p1', 'Tomáš Malý', '2013-01-01'], ['p2', 'Eva Malá', '2014-01-01']] as const) {
		createPerson(store, organizer, E, { person: { id, name, birthDate } }, AT - 1000);
		createRegistration(store, organizer, E, { registration: { id: `r-${id}`, competitionId: 'ind', memberIds: [id] }, despiteProblems: true }, AT - 1000);
	}
});

describe('issue 30 #10: what the desk records reaches the register', () => {
	it('issue 30 #10 (CZ-GEN-AGE): the adult typed at the desk answers "an accompanying adult is required"; the desk’s undo brings it back', () => {
		const problemsOf = () => registerOf(store, E).problems.map((p) => [p.registrationId, p.problems.map((x) => x.code)]);
		expect(problemsOf()).toEqual([['r-p1', ['companion-missing']], ['r-p2', ['companion-missing']]]);
		const log = new DeviceLog({ deviceId: 'desk-1', judge: 'Door 1', competitionId: 'ind', heatId: null });
		const tom = log.record('entry.checked-in', AT, 'r-p1', { accompaniedBy: 'Petr Malý' });
		const eva = log.record('entry.checked-in', AT + 1, 'r-p2', { accompaniedBy: 'Jana Malá', companions: 0 });
		pushEvents(store, deskToken, { events: [tom, eva] }, AT + 2);
		expect(problemsOf()).toEqual([]);
		pushEvents(store, deskToken, { events: [log.correct(eva, AT + 3, 'wrong person')] }, AT + 4);
		expect(problemsOf()).toEqual([['r-p2', ['companion-missing']]]);
		expect([...checkInsOfEvent(store, E).entries()].map(([id, c]) => [id, c.payload])).toEqual([['r-p1', { accompaniedBy: 'Petr Malý' }]]);
	});
});
