import { expect, test } from 'vitest';
import { presetById } from '../../src/lib/rules/presets';
import { addDevice, call, createEvent, DAY, expectStatus, RUN, writeSetup } from '../sync-kit';

/**
 * The register over real HTTP against the production build (issue 14): people and
 * registrations past capacity, cancellations with and without refund moving the first waiting
 * one up, fees paid and the totals, a stale edit refused with both records, the history, and
 * what the other roles see: no contact data or date of birth anywhere.
 */

const IND = presetById('czjpa-individual')!;
const FAM = presetById('es-family-group')!;
const DAY_MS = 86_400_000;
const EVENT_DAY = Date.parse(`${DAY}T10:00:00Z`);
const T0 = EVENT_DAY - 60 * DAY_MS;

test('the register: capacity and waiting list (CZ-IND-CAP), refunds (CZ-GEN-REFUND), fees and totals, a stale edit, the history, privacy', async () => {
	const { eventId, token } = await createEvent(`Register ${RUN}`);
	const e = `/api/events/${eventId}`;
	const ind = `rg-${RUN}-ind`;
	const fam = `rg-${RUN}-fam`;
	await writeSetup(eventId, token, {
		rulesets: [IND, FAM],
		competitions: [
			{ id: ind, eventId, name: 'CZJPA individual', ruleset: { id: IND.id, version: IND.version } },
			{ id: fam, eventId, name: 'Familias', ruleset: { id: FAM.id, version: FAM.version } }
		],
		heats: [{ id: `${ind}-h1`, competitionId: ind, name: 'Heat 1' }],
		// A seated competitor whose date of birth the organizer entered.
		entries: [{ id: `${ind}-e1`, competitionId: ind, heatId: `${ind}-h1`, name: 'Jana Nováková', members: [{ id: `${ind}-m1`, name: 'Jana Nováková', birthDate: '1991-07-08', country: 'CZ' }] }]
	});
	const send = async (path: string, json: unknown, status: number, what: string) => expectStatus(await call('POST', `${e}${path}`, { token, json }), status, what).body;

	// 78 by import, with e-mail, phone and date of birth; then four more one by one: 80 registered, 2 waiting.
	const rows = Array.from({ length: 78 }, (_, i) => ({
		name: `Řešitel ${i + 1}`,
		birthDate: `1980-01-${String((i % 28) + 1).padStart(2, '0')}`,
		email: `solver${i + 1}.${RUN}@example.org`,
		phone: `+420 777 ${String(100000 + i)}`,
		competitionId: ind,
		registeredAt: T0 + i
	}));
	const imported = await send('/registrations/import', { rows }, 200, 'import');
	expect(imported).toMatchObject({ peopleAdded: 78, registrationsAdded: 78, rowsUnchanged: 0 });
	expect(await send('/registrations/import', { rows }, 200, 'the same rows again')).toEqual({ peopleAdded: 0, registrationsAdded: 0, rowsUnchanged: 78, registrations: [] });
	for (let i = 79; i <= 82; i++) {
		await send('/people', { person: { id: `p${i}`, name: `Řešitel ${i}`, birthDate: '1979-12-31', email: `solver${i}.${RUN}@example.org`, phone: '+34 600 000 000' } }, 201, `person ${i}`);
		const { registration } = await send('/registrations', { registration: { id: `r${i}`, competitionId: ind, memberIds: [`p${i}`], registeredAt: T0 + i } }, 201, `registration ${i}`);
		expect(registration.status, `registration ${i}`).toBe(i <= 80 ? 'registered' : 'waiting');
		expect(registration.fee).toEqual({ amount: 400, currency: 'CZK' });
	}
	let register = expectStatus(await call('GET', `${e}/register`, { token }), 200, 'register').body;
	expect(register.totals.find((t: { competitionId: string }) => t.competitionId === ind)).toMatchObject({ registered: 80, waiting: 2, due: 32_000, paid: 0, outstanding: 32_000 });

	// Cancelled 20 days before: refund due, and the first waiting one moves up; 10 days before: not due, the next moves up.
	const [first, second] = imported.registrations as { id: string }[];
	const early = await send(`/registrations/${first!.id}`, { action: 'pay', expectedVersion: 1, paid: { amount: 400 } }, 200, 'pay the first');
	expect(early.registration.paid.amount).toBe(400);
	const cancel20 = await send(`/registrations/${first!.id}`, { action: 'cancel', expectedVersion: 2, at: EVENT_DAY - 20 * DAY_MS }, 200, 'cancel 20 days before');
	expect(cancel20.registration.cancelled.refundDue).toBe(true);
	expect(cancel20.movedUp.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([['r81', 'registered']]);
	expect(cancel20.movedUp[0].movedUpAt).toBeGreaterThan(T0);
	await send(`/registrations/${second!.id}`, { action: 'pay', expectedVersion: 1, paid: { amount: 400 } }, 200, 'pay the second');
	const cancel10 = await send(`/registrations/${second!.id}`, { action: 'cancel', expectedVersion: 2, at: EVENT_DAY - 10 * DAY_MS }, 200, 'cancel 10 days before');
	expect(cancel10.registration.cancelled.refundDue).toBe(false);
	expect(cancel10.movedUp.map((r: { id: string }) => r.id)).toEqual(['r82']);

	// Fees paid: the totals.
	const third = (imported.registrations as { id: string }[])[2]!;
	await send(`/registrations/${third.id}`, { action: 'pay', expectedVersion: 1, paid: { amount: 400 } }, 200, 'pay the third');
	await send('/registrations/r81', { action: 'pay', expectedVersion: 2, paid: { amount: 150 } }, 200, 'a part paid');
	register = expectStatus(await call('GET', `${e}/register`, { token }), 200, 'register').body;
	expect(register.totals.find((t: { competitionId: string }) => t.competitionId === ind)).toEqual({
		competitionId: ind,
		currency: 'CZK',
		registered: 80,
		waiting: 0,
		cancelled: 2,
		due: 32_000,
		paid: 550,
		outstanding: 31_450,
		refundsDue: 400,
		retained: 400,
		waitingPaid: 0
	});

	// Two organizer devices edit the same person from version 1: the later one is refused with both records.
	const laptop = await addDevice(eventId, token, 'organizer', 'Second laptop');
	const base = { name: 'Řešitel 79', birthDate: '1979-12-31', email: `solver79.${RUN}@example.org`, phone: '+34 600 000 000' };
	expectStatus(await call('POST', `${e}/people/p79`, { token: laptop.token, json: { person: { ...base, club: 'Puzzle Brno' }, expectedVersion: 1 } }), 200, 'the first edit');
	const refused = expectStatus(await call('POST', `${e}/people/p79`, { token, json: { person: { ...base, notes: 'vegetarian' }, expectedVersion: 1 } }), 409, 'the stale edit');
	expect(refused.body.message).toMatch(/changed since it was opened/);
	expect(refused.body.conflict.current).toMatchObject({ club: 'Puzzle Brno', version: 2 });
	expect(refused.body.conflict.sent).toMatchObject({ notes: 'vegetarian' });
	expect(expectStatus(await call('GET', `${e}/people/p79`, { token }), 200, 'p79').body.person).toMatchObject({ club: 'Puzzle Brno', version: 2 });

	// The history: who, when, what.
	const history = expectStatus(await call('GET', `${e}/people/p79/history`, { token }), 200, 'history').body.changes;
	expect(history.map((c: { kind: string }) => c.kind)).toEqual(['person.created', 'registration.created', 'person.changed']);
	expect(history[2].changes).toEqual([{ field: 'club', before: null, after: 'Puzzle Brno' }]);
	expect(history[2].by.label).toBe('Second laptop');

	// Privacy: judge and display devices read the set-up without dates of birth, and nothing of the register.
	const judge = await addDevice(eventId, token, 'judge', 'Table 1');
	const display = await addDevice(eventId, token, 'display', 'Hall');
	const personal = [/@example\.org/, /\+420 777/, /\+34 600/, /1991-07-08/, /1980-01-/, /1979-12-31/];
	for (const [role, t] of [['judge', judge.token], ['display', display.token]] as const) {
		const setup = expectStatus(await call('GET', `${e}/setup`, { token: t }), 200, `set-up as ${role}`);
		for (const p of personal) expect(setup.text, `${role}: ${p}`).not.toMatch(p);
		expect(setup.body.entries[0].members[0]).toEqual({ id: `${ind}-m1`, name: 'Jana Nováková', country: 'CZ' });
		for (const path of ['/register', '/people', '/registrations', '/people/p79', '/people/p79/history'])
			expectStatus(await call('GET', `${e}${path}`, { token: t }), 403, `${path} as ${role}`);
	}
	const own = expectStatus(await call('GET', `${e}/setup`, { token }), 200, 'set-up as organizer');
	expect(own.body.entries[0].members[0].birthDate).toBe('1991-07-08');
	// Published results are public: names and times only.
	expectStatus(await call('POST', `${e}/publications`, { token, json: { competitionId: ind } }), 201, 'publish');
	const pub = expectStatus(await call('GET', `/api/public/events/${eventId}/results/${ind}?version=1`), 200, 'public results');
	for (const p of personal) expect(pub.text).not.toMatch(p);

	// Erased after the event: personal data gone from the person and the history; the name stays.
	const erased = expectStatus(await call('POST', `${e}/people/p79/erase`, { token }), 200, 'erase').body.person;
	expect(erased).toMatchObject({ id: 'p79', name: 'Řešitel 79' });
	const after = expectStatus(await call('GET', `${e}/people/p79/history`, { token }), 200, 'history after erasure').text;
	expect(after).not.toMatch(/solver79|\+34 600|1979-12-31|Puzzle Brno/);
});
