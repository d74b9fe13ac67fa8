import { describe, expect, it } from 'vitest';
import { MIN, relayTable, SEC, T0, tap } from '../heat/heat.testkit';
import { RelayTeamScreen } from './relay-team.svelte';

describe('a relay team on the station (CZ-TEAM-*)', () => {
	it('CZ-TEAM-P1: the screen flashes at a signal seen live, not at one passed before it looked', async () => {
		const { session, team } = await relayTable();
		await session.timing.start(tap(T0));
		session.now = T0 + 16 * MIN + 30 * SEC;
		const screen = new RelayTeamScreen(session, session.seats[0]!);
		// First look, after two signals passed: no signal, no flash.
		expect(screen.observe()).toBe(false);
		expect(screen.flashing).toBe(false);
		session.now = T0 + 23 * MIN;
		expect(screen.observe()).toBe(false);
		session.now = T0 + 24 * MIN + 500;
		expect(screen.observe()).toBe(true);
		expect(screen.flashing).toBe(true);
		expect(screen.observe()).toBe(false);
		session.now = T0 + 30 * MIN;
		expect(screen.flashing).toBe(false);
	});
});
