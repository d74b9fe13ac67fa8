import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { relayProgress } from '$lib/scoring';
import { competition, MIN, row, score, tablet } from '$lib/scoring/testkit';
import { startStillApplies, tabletStartMoment } from './heat-start-moment';

describe("a tablet's moment of the organizer's start", () => {
	const NOW = 1_800_000_000_000;
	it('converts the server-clock moment with the tablet offset (server − device)', () => {
		// The tablet runs 2.5 s behind the server: offset +2500; the start was 1 s ago on the server.
		const serverAt = NOW + 2500 - 1000;
		expect(tabletStartMoment({ serverAt }, 2500, NOW, 50_000)).toEqual({ at: NOW - 1000, mono: 49_000 });
	});
	it('takes the moment of arrival without an offset, and never a moment in the future', () => {
		expect(tabletStartMoment({ serverAt: 5 }, null, NOW, 10)).toEqual({ at: NOW, mono: 10 });
		expect(tabletStartMoment({ serverAt: NOW + 60_000 }, 0, NOW, 10)).toEqual({ at: NOW, mono: 10 });
	});
	it('applies only to a heat not started yet, within its time limit', () => {
		expect(startStillApplies({ serverAt: NOW - 60_000 }, 0, NOW, 90 * 60_000, false)).toBe(true);
		expect(startStillApplies({ serverAt: NOW - 60_000 }, 0, NOW, 90 * 60_000, true)).toBe(false);
		expect(startStillApplies({ serverAt: NOW - 91 * 60_000 }, 0, NOW, 90 * 60_000, false)).toBe(false);
		// A tablet 2 minutes behind sees the server's "now" 2 minutes later.
		expect(startStillApplies({ serverAt: NOW - 89 * 60_000 }, 120_000, NOW, 90 * 60_000, false)).toBe(false);
	});
});

describe('relay signals from an organizer start', () => {
	it('CZ-TEAM-P1: tablets with different clocks, reached at different moments, sound the 8-minute signals at one server moment', () => {
		const relay = presetById('czjpa-team-relay')!;
		const serverAt = Date.UTC(2026, 4, 16, 9, 0, 0);
		// Tablet clocks: one 1.2 s behind the server, one 5 s ahead; the start reaches them 3 s and 40 s late.
		const tablets = [
			{ offset: 1234, reachedAfter: 3000 },
			{ offset: -5000, reachedAfter: 40_000 }
		];
		const signalsOnServer = tablets.map(({ offset, reachedAfter }) => {
			const now = serverAt + reachedAfter - offset; // the tablet's clock when the start reaches it
			const { at } = tabletStartMoment({ serverAt }, offset, now, 0);
			const setup = competition(relay, ['Team A'], 4);
			const log = tablet();
			log.start(at, ['team a']);
			const members = setup.entries[0]!.members.map((m) => m.id);
			return [1, 2, 3].map((k) => {
				// Just after signal k - 1 on this tablet's clock: the next one, converted to the server's clock.
				const o = row(score(setup, log.events, at + (k - 1) * 8 * MIN + 1000), 'Team A').outcome;
				return at + relayProgress(relay, members, o)!.nextSignalAtMs! + offset;
			});
		});
		expect(signalsOnServer[0]).toEqual([1, 2, 3].map((k) => serverAt + k * 8 * MIN));
		expect(signalsOnServer[1]).toEqual(signalsOnServer[0]);
	});
});
