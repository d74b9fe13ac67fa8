import { isHttpError } from '@sveltejs/kit';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { JudgeEventSchema, type JudgeEvent } from '$lib/events/schema';
import { presetById } from '$lib/rules/presets';
import type { Device, RegisterImportRow } from '$lib/contract';
import { backupText } from './backup';
import { entryAudit } from './entry-audit';
import { actOnRegistration, changePerson, createPerson, createRegistration, erasePerson, importRegistrations, personHistory, registerOf } from './register';
import { listChanges, listRegistrations, StaleRecordError } from './register-store';
import { DB_FILE, type Store } from './store';
import { storePerTest } from './store-per-test.testkit';
import { openTwoEvents } from './two-events.testkit';

let store: Store;
let dir: string;
storePerTest(openTwoEvents, (s, d) => {
	store = s;
	dir = d;
});

const E = 'spring'; // 2026-05-16
const DAY = 86_400_000;
const EVENT_DAY = Date.UTC(2026, 4, 16, 10);
const T0 = EVENT_DAY - 60 * DAY;
const desk: Device = { id: 'tok-org', eventId: E, role: 'organizer', label: 'Desk laptop' };
const laptop: Device = { id: 'tok-org2', eventId: E, role: 'organizer', label: 'Second laptop' };

const COMPETITIONS = { ind: 'czjpa-individual', team: 'czjpa-team-relay', fam: 'es-family-group', adult: 'es-adult-individual' } as const;

beforeEach(() => {
	const rulesets = Object.values(COMPETITIONS).map((id) => presetById(id)!);
	store.insertSetup({
		rulesets,
		competitions: Object.entries(COMPETITIONS).map(([id, r]) => ({ id, eventId: E, name: id, ruleset: { id: r, version: presetById(r)!.version } }))
	});
});

/** The HTTP status of what `fn` throws. */
function statusOf(fn: () => unknown): number {
	try {
		fn();
	} catch (e) {
		if (isHttpError(e)) return e.status;
		throw e;
	}
	return 200;
}

const person = (id: string, name: string, extra: Record<string, unknown> = {}) => createPerson(store, desk, E, { person: { id, name, birthDate: '1990-01-01', ...extra } }, T0);
const register = (id: string, competitionId: string, memberIds: string[], at: number, extra: Record<string, unknown> = {}) =>
	createRegistration(store, desk, E, { registration: { id, competitionId, memberIds, registeredAt: at }, ...extra }, at);

