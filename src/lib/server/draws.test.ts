import { isHttpError } from '@sveltejs/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { drawTeams } from '$lib/setup/draw';
import { doubleSeats } from '$lib/seating/double-seats';
import type { Device } from '$lib/contract';
import { drawRelayTeams, drawTurns, listDraws, renameDrawnTeam, swapTurns } from './draws';
import { startHeat } from './heat-starts';
import { actOnRegistration, importRegistrations, registerOf } from './register';
import { createPerson, createRegistration } from './register';
import { listRegistrations } from './register-store';
import { saveOrganizerSetup } from './organizer-setup';
import type { Store } from './store';
import { storePerTest } from './store-per-test.testkit';
import { openTwoEvents } from './two-events.testkit';

let store: Store;
storePerTest(openTwoEvents, (s) => (store = s));

const E = 'spring';
const T0 = Date.UTC(2026, 3, 1);
const org: Device = { id: 'tok-org', eventId: E, role: 'organizer', label: 'Desk laptop' };
const relay = presetById('czjpa-team-relay')!;
const roomy = { ...relay, version: relay.version + 1, capacity: null };

beforeEach(() => {
	store.insertSetup({ rulesets: [roomy], competitions: [{ id: 'relay', eventId: E, name: 'Relay', ruleset: { id: roomy.id, version: roomy.version } }] });
	for (let i = 1; i <= 10; i++) {
		createPerson(store, org, E, { person: { id: `p${String(i).padStart(2, '0')}`, name: `Solver ${i}`, birthDate: '1990-01-01', email: `s${i}@example.org` } }, T0);
		createRegistration(store, org, E, { registration: { id: `r${i}`, competitionId: 'relay', memberIds: [`p${String(i).padStart(2, '0')}`], registeredAt: T0 + i }, despiteProblems: true }, T0 + i);
	}
});

function refusal(fn: () => unknown): { status: number; message: string } | undefined {
	try {
		fn();
	} catch (e) {
		if (isHttpError(e)) return { status: e.status, message: e.body.message };
		throw e;
	}
	return undefined;
}

function statusOf(fn: () => unknown): number {
	try {
		fn();
	} catch (e) {
		if (isHttpError(e)) return e.status;
		throw e;
	}
	return 200;
}

describe('the relay\'s team draw on the server', () => {
	it('CZ-TEAM-DRAW: the server draws from its register and the seed: the same teams as the pure draw on any device; they become the relay\'s entries without birth dates', () => {
		const d = drawRelayTeams(store, org, E, { competitionId: 'relay', seed: 'dice 3-5-1', leftoverChoice: 'short-team' }, T0 + 100);
		const ids = Array.from({ length: 10 }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);
		const pure = drawTeams(ids, 4, 'dice 3-5-1');
		expect(d.input.map((p) => p.id)).toEqual(ids);
		expect(d.teams.map((t) => t.memberIds)).toEqual([...pure.teams, pure.unplaced]);
		expect(d.teams.map((t) => t.short)).toEqual([false, false, true]);
		const heat = store.listHeats(E, 'relay')[0]!;
		expect(heat.name).toBe('Heat 1');
		const entries = store.listEntries(E, 'relay');
		expect(entries.map((e) => [e.id, e.heatId, e.name, e.members.length])).toEqual(d.teams.map((t) => [t.id, heat.id, t.name, t.memberIds.length]));
		expect(JSON.stringify(entries)).not.toMatch(/birthDate|email/);
	});

	it('CZ-TEAM-DRAW: a redraw needs a reason; the earlier draw stays in the record, superseded, and its entries are replaced', () => {
		const first = drawRelayTeams(store, org, E, { competitionId: 'relay', seed: 'one', leftoverChoice: 'waiting' }, T0 + 100);
		expect(statusOf(() => drawRelayTeams(store, org, E, { competitionId: 'relay', seed: 'two', leftoverChoice: 'waiting' }, T0 + 200))).toBe(400);
		// The two left over went back to the waiting list.
		expect(listRegistrations(store, E, { competitionId: 'relay', statuses: ['waiting'] }).map((r) => r.memberIds[0]).sort()).toEqual([...first.leftovers].sort());
		const second = drawRelayTeams(store, org, E, { competitionId: 'relay', seed: 'two', leftoverChoice: 'waiting', reason: 'a typo in the seed' }, T0 + 200);
		const record = listDraws(store, E);
		expect(record.map((d) => [d.id, d.reason, d.superseded?.by ?? null])).toEqual([
			[second.id, 'a typo in the seed', null],
			[first.id, null, second.id]
		]);
		expect(store.listEntries(E, 'relay').map((e) => e.id)).toEqual(second.teams.map((t) => t.id));
		expect(second.input).toHaveLength(8);
	});

	it('CZ-TEAM-DRAW: a team renamed is recorded on the draw and the entry follows', () => {
		const d = drawRelayTeams(store, org, E, { competitionId: 'relay', seed: 's', leftoverChoice: 'waiting', teamName: 'Tým' }, T0 + 100);
		expect(d.teams[0]!.name).toBe('Tým 1');
		const r = renameDrawnTeam(store, org, E, d.id, d.teams[0]!.id, { name: 'Rychlé prsty' }, T0 + 300);
		expect(r.renames).toEqual([{ teamId: d.teams[0]!.id, before: 'Tým 1', after: 'Rychlé prsty', at: T0 + 300, by: { tokenId: org.id, label: org.label } }]);
		expect(store.getEntry(E, d.teams[0]!.id)!.name).toBe('Rychlé prsty');
	});

	it('issue 30 #21: CZ-TEAM-DRAW: the register names the teams of the draw in force (renamed, not superseded) for the export’s Team column', () => {
		const first = drawRelayTeams(store, org, E, { competitionId: 'relay', seed: 'one', leftoverChoice: 'waiting', teamName: 'Tým' }, T0 + 100);
		expect(registerOf(store, E).drawnTeams).toEqual(first.teams.map((t) => ({ competitionId: 'relay', name: t.name, memberIds: t.memberIds })));
		const second = drawRelayTeams(store, org, E, { competitionId: 'relay', seed: 'two', leftoverChoice: 'short-team', teamName: 'Tým', reason: 'again' }, T0 + 200);
		renameDrawnTeam(store, org, E, second.id, second.teams[0]!.id, { name: 'Rychlé prsty' }, T0 + 300);
		expect(registerOf(store, E).drawnTeams!.map((t) => [t.name, t.memberIds])).toEqual(second.teams.map((t, i) => [i === 0 ? 'Rychlé prsty' : t.name, t.memberIds]));
	});
});

