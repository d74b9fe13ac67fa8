import { beforeEach, describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { presetById } from '$lib/rules/presets';
import type { Device } from '$lib/contract';
import { actOnRegistration, createPerson, createRegistration, registerOf } from './register';
import { getRegistration, listChanges } from './register-store';
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
const door = () => new DeviceLog({ deviceId: 'desk-1', judge: 'Door 1', competitionId: 'ind', heatId: null });

beforeEach(() => {
	const { token: _, ...issued } = issueToken(store, { eventId: E, role: 'desk', label: 'Door 1', now: AT - 1000 });
	deskToken = issued;
	const ind = presetById('czjpa-individual')!;
	const kids = presetById('es-kids-group')!;
	store.insertSetup({
		rulesets: [ind, kids],
		competitions: [
			{ id: 'ind', eventId: E, name: 'Individual', ruleset: { id: ind.id, version: ind.version } },
			{ id: 'kids', eventId: E, name: 'Kids', ruleset: { id: kids.id, version: kids.version } }
		]
	});
	for (const [id, name, birthDate] of [['p1', 'Jana', '1990-01-01'], ['p2', 'Petr', '1990-01-01'], ['p3', 'Tom', '2013-01-01']] as const)
		createPerson(store, organizer, E, { person: { id, name, birthDate } }, AT - 1000);
	for (const [id, p] of [['r1', 'p1'], ['r2', 'p2'], ['r3', 'p3']] as const)
		createRegistration(store, organizer, E, { registration: { id, competitionId: 'ind', memberIds: [p] }, despiteProblems: true }, AT - 1000);
});

const totals = () => registerOf(store, E).totals.find((t) => t.competitionId === 'ind')!;

describe('issue 30 #1: one payment record, whichever device took it', () => {
	it('issue 30 #1 (ES-FEE): a fee paid at the desk is the registration’s payment: totals, outstanding, the change log', () => {
		const log = door();
		const jana = log.record('entry.checked-in', AT, 'r1', { paid: true });
		const petr = log.record('entry.checked-in', AT + 1000, 'r2', { paid: false });
		pushEvents(store, deskToken, { events: [jana, petr] }, AT + 2000);
		expect(getRegistration(store, E, 'r1')!.paid).toEqual({ amount: 400, at: AT, checkInId: jana.id });
		expect(getRegistration(store, E, 'r2')!.paid).toBeNull();
		expect(totals()).toMatchObject({ due: 1200, paid: 400, outstanding: 800 });
		expect(listChanges(store, E, { registrationId: 'r1' }).map((c) => [c.kind, c.by.label, c.at])).toEqual([
			['registration.created', 'Laptop', AT - 1000],
			['registration.paid', 'Door 1', AT + 2000]
		]);
		// Sent again (a retried push): nothing changes twice.
		pushEvents(store, deskToken, { events: [jana, petr] }, AT + 3000);
		expect(listChanges(store, E, { registrationId: 'r1' })).toHaveLength(2);
		expect(totals().paid).toBe(400);
	});

	it('issue 30 #1: the desk’s undo takes its payment back; a payment the organizer recorded stays, and is not counted twice', () => {
		const log = door();
		const jana = log.record('entry.checked-in', AT, 'r1', { paid: true });
		pushEvents(store, deskToken, { events: [jana] }, AT + 1);
		const undo = log.correct(jana, AT + 2, 'wrong person');
		pushEvents(store, deskToken, { events: [undo] }, AT + 3);
		expect(getRegistration(store, E, 'r1')!.paid).toBeNull();
		expect(totals().paid).toBe(0);

		// Paid at the organizer's laptop meanwhile; a desk that did not know takes it again: one payment.
		const r2 = getRegistration(store, E, 'r2')!;
		actOnRegistration(store, organizer, E, 'r2', { action: 'pay', expectedVersion: r2.version, paid: { amount: 400, at: AT } }, AT);
		pushEvents(store, deskToken, { events: [log.record('entry.checked-in', AT + 5, 'r2', { paid: true })] }, AT + 6);
		expect(getRegistration(store, E, 'r2')!.paid).toEqual({ amount: 400, at: AT });
		expect(totals().paid).toBe(400);
		// Its check-in undone: the organizer's payment stays.
		const [r2CheckIn] = log.events.filter((e) => e.entryId === 'r2');
		pushEvents(store, deskToken, { events: [log.correct(r2CheckIn!, AT + 7, 'wrong person')] }, AT + 8);
		expect(getRegistration(store, E, 'r2')!.paid).toEqual({ amount: 400, at: AT });
	});
});
