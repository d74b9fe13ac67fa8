import { describe, expect, it } from 'vitest';
import { competition, MIN, SEC, T0, tablet } from '$lib/scoring/testkit';
import { entryEventIds, recordVersions } from './record-versions';

describe('the versions of an entry\'s record', () => {
	const setup = competition('czjpa-individual', ['Ana', 'Bob']);
	const a = tablet('tablet-a');
	const b = tablet('tablet-b');
	const start = a.start(T0, ['ana', 'bob']);
	const bobHand = a.hand('bob', T0 + 35 * MIN);
	a.confirm(bobHand, T0 + 35 * MIN + 20 * SEC, 0);
	const hand = b.hand('ana', T0 + 40 * MIN);
	const check = b.confirm(hand, T0 + 40 * MIN + 30 * SEC, 2);
	const fix = a.correct(check, T0 + 50 * MIN, 'miscounted: no piece missing', { type: 'check.confirmed', at: T0 + 40 * MIN + 30 * SEC, payload: { ref: hand.id, missingPieces: 0 } });
	const startFix = a.correct(start, T0 + 55 * MIN, 'the heat began a minute later', { type: 'heat.start', at: T0 + MIN, payload: { entryIds: ['ana', 'bob'], previewMs: 0 } });
	const log = [...b.events, ...a.events]; // arrival order: tablet B synced first

	it('follows corrections of heat-wide events too', () => {
		expect([...entryEventIds(log, 'ana')].sort()).toEqual([start.id, hand.id, check.id, fix.id, startFix.id].sort());
	});

	it('in recorded order: one version per event of the entry, with the result and what changed', () => {
		const versions = recordVersions(setup, log, 'ana');
		expect(versions.map((v) => v.event.id)).toEqual([start.id, hand.id, check.id, fix.id, startFix.id]);
		expect(versions.map((v) => v.number)).toEqual([1, 2, 3, 4, 5]);
		expect(versions.map((v) => v.summary.status)).toEqual(['running', 'finished', 'finished', 'finished', 'finished']);
		const [started, handRaised, checked, corrected, restarted] = versions;
		expect(started!.changed).toContain('status');
		expect(handRaised!.summary).toMatchObject({ check: 'pending', elapsedMs: 40 * MIN });
		// Two missing pieces cost time; Bob, already checked at 35 min, stays ahead either way.
		expect(checked!.summary.penaltyMs).toBeGreaterThan(0);
		expect(checked!.summary.finalTimeMs).toBe(40 * MIN + checked!.summary.penaltyMs);
		expect(checked!.summary.place).toBe(2);
		expect(checked!.changed).toEqual(expect.arrayContaining(['check', 'penaltyMs', 'finalTimeMs']));
		expect(corrected!.summary).toMatchObject({ penaltyMs: 0, finalTimeMs: 40 * MIN });
		expect(corrected!.changed).toEqual(expect.arrayContaining(['penaltyMs', 'finalTimeMs']));
		expect(corrected!.changed).not.toContain('status');
		expect(restarted!.summary.finalTimeMs).toBe(39 * MIN);
		expect(restarted!.changed).toEqual(['finalTimeMs', 'elapsedMs']);
	});

	it('in arrival order: the log as it came, so the hand is seen before the start arrived', () => {
		const versions = recordVersions(setup, log, 'ana', 'arrival');
		expect(versions.map((v) => v.event.id)).toEqual([hand.id, check.id, start.id, fix.id, startFix.id]);
		expect(versions[0]!.summary.status).toBe('not-started');
		expect(versions.at(-1)!.summary).toEqual(recordVersions(setup, log, 'ana').at(-1)!.summary);
	});

	it('nothing for an entry without events or not in the competition', () => {
		expect(recordVersions(setup, [], 'ana')).toEqual([]);
		expect(recordVersions(setup, log, 'nobody')).toEqual([]);
	});
});