describe('the register on the server', () => {
	it('issue 30 #13: a cancellation dated in the future is refused; the move-up it causes is never stamped before it', () => {
		for (let i = 1; i <= 81; i++) {
			person(`p${i}`, `Solver ${i}`);
			register(`r${i}`, 'ind', [`p${i}`], T0 + i);
		}
		const now = EVENT_DAY - 20 * DAY;
		expect(statusOf(() => actOnRegistration(store, desk, E, 'r1', { action: 'cancel', expectedVersion: 1, at: now + 2 * DAY }, now))).toBe(400);
		expect(listRegistrations(store, E, { competitionId: 'ind' }).find((r) => r.id === 'r1')!.status).toBe('registered');
		// A few minutes ahead (another device's clock) is today's cancellation: the move-up comes at it, not before.
		const { registration, movedUp } = actOnRegistration(store, desk, E, 'r1', { action: 'cancel', expectedVersion: 1, at: now + 5 * 60_000 }, now);
		expect(registration.cancelled!.at).toBe(now + 5 * 60_000);
		expect(movedUp.map((r) => [r.id, r.movedUpAt])).toEqual([['r81', now + 5 * 60_000]]);
	});

	it('CZ-IND-CAP: past 80 competitors registrations wait; a cancellation moves the first waiting one up, recorded with the time', () => {
		for (let i = 1; i <= 83; i++) {
			person(`p${i}`, `Solver ${i}`);
			register(`r${i}`, 'ind', [`p${i}`], T0 + i);
		}
		const regs = listRegistrations(store, E, { competitionId: 'ind' });
		expect(regs.filter((r) => r.status === 'registered')).toHaveLength(80);
		expect(regs.filter((r) => r.status === 'waiting').map((r) => r.id)).toEqual(['r81', 'r82', 'r83']);
		expect(regs[0]!.fee).toEqual({ amount: 400, currency: 'CZK' });

		const cancelledAt = EVENT_DAY - 20 * DAY;
		const { registration, movedUp } = actOnRegistration(store, desk, E, 'r5', { action: 'cancel', expectedVersion: 1, at: cancelledAt }, cancelledAt + 5);
		expect(registration).toMatchObject({ status: 'cancelled', cancelled: { at: cancelledAt, refundDue: true }, version: 2 });
		expect(movedUp.map((r) => [r.id, r.status, r.movedUpAt])).toEqual([['r81', 'registered', cancelledAt + 5]]);
		expect(listChanges(store, E, { registrationId: 'r81' }).map((c) => [c.kind, c.at, c.by.label])).toEqual([
			['registration.created', T0 + 81, 'Desk laptop'],
			['registration.moved-up', cancelledAt + 5, 'Desk laptop']
		]);
		// A cancelled waiting one frees no place; a new registration joins the end of the list.
		expect(actOnRegistration(store, desk, E, 'r83', { action: 'cancel', expectedVersion: 1 }, cancelledAt + 6).movedUp).toEqual([]);
		person('p84', 'Solver 84');
		expect(register('r84', 'ind', ['p84'], cancelledAt + 7).status).toBe('waiting');
		expect(statusOf(() => actOnRegistration(store, desk, E, 'r5', { action: 'cancel', expectedVersion: 2 }, cancelledAt))).toBe(409);
	});

	it('CZ-TEAM-CAP, CZ-TEAM-DRAW: people register alone for 20 drawn teams of four: 800 CZK each, no problem listed, the 81st waits', () => {
		for (let n = 1; n <= 81; n++) {
			const id = person(`solo${n}`, `Solo ${n}`).id;
			const r = register(`solo${n}`, 'team', [id], T0 + n);
			expect(r.fee).toEqual({ amount: 800, currency: 'CZK' });
			expect(r.status).toBe(n <= 80 ? 'registered' : 'waiting');
		}
		expect(registerOf(store, E).problems).toEqual([]);
	});

	it('CZ-TEAM-DRAW: two people in one registration for the drawn relay are refused unless registered despite it, then listed', () => {
		const ids = [person('pa', 'Pavla').id, person('pb', 'Petr').id];
		expect(statusOf(() => register('duo', 'team', ids, T0))).toBe(422);
		register('duo', 'team', ids, T0, { despiteProblems: true });
		expect(registerOf(store, E).problems.map((p) => p.problems.map((x) => x.code))).toEqual([['registers-alone']]);
	});

	it('CZ-GEN-REFUND: cancelled 20 days before the event the fee is due back; 10 days before it is not', () => {
		person('a', 'Ann');
		person('b', 'Bob');
		register('ra', 'ind', ['a'], T0);
		register('rb', 'ind', ['b'], T0);
		actOnRegistration(store, desk, E, 'ra', { action: 'pay', expectedVersion: 1, paid: { amount: 400 } }, T0 + 1);
		actOnRegistration(store, desk, E, 'rb', { action: 'pay', expectedVersion: 1, paid: { amount: 400 } }, T0 + 1);
		expect(actOnRegistration(store, desk, E, 'ra', { action: 'cancel', expectedVersion: 2, at: EVENT_DAY - 20 * DAY }, EVENT_DAY - 10 * DAY).registration.cancelled?.refundDue).toBe(true);
		expect(actOnRegistration(store, desk, E, 'rb', { action: 'cancel', expectedVersion: 2, at: EVENT_DAY - 10 * DAY }, EVENT_DAY - 10 * DAY).registration.cancelled?.refundDue).toBe(false);
		expect(registerOf(store, E).totals.find((t) => t.competitionId === 'ind')).toMatchObject({ cancelled: 2, refundsDue: 400, retained: 400, due: 0 });
	});

	it('ES-FEE: fees per person or per group, paid with the amount and time; totals per competition: due, paid, outstanding', () => {
		person('x', 'Xavi', { birthDate: '1980-01-01' });
		person('y', 'Yolanda', { birthDate: '1981-01-01' });
		register('rx', 'adult', ['x'], T0);
		register('ry', 'adult', ['y'], T0 + 1);
		const paid = actOnRegistration(store, desk, E, 'rx', { action: 'pay', expectedVersion: 1, paid: { amount: 1, at: T0 + 5 } }, T0 + 9).registration;
		expect(paid.paid).toEqual({ amount: 1, at: T0 + 5 });
		expect(registerOf(store, E).totals.find((t) => t.competitionId === 'adult')).toEqual({ competitionId: 'adult', currency: 'EUR', registered: 2, waiting: 0, cancelled: 0, due: 2, paid: 1, outstanding: 1, refundsDue: 0, retained: 0, waitingPaid: 0 });
		// Unpaid again (a mistake): recorded too.
		expect(actOnRegistration(store, desk, E, 'rx', { action: 'pay', expectedVersion: 2, paid: null }, T0 + 10).registration.paid).toBeNull();
		expect(listChanges(store, E, { registrationId: 'rx' }).map((c) => c.kind)).toEqual(['registration.created', 'registration.paid', 'registration.paid']);
	});

	it('ES-CAT: a family group with one child is refused, saying why; registered despite that it is listed with its problem; with two children it is fine', () => {
		const adults = [1, 2, 3, 4, 5].map((i) => person(`ad${i}`, `Adult ${i}`, { birthDate: '1980-01-01' }).id);
		const kids = [1, 2].map((i) => person(`kid${i}`, `Kid ${i}`, { birthDate: '2016-01-01' }).id);
		const family = (id: string, members: string[], extra = {}) => createRegistration(store, desk, E, { registration: { id, competitionId: 'fam', name: 'Familia García', memberIds: members }, ...extra }, T0);
		try {
			family('f1', [...adults, kids[0]!]);
			expect.unreachable();
		} catch (e) {
			expect(isHttpError(e) && e.status).toBe(422);
			expect(isHttpError(e) && e.body.message).toMatch(/needs at least 2 children \(5–14\), has 1/);
		}
		family('f1', [...adults, kids[0]!], { despiteProblems: true });
		expect(registerOf(store, E).problems).toEqual([{ registrationId: 'f1', competitionId: 'fam', name: 'Familia García', problems: [expect.objectContaining({ code: 'composition' })] }]);
		// The same adults in a second family: refused (already registered); the first one changed to two children: no problem left.
		expect(statusOf(() => family('f2', [...adults.slice(0, 4), ...kids]))).toBe(409);
		actOnRegistration(store, desk, E, 'f1', { action: 'change', expectedVersion: 1, memberIds: [...adults.slice(0, 4), ...kids] }, T0);
		expect(registerOf(store, E).problems).toEqual([]);
		expect(registerOf(store, E).registrations[0]!.fee).toEqual({ amount: 5, currency: 'EUR' });
	});

	it('CZ-GEN-AGE: an under-16 without an accompanying adult is refused at registration unless registered despite it, and listed', () => {
		person('teen', 'Eliška', { birthDate: '2012-01-01' });
		expect(statusOf(() => register('rt', 'ind', ['teen'], T0))).toBe(422);
		register('rt', 'ind', ['teen'], T0, { despiteProblems: true });
		expect(registerOf(store, E).problems[0]!.problems[0]!.code).toBe('companion-missing');
		changePerson(store, desk, E, 'teen', { person: { name: 'Eliška', birthDate: '2012-01-01', accompaniedBy: 'Jan Novák' }, expectedVersion: 1 }, T0);
		expect(registerOf(store, E).problems).toEqual([]);
	});

	it('two organizer devices edit the same person: the later save is refused with the current record, and neither change is lost', () => {
		person('j', 'Jana Nováková', { email: 'jana@example.org' });
		changePerson(store, desk, E, 'j', { person: { name: 'Jana Nováková', birthDate: '1990-01-01', email: 'jana@example.org', phone: '777 123 456' }, expectedVersion: 1 }, T0 + 1);
		let thrown: unknown;
		try {
			changePerson(store, laptop, E, 'j', { person: { name: 'Jana Nováková', birthDate: '1990-01-01', email: 'jana@example.org', notes: 'vegetarian' }, expectedVersion: 1 }, T0 + 2);
		} catch (e) {
			thrown = e;
		}
		expect(thrown).toBeInstanceOf(StaleRecordError);
		expect((thrown as StaleRecordError).current).toMatchObject({ phone: '777 123 456', version: 2 });
		expect(registerOf(store, E).people[0]).toMatchObject({ phone: '777 123 456', version: 2 });
		expect(registerOf(store, E).people[0]!.notes).toBeUndefined();
		// A registration edited from a stale version too.
		register('rj', 'ind', ['j'], T0);
		actOnRegistration(store, desk, E, 'rj', { action: 'pay', expectedVersion: 1, paid: { amount: 400 } }, T0);
		expect(() => actOnRegistration(store, laptop, E, 'rj', { action: 'cancel', expectedVersion: 1 }, T0)).toThrow(StaleRecordError);
		expect(listRegistrations(store, E)[0]!.status).toBe('registered');
	});

	it("every change is kept and shown on the person: who, when, what, before and after; the person's registrations too", () => {
		person('j', 'Jana', { email: 'jana@example.org' });
		changePerson(store, laptop, E, 'j', { person: { name: 'Jana Nováková', birthDate: '1990-01-01', email: 'jana@example.org' }, expectedVersion: 1 }, T0 + 1);
		register('rj', 'ind', ['j'], T0 + 2);
		actOnRegistration(store, desk, E, 'rj', { action: 'pay', expectedVersion: 1, paid: { amount: 400 } }, T0 + 3);
		const history = personHistory(store, E, 'j');
		expect(history.map((c) => [c.kind, c.at, c.by.label])).toEqual([
			['person.created', T0, 'Desk laptop'],
			['person.changed', T0 + 1, 'Second laptop'],
			['registration.created', T0 + 2, 'Desk laptop'],
			['registration.paid', T0 + 3, 'Desk laptop']
		]);
		expect(history[1]!.changes).toEqual([{ field: 'name', before: 'Jana', after: 'Jana Nováková' }]);
		expect(history[3]!.changes).toEqual([{ field: 'paid', before: null, after: { amount: 400, at: T0 + 3 } }]);
	});

	it("erasing a person removes their personal data from the record and its history; the name, registrations and country stay", () => {
		person('j', 'Jana Nováková', { email: 'jana@example.org', phone: '777 123 456', club: 'Puzzle Brno', country: 'CZ', notes: 'allergic' });
		changePerson(store, desk, E, 'j', { person: { name: 'Jana Nováková', birthDate: '1990-01-01', email: 'jana@other.org', country: 'CZ' }, expectedVersion: 1 }, T0 + 1);
		register('rj', 'ind', ['j'], T0 + 2);
		const erased = erasePerson(store, desk, E, 'j', T0 + 3);
		expect(erased).toEqual({ id: 'j', eventId: E, name: 'Jana Nováková', country: 'CZ', version: 3, erasedAt: T0 + 3 });
		const text = JSON.stringify([registerOf(store, E), personHistory(store, E, 'j'), listChanges(store, E)]);
		for (const gone of ['jana@example.org', 'jana@other.org', '777 123 456', 'Puzzle Brno', 'allergic', '1990-01-01']) expect(text).not.toContain(gone);
		expect(registerOf(store, E).registrations[0]).toMatchObject({ name: 'Jana Nováková', memberIds: ['j'] });
		expect(personHistory(store, E, 'j').at(-1)).toMatchObject({ kind: 'person.erased', at: T0 + 3 });
		expect(statusOf(() => changePerson(store, desk, E, 'j', { person: { name: 'Jana' }, expectedVersion: 3 }, T0))).toBe(409);
		expect(erasePerson(store, desk, E, 'j', T0 + 4)).toEqual(erased);
	});

	describe('issue 29 #4: erasure reaches what the desk typed', () => {
		const GUARDIAN = 'Guardian Six';
		const OTHERS = 'Guardian Seven';
		const EMAIL = 'eliska.erased@example.org';

		/** A minor and another competitor, registered and seated; the desk checks both in with their adults, then corrects the minor's check-in twice. */
		function checkedIn() {
			person('teen', 'Eliška', { birthDate: '2012-01-01', email: EMAIL, accompaniedBy: 'Jan Novák' });
			person('other', 'Ota', { birthDate: '2013-01-01', accompaniedBy: 'Olga' });
			register('rt', 'ind', ['teen'], T0, { despiteProblems: true });
			register('ro', 'ind', ['other'], T0 + 1);
			store.insertSetup({
				eventId: E,
				heats: [{ id: 'ind-h1', competitionId: 'ind', name: 'Heat 1' }],
				entries: [
					{ id: 'rt', competitionId: 'ind', heatId: 'ind-h1', name: 'Eliška', members: [{ id: 'teen', name: 'Eliška' }] },
					{ id: 'ro', competitionId: 'ind', heatId: 'ind-h1', name: 'Ota', members: [{ id: 'other', name: 'Ota' }] }
				]
			});
			const door = new DeviceLog({ deviceId: 'desk-door', judge: 'Door', competitionId: 'ind', heatId: null });
			const checkIn = door.record('entry.checked-in', EVENT_DAY, 'rt', { accompaniedBy: GUARDIAN });
			const others = door.record('entry.checked-in', EVENT_DAY + 1_000, 'ro', { accompaniedBy: OTHERS });
			const fix = door.correct(checkIn, EVENT_DAY + 2_000, 'paid after all', { type: 'entry.checked-in', at: EVENT_DAY, payload: { paid: true, accompaniedBy: GUARDIAN } });
			const fixAgain = door.correct(fix, EVENT_DAY + 3_000, 'typo in the name', { type: 'entry.checked-in', at: EVENT_DAY, payload: { paid: true, accompaniedBy: `${GUARDIAN} Jr.` } });
			expect(store.appendJudgeEvents(door.events, { eventId: E }).stored).toHaveLength(4);
			return { checkIn, others, fix, fixAgain, all: door.events };
		}

		const eventsOf = (json: readonly string[]) => json.map((j) => JSON.parse(j) as JudgeEvent);
		/** Everything but the personal field: IDs, device, numbers, timing. */
		const envelopeOf = (e: JudgeEvent) => ({ id: e.id, deviceId: e.deviceId, seq: e.seq, at: e.at, mono: e.mono, judge: e.judge, type: e.type, entryId: e.entryId, heatId: e.heatId });

		it('issue 29 #4: erasure redacts the accompanying adult in stored check-ins and in the pull', () => {
			const { checkIn, others, fix, fixAgain, all } = checkedIn();
			// A device pulled everything before the erasure.
			const before = store.judgeEventPage(E, 0, 100);
			expect(before.json.join()).toContain(GUARDIAN);

			erasePerson(store, desk, E, 'teen', EVENT_DAY + 60_000);

			// The device pulls on from its cursor: the three redacted events come again, nothing else.
			const again = eventsOf(store.judgeEventPage(E, before.cursor, 100).json);
			expect(again.map((e) => e.id)).toEqual([checkIn.id, fix.id, fixAgain.id]);
			expect(JSON.stringify(again)).not.toContain(GUARDIAN);
			for (const e of again) expect(JudgeEventSchema.safeParse(e).success).toBe(true);
			expect(again.map(envelopeOf)).toEqual([checkIn, fix, fixAgain].map(envelopeOf));
			expect(again[0]!.payload).toEqual({ accompaniedBy: '[erased]' });
			expect(again[2]!.payload).toEqual({ supersedes: fix.id, reason: 'typo in the name', replacement: { type: 'entry.checked-in', at: EVENT_DAY, payload: { paid: true, accompaniedBy: '[erased]' } } });

			// A device pulling from the start gets each event once, redacted; the other entry's adult stays.
			const fresh = store.judgeEventPageBytes(E, 0, 100);
			const pulled = JSON.parse(`[${fresh.joined.toString('utf8')}]`) as JudgeEvent[];
			expect(pulled.map((e) => e.id).sort()).toEqual(all.map((e) => e.id).sort());
			expect(fresh.joined.toString('utf8')).not.toContain(GUARDIAN);
			expect(pulled.find((e) => e.id === others.id)).toEqual(others);
			expect(fresh.cursor).toBeGreaterThan(before.cursor);

			// The entry's audit trail and the backup read the same rows.
			const audit = entryAudit(store, E, 'rt');
			expect(audit.events.map((a) => a.event.id)).toEqual([checkIn.id, fix.id, fixAgain.id]);
			expect(JSON.stringify(audit)).not.toContain(GUARDIAN);
			const backup = backupText(store, E, EVENT_DAY + 70_000);
			expect(backup).not.toContain(GUARDIAN);
			expect(backup).not.toContain(EMAIL);
			expect(backup).toContain('[erased]');
			expect(backup).toContain(OTHERS);

			// Recorded with the erasure: which field, how many events, which ones.
			const erasure = personHistory(store, E, 'teen').at(-1)!;
			expect(erasure.kind).toBe('person.erased');
			expect(erasure.changes).toContainEqual({ field: 'checkIn.accompaniedBy', before: null, after: { replacedWith: '[erased]', events: 3, eventIds: [checkIn.id, fix.id, fixAgain.id] } });

			// The door device sends its original again (a lost answer): a duplicate, not a conflict, and the stored copy stays redacted.
			expect(store.appendJudgeEvents([checkIn, fixAgain], { eventId: E })).toEqual({ stored: [], duplicates: [checkIn.id, fixAgain.id], conflicts: [] });
			expect(store.judgeEventPage(E, 0, 100).json.join()).not.toContain(GUARDIAN);
			// Erasing again changes nothing, and pulls nothing again.
			const cursor = store.judgeEventPage(E, 0, 100).cursor;
			erasePerson(store, desk, E, 'teen', EVENT_DAY + 90_000);
			expect(store.judgeEventPage(E, cursor, 100).json).toEqual([]);
		});

		it('issue 29 #4: after an erasure neither the database file nor its WAL holds the erased e-mail or the accompanying adult', () => {
			checkedIn();
			// More writes, so that the log holds several versions of the pages.
			changePerson(store, desk, E, 'teen', { person: { name: 'Eliška', birthDate: '2012-01-01', email: EMAIL, phone: '777 000 111', accompaniedBy: 'Jan Novák' }, expectedVersion: 1 }, T0 + 5);
			const raw = () =>
				[DB_FILE, `${DB_FILE}-wal`]
					.map((f) => join(dir, f))
					.filter((f) => existsSync(f))
					.map((f) => readFileSync(f));
			const holds = (text: string) => raw().some((b) => b.includes(Buffer.from(text, 'utf8')));
			expect(holds(EMAIL)).toBe(true);
			expect(holds(GUARDIAN)).toBe(true);

			erasePerson(store, desk, E, 'teen', EVENT_DAY + 60_000);

			for (const gone of [EMAIL, GUARDIAN, '777 000 111', 'Jan Novák']) expect(holds(gone), gone).toBe(false);
			// What was not erased is still there.
			expect(holds(OTHERS)).toBe(true);
		});
	});

	it('an import adds people and registrations in one go, on the waiting list past capacity; the same rows again change nothing', () => {
		const rows: RegisterImportRow[] = Array.from({ length: 82 }, (_, i) => ({ name: `Řešitel ${i + 1}`, birthDate: '1985-02-03', competitionId: 'ind', registeredAt: T0 + i, paid: i % 2 === 0 }));
		// A row with the name and e-mail of someone already in the register (case and accents aside) is that person;
		// the same e-mail under another name is someone else (a family registers with one address).
		person('known', 'Known Pérson', { email: 'known@example.org' });
		rows.push({ name: 'known person', email: 'KNOWN@example.org', competitionId: 'ind', registeredAt: T0 + 100 });
		const first = importRegistrations(store, desk, E, { rows }, T0 + 500);
		expect(first).toMatchObject({ peopleAdded: 82, registrationsAdded: 83, rowsUnchanged: 0 });
		expect(first.registrations.filter((r) => r.status === 'waiting').map((r) => r.name)).toEqual(['Řešitel 81', 'Řešitel 82', 'Known Pérson']);
		expect(first.registrations[0]!.paid).toEqual({ amount: 400, at: T0 + 500 });
		expect(first.registrations[1]!.paid).toBeNull();
		const before = { register: registerOf(store, E), changes: listChanges(store, E).length };
		const again = importRegistrations(store, desk, E, { rows }, T0 + 600);
		expect(again).toEqual({ peopleAdded: 0, registrationsAdded: 0, rowsUnchanged: 83, registrations: [] });
		expect(registerOf(store, E)).toEqual(before.register);
		expect(listChanges(store, E).length).toBe(before.changes);
	});

	it('ES-CAT: an import forms groups from the rows of one unit name; a group that breaks its rules is listed, not refused', () => {
		const family = (name: string, birthDate: string) => ({ name, birthDate, competitionId: 'fam', unit: 'Familia Peña' });
		const result = importRegistrations(store, desk, E, { rows: [family('Ana Peña', '1980-01-01'), family('Luis Peña', '1979-01-01'), family('Lucía Peña', '2016-01-01')] }, T0);
		expect(result.registrations).toEqual([expect.objectContaining({ name: 'Familia Peña', fee: { amount: 5, currency: 'EUR' } })]);
		expect(result.registrations[0]!.memberIds).toHaveLength(3);
		expect(registerOf(store, E).problems[0]!.problems.map((p) => p.code)).toEqual(['size', 'composition']);
	});

	it('CZ-TEAM-DRAW: an import for the drawn relay registers each row alone, even rows naming the same team, 800 CZK each', () => {
		const row = (name: string) => ({ name, birthDate: '1985-01-01', competitionId: 'team', unit: 'Rychlé prsty' });
		const result = importRegistrations(store, desk, E, { rows: [row('Eva Malá'), row('Jan Malý')] }, T0);
		expect(result.registrations.map((r) => [r.name, r.memberIds.length, r.fee.amount])).toEqual([
			['Eva Malá', 1, 800],
			['Jan Malý', 1, 800]
		]);
		expect(registerOf(store, E).problems).toEqual([]);
	});

	it('bad input is refused with the reason and nothing is stored: a competition of another event, a person not in the register', () => {
		person('a', 'Ann');
		expect(statusOf(() => importRegistrations(store, desk, E, { rows: [{ name: 'Bo', competitionId: 'ind' }, { name: 'Cy', competitionId: 'elsewhere' }] }, T0))).toBe(400);
		expect(registerOf(store, E).people).toHaveLength(1);
		expect(statusOf(() => register('r', 'ind', ['a', 'nobody'], T0))).toBe(400);
		expect(statusOf(() => importRegistrations(store, desk, E, { rows: [] }, T0))).toBe(400);
		expect(statusOf(() => createPerson(store, desk, E, { person: { id: 'b', name: 'B', email: 'not an address' } }, T0))).toBe(400);
		expect(statusOf(() => person('a', 'Ann again'))).toBe(409);
		expect(statusOf(() => registerOf(store, 'nowhere'))).toBe(404);
	});
});