describe('the turns by lot on the server', () => {
	const es = presetById('es-adult-individual')!;
	const setUp = () => {
		store.insertSetup({
			rulesets: [es],
			competitions: [{ id: 'es', eventId: E, name: 'Individual', ruleset: { id: es.id, version: es.version } }],
			heats: [
				{ id: 'es-am', competitionId: 'es', name: 'Morning' },
				{ id: 'es-pm', competitionId: 'es', name: 'Afternoon' }
			]
		});
		for (let i = 1; i <= 12; i++) {
			createPerson(store, org, E, { person: { id: `e${i}`, name: `Jugador ${i}`, birthDate: '1990-01-01' } }, T0);
			createRegistration(store, org, E, { registration: { id: `es-r${String(i).padStart(2, '0')}`, competitionId: 'es', memberIds: [`e${i}`], preferredTurn: i <= 9 ? 'es-am' : 'es-pm' } }, T0 + i);
		}
	};

	it('ES-SHIFT: preferences honoured while the turn has room, the rest drawn into the other; each registration the entry of its turn', () => {
		setUp();
		const d = drawTurns(store, org, E, { competitionId: 'es', seed: 'sorteo', capacities: { 'es-am': 6, 'es-pm': 6 } }, T0 + 100);
		const inTurn = (h: string) => Object.values(d.assigned).filter((x) => x === h).length;
		expect([inTurn('es-am'), inTurn('es-pm')]).toEqual([6, 6]);
		expect(d.moved).toHaveLength(3);
		for (const id of ['es-r10', 'es-r11', 'es-r12']) expect(d.assigned[id]).toBe('es-pm');
		expect(store.listEntries(E, 'es').map((e) => [e.id, e.heatId]).sort()).toEqual(Object.entries(d.assigned).sort());
	});

	it('ES-SHIFT: a swap is recorded with both names and the time; refused once a turn started', () => {
		setUp();
		const d = drawTurns(store, org, E, { competitionId: 'es', seed: 'sorteo', capacities: { 'es-am': 6, 'es-pm': 6 } }, T0 + 100);
		const a = Object.keys(d.assigned).find((id) => d.assigned[id] === 'es-am')!;
		const b = Object.keys(d.assigned).find((id) => d.assigned[id] === 'es-pm')!;
		const s = swapTurns(store, org, E, d.id, { a, b }, T0 + 200);
		expect([s.assigned[a], s.assigned[b]]).toEqual(['es-pm', 'es-am']);
		expect(s.swaps).toEqual([{ a, b, aName: d.input.find((r) => r.id === a)!.name, bName: d.input.find((r) => r.id === b)!.name, at: T0 + 200, by: { tokenId: org.id, label: org.label } }]);
		expect(store.getEntry(E, a)!.heatId).toBe('es-pm');
		startHeat(store, org, { id: 'start-am', competitionId: 'es', heatId: 'es-am', organizerAt: T0 + 300, offsetMs: null }, T0 + 300);
		expect(statusOf(() => swapTurns(store, org, E, d.id, { a, b }, T0 + 400))).toBe(409);
	});

	/** Seats each turn at table 1, seats 1, 2, … in ID order, saved as the seating screen saves (those in `unseated` left without a seat). */
	const seatTurns = (unseated: string[] = []) => {
		const next = new Map<string, number>();
		const entries = store
			.listEntries(E, 'es')
			.sort((x, y) => (x.id < y.id ? -1 : 1))
			.map((e) => {
				if (unseated.includes(e.id)) return e;
				const seat = (next.get(e.heatId) ?? 0) + 1;
				next.set(e.heatId, seat);
				return { ...e, table: '1', seat: String(seat) };
			});
		saveOrganizerSetup(store, E, { entries });
	};
	const inTurn = (d: { assigned: Record<string, string> }, heatId: string) => Object.keys(d.assigned).filter((id) => d.assigned[id] === heatId).sort();
	const placeOf = (id: string) => {
		const e = store.getEntry(E, id)!;
		return [e.heatId, e.table, e.seat];
	};

	it('issue 29 #2: a swap of seated turns exchanges their seats, never two on one seat', () => {
		setUp();
		const d = drawTurns(store, org, E, { competitionId: 'es', seed: 'sorteo', capacities: { 'es-am': 6, 'es-pm': 6 } }, T0 + 100);
		seatTurns();
		const a = inTurn(d, 'es-am')[0]!;
		const b = inTurn(d, 'es-pm')[1]!;
		expect([placeOf(a), placeOf(b)]).toEqual([
			['es-am', '1', '1'],
			['es-pm', '1', '2']
		]);
		swapTurns(store, org, E, d.id, { a, b }, T0 + 200);
		expect([placeOf(a), placeOf(b)]).toEqual([
			['es-pm', '1', '2'],
			['es-am', '1', '1']
		]);
		expect(doubleSeats(store.listEntries(E, 'es'))).toEqual([]);
		// A later set-up save of those turns goes through.
		expect(refusal(() => saveOrganizerSetup(store, E, { entries: store.listEntries(E, 'es') }))).toBeUndefined();
	});

	it('issue 29 #2: a swap of a seated entry with an unseated one: the unseated takes the seat, the seated leaves it', () => {
		setUp();
		const d = drawTurns(store, org, E, { competitionId: 'es', seed: 'sorteo', capacities: { 'es-am': 6, 'es-pm': 6 } }, T0 + 100);
		const a = inTurn(d, 'es-am')[0]!;
		const b = inTurn(d, 'es-pm')[0]!;
		seatTurns([b]);
		expect([placeOf(a), placeOf(b)]).toEqual([
			['es-am', '1', '1'],
			['es-pm', undefined, undefined]
		]);
		swapTurns(store, org, E, d.id, { a, b }, T0 + 200);
		expect([placeOf(a), placeOf(b)]).toEqual([
			['es-pm', undefined, undefined],
			['es-am', '1', '1']
		]);
		expect(doubleSeats(store.listEntries(E, 'es'))).toEqual([]);
	});

	it('issue 29 #2: a swap that would still leave two entries on one seat is refused with 409 naming the seat, and nothing moves', () => {
		setUp();
		const d = drawTurns(store, org, E, { competitionId: 'es', seed: 'sorteo', capacities: { 'es-am': 6, 'es-pm': 6 } }, T0 + 100);
		seatTurns();
		const [a, b] = [inTurn(d, 'es-am')[0]!, inTurn(d, 'es-pm')[0]!];
		// Two on one seat already (stored before the seat check existed): the swap must not go through on top of it.
		const [x, y] = inTurn(d, 'es-pm').slice(1, 3);
		store.stmt("UPDATE entries SET table_label = '1', seat = '9' WHERE id IN (?, ?)").run(x, y);
		const refused = refusal(() => swapTurns(store, org, E, d.id, { a, b }, T0 + 200));
		expect(refused?.status).toBe(409);
		expect(refused?.message).toMatch(/table 1 seat 9 of heat es-pm/);
		expect([placeOf(a), placeOf(b)]).toEqual([
			['es-am', '1', '1'],
			['es-pm', '1', '1']
		]);
		expect(listDraws(store, E).find((r) => r.id === d.id)).toMatchObject({ swaps: [] });
	});

	it('ES-SHIFT: an import carries each row\'s preferred turn to its registration; a heat of another competition is refused and nothing stored', () => {
		setUp();
		const imported = importRegistrations(store, org, E, { rows: [{ name: 'Nuevo Uno', competitionId: 'es', preferredTurn: 'es-pm' }, { name: 'Nuevo Dos', competitionId: 'es' }] }, T0 + 50);
		expect(imported.registrations.map((r) => [r.name, r.preferredTurn])).toEqual([
			['Nuevo Uno', 'es-pm'],
			['Nuevo Dos', undefined]
		]);
		expect(statusOf(() => importRegistrations(store, org, E, { rows: [{ name: 'Nuevo Tres', competitionId: 'es', preferredTurn: 'nowhere' }] }, T0 + 60))).toBe(400);
		expect(listRegistrations(store, E, { competitionId: 'es' }).map((r) => r.name)).not.toContain('Nuevo Tres');
	});

	it('a preferred turn must be a heat of the registration\'s competition', () => {
		setUp();
		expect(statusOf(() => actOnRegistration(store, org, E, 'es-r01', { action: 'change', expectedVersion: 1, preferredTurn: 'nowhere' }, T0 + 50))).toBe(400);
		expect(actOnRegistration(store, org, E, 'es-r01', { action: 'change', expectedVersion: 1, preferredTurn: null }, T0 + 50).registration.preferredTurn).toBeUndefined();
	});
});
