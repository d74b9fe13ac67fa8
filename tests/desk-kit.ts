import type { Person, Registration } from '../src/lib/registration/schema';
import { deriveRuleset } from '../src/lib/rules/derive';
import { presetById } from '../src/lib/rules/presets';
import { addDevice, call, createEvent, expectStatus, writeSetup } from './sync-kit';

/**
 * Puts people and registrations into an event's register through the organizer's API, as
 * the register screens do: each person, then each registration at its time of registration
 * (its status is the server's: registered, or waiting past the capacity), then its payment.
 */
export async function seedRegister(eventId: string, orgToken: string, people: Person[], registrations: Registration[]): Promise<void> {
	for (const { eventId: _, version: __, ...person } of people)
		expectStatus(await call('POST', `/api/events/${eventId}/people`, { token: orgToken, json: { person } }), 201, `person ${person.id}`);
	for (const r of registrations) {
		const created = expectStatus(
			await call('POST', `/api/events/${eventId}/registrations`, {
				token: orgToken,
				json: { registration: { id: r.id, competitionId: r.competitionId, memberIds: r.memberIds, registeredAt: r.registeredAt }, despiteProblems: true }
			}),
			201,
			`registration ${r.id}`
		).body.registration as Registration;
		if (created.status !== r.status) throw new Error(`registration ${r.id}: ${created.status}, not ${r.status}`);
		if (r.paid)
			expectStatus(
				await call('POST', `/api/events/${eventId}/registrations/${r.id}`, { token: orgToken, json: { action: 'pay', expectedVersion: created.version, paid: r.paid } }),
				200,
				`payment of ${r.id}`
			);
	}
}

/**
 * An event of its own for the door: a CZJPA individual with one heat seating Jana Nováková
 * (unpaid, club Skládačky Brno) and Tomáš Malý (born 2012: under 16), Eva Nová waiting and in no
 * heat (their registration IDs are their entries' IDs), with e-mail, phone and birth dates in
 * the register; a desk "Door 1" and a judge "Table 1" added.
 */
export async function organizeDeskEvent() {
	const created = await createEvent(`Desk cup ${Math.random().toString(36).slice(2, 7)}`);
	const { eventId, token } = created;
	// The CZJPA individual with room for two: the third to register waits.
	const derived = deriveRuleset(presetById('czjpa-individual')!, `${eventId}-czjpa`, 'CZJPA individual, 2 places', { capacity: { max: 2, per: 'person' } });
	if (!derived.ok) throw new Error(`the desk's ruleset: ${JSON.stringify(derived)}`);
	const RULESET = derived.value;
	const competitionId = `${eventId}-ind`;
	const heatId = `${eventId}-h1`;
	const id = (s: string) => `${eventId}-${s}`;
	// Jana and Tom are seated (their registration IDs are their entries' IDs); Eva waits, in no heat.
	await writeSetup(eventId, token, {
		rulesets: [RULESET],
		competitions: [{ id: competitionId, eventId, name: 'Individual', ruleset: { id: RULESET.id, version: RULESET.version } }],
		heats: [{ id: heatId, competitionId, name: 'Heat 1' }],
		entries: [
			{ id: id('r-jana'), competitionId, heatId, name: 'Jana Nováková', members: [], table: '1', seat: '1' },
			{ id: id('r-tom'), competitionId, heatId, name: 'Tomáš Malý', members: [], table: '1', seat: '2' }
		]
	});
	const person = (key: string, name: string, birthDate: string, extra: Partial<Person> = {}): Person => ({
		id: id(key), eventId, name, birthDate, email: `${key}@example.org`, phone: '+420 777 000 111', version: 1, ...extra
	});
	const registration = (key: string, who: Person, registeredAt: number, extra: Partial<Registration> = {}): Registration => ({
		id: id(key), eventId, competitionId, name: who.name, memberIds: [who.id], registeredAt, status: 'registered', fee: { amount: 400, currency: 'CZK' }, paid: null, cancelled: null, version: 1, ...extra
	});
	const jana = person('jana', 'Jana Nováková', '1990-01-02', { club: 'Skládačky Brno' });
	const tom = person('tom', 'Tomáš Malý', '2012-03-04');
	const eva = person('eva', 'Eva Nová', '1985-07-08');
	await seedRegister(eventId, token, [jana, tom, eva], [
		registration('r-jana', jana, 1),
		registration('r-tom', tom, 2, { paid: { amount: 400, at: 3 } }),
		registration('r-eva', eva, 4, { status: 'waiting', paid: { amount: 400, at: 5 } })
	]);
	const desk = await addDevice(eventId, token, 'desk', 'Door 1');
	const judge = await addDevice(eventId, token, 'judge', 'Table 1');
	return { eventId, competitionId, heatId, id, token, desk, judge, eventName: created.event.name };
}
