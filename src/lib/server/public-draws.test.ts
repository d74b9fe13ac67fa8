import { beforeEach, describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { Device } from '$lib/contract';
import { drawRelayTeams, drawTurns } from './draws';
import { publish } from './publications';
import { publicDraws } from './public-draws';
import { createPerson, createRegistration } from './register';
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
const es = presetById('es-adult-individual')!;

beforeEach(() => {
	store.insertSetup({
		rulesets: [roomy, es],
		competitions: [
			{ id: 'relay', eventId: E, name: 'Relay', ruleset: { id: roomy.id, version: roomy.version } },
			{ id: 'es', eventId: E, name: 'Individual', ruleset: { id: es.id, version: es.version } }
		],
		heats: [
			{ id: 'es-am', competitionId: 'es', name: 'Morning' },
			{ id: 'es-pm', competitionId: 'es', name: 'Afternoon' }
		]
	});
	for (let i = 1; i <= 8; i++) {
		const person = { id: `p${i}`, name: `Solver ${i}`, birthDate: '1987-06-05', email: `solver${i}@example.org`, phone: '+420 777 123 45' + i };
		createPerson(store, org, E, { person }, T0);
		createRegistration(store, org, E, { registration: { id: `r${i}`, competitionId: 'relay', memberIds: [`p${i}`] }, despiteProblems: true }, T0 + i);
		createRegistration(store, org, E, { registration: { id: `es-r${i}`, competitionId: 'es', memberIds: [`p${i}`], preferredTurn: i <= 4 ? 'es-am' : 'es-pm' } }, T0 + i);
	}
});

describe('the draws on the public page', () => {
	it('CZ-TEAM-DRAW, ES-SHIFT: the draws in force, per competition the teams with their members or the turns with their entries, and the seed; names only', () => {
		expect(publicDraws(store, E)).toEqual([]);
		drawRelayTeams(store, org, E, { competitionId: 'relay', seed: 'first', leftoverChoice: 'waiting' }, T0 + 50);
		const teams = drawRelayTeams(store, org, E, { competitionId: 'relay', seed: 'dice 6-2', leftoverChoice: 'waiting', reason: 'typo' }, T0 + 100);
		const turns = drawTurns(store, org, E, { competitionId: 'es', seed: 'sorteo', capacities: { 'es-am': 4, 'es-pm': 4 } }, T0 + 200);
		const shown = publicDraws(store, E);
		expect(shown.map((d) => [d.competitionName, d.kind, d.seed])).toEqual([
			['Relay', 'teams', 'dice 6-2'],
			['Individual', 'turns', 'sorteo']
		]);
		const names = (ids: readonly string[]) => ids.map((id) => `Solver ${id.replace(/\D/g, '')}`);
		expect(shown[0]!.groups).toEqual(teams.teams.map((t) => ({ name: t.name, names: names(t.memberIds) })));
		expect(shown[1]!.groups).toEqual([
			{ name: 'Morning', names: turns.input.filter((r) => turns.assigned[r.id] === 'es-am').map((r) => r.name) },
			{ name: 'Afternoon', names: turns.input.filter((r) => turns.assigned[r.id] === 'es-pm').map((r) => r.name) }
		]);
		expect(shown[1]!.groups.flatMap((g) => g.names)).toHaveLength(8);
		const text = JSON.stringify(shown);
		expect(text).not.toMatch(/@|example\.org|\+420|1987|birthDate|email|phone|"p\d"/);
	});

	it('a competition whose results are published shows its results, not its draw', () => {
		drawTurns(store, org, E, { competitionId: 'es', seed: 'sorteo', capacities: { 'es-am': 4, 'es-pm': 4 } }, T0 + 200);
		publish(store, E, 'es', { now: T0 + 300 });
		expect(publicDraws(store, E)).toEqual([]);
	});
});
