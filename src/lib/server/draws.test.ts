import { isHttpError } from '@sveltejs/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { drawTeams } from '$lib/setup/draw';
import type { Device } from '$lib/sync/contract';
import { drawRelayTeams, listDraws, renameDrawnTeam } from './draws';
import { createPerson, createRegistration } from './register';
import { listRegistrations } from './register-store';
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
		const heat = store.listHeats('relay')[0]!;
		expect(heat.name).toBe('Heat 1');
		const entries = store.listEntries('relay');
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
		expect(store.listEntries('relay').map((e) => e.id)).toEqual(second.teams.map((t) => t.id));
		expect(second.input).toHaveLength(8);
	});

	it('CZ-TEAM-DRAW: a team renamed is recorded on the draw and the entry follows', () => {
		const d = drawRelayTeams(store, org, E, { competitionId: 'relay', seed: 's', leftoverChoice: 'waiting', teamName: 'Tým' }, T0 + 100);
		expect(d.teams[0]!.name).toBe('Tým 1');
		const r = renameDrawnTeam(store, org, E, d.id, d.teams[0]!.id, { name: 'Rychlé prsty' }, T0 + 300);
		expect(r.renames).toEqual([{ teamId: d.teams[0]!.id, before: 'Tým 1', after: 'Rychlé prsty', at: T0 + 300, by: { tokenId: org.id, label: org.label } }]);
		expect(store.getEntry(d.teams[0]!.id)!.name).toBe('Rychlé prsty');
	});
});
