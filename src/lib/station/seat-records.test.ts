import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import type { JudgeEvent } from '$lib/events/schema';
import { CompetitionScorer } from '$lib/scoring';
import { competition, MIN, SEC, T0 } from '$lib/scoring/testkit';
import { seatRecords } from './seat-records';

const setup = competition('czjpa-individual', ['Ana', 'Bob']);
const device = (deviceId: string, judge: string) => new DeviceLog({ deviceId, judge, competitionId: 'comp', heatId: 'heat-1' });

function recordsOf(events: JudgeEvent[], deviceId: string, at: number) {
	const scorer = new CompetitionScorer(setup);
	scorer.add(events);
	const counted = new Map(scorer.outcomes(at).map((o) => [o.entryId, o]));
	return seatRecords({ setup, seats: ['ana', 'bob'], events, deviceId, counted, conflicts: scorer.conflicts(), at });
}

describe('seatRecords: what this tablet recorded beside what counts', () => {
	it('a seat only this tablet recorded has no record to show; another tablet’s start or note alone is none either', () => {
		const a = device('tab-a', 'Petr');
		const b = device('tab-b', 'Eva');
		a.start(T0, ['ana', 'bob']);
		b.finish('ana', T0 + 8 * MIN);
		a.record('incident.noted', T0 + 9 * MIN, 'bob', { note: 'wobbly table' });
		expect(recordsOf([...a.events, ...b.events], 'tab-b', T0 + 10 * MIN).size).toBe(0);
	});

	it('two tablets on one seat: each one’s finish, its judge, which counts, and the conflict for the organizer', () => {
		const a = device('tab-a', 'Petr');
		const b = device('tab-b', 'Eva');
		a.start(T0, ['ana', 'bob']);
		// A judged Ana and she agreed; B, offline, raised her hand later and confirmed it.
		a.finish('ana', T0 + 8 * MIN + 31_103);
		const own = b.hand('ana', T0 + 8 * MIN + 44_966);
		b.confirm(own, T0 + 9 * MIN);
		const at = T0 + 10 * MIN;
		const records = recordsOf([...a.events, ...b.events], 'tab-b', at);
		expect([...records.keys()]).toEqual(['ana']);
		const ana = records.get('ana')!;
		expect(ana.mine).toMatchObject({ deviceId: 'tab-b', judge: 'Eva', counted: false, outcome: { status: 'finished', finalTimeMs: 8 * MIN + 44_966, check: 'confirmed' } });
		expect(ana.others).toEqual([
			expect.objectContaining({ deviceId: 'tab-a', judge: 'Petr', counted: true, outcome: expect.objectContaining({ finalTimeMs: 8 * MIN + 31_103, locked: true }) })
		]);
		expect(ana.conflicts.length).toBeGreaterThan(0);
		for (const c of ana.conflicts) expect(c.deviceIds).toContain('tab-b');
		expect(ana.ownFinishToCheck).toBeNull();
		// Seen from A: the same two records, the other way round.
		const fromA = recordsOf([...a.events, ...b.events], 'tab-a', at).get('ana')!;
		expect(fromA.mine).toMatchObject({ judge: 'Petr', counted: true });
		expect(fromA.others).toEqual([expect.objectContaining({ judge: 'Eva', counted: false })]);
	});

	it('this tablet’s finish awaiting its check stays to be checked when another tablet’s checked finish arrives', () => {
		const a = device('tab-a', 'Petr');
		const b = device('tab-b', 'Eva');
		a.start(T0, ['ana', 'bob']);
		a.finish('ana', T0 + 8 * MIN);
		const own = b.hand('ana', T0 + 8 * MIN + 20 * SEC);
		const ana = recordsOf([...a.events, ...b.events], 'tab-b', T0 + 9 * MIN).get('ana')!;
		expect(ana.ownFinishToCheck).toBe(own.id);
		expect(ana.mine).toMatchObject({ counted: false, outcome: { check: 'pending' } });
		// Once another device checked it (it holds the finish after a sync), it is no longer this tablet's to check.
		a.reject(own, T0 + 9 * MIN);
		expect(recordsOf([...a.events, ...b.events], 'tab-b', T0 + 10 * MIN).get('ana')!.ownFinishToCheck).toBeNull();
	});

	it('only another tablet recorded the seat: its record is shown, this tablet has none', () => {
		const a = device('tab-a', 'Petr');
		a.start(T0, ['ana', 'bob']);
		a.finish('bob', T0 + 20 * MIN, 0, false);
		const bob = recordsOf(a.events, 'tab-b', T0 + 21 * MIN).get('bob')!;
		expect(bob.mine).toBeNull();
		expect(bob.others).toEqual([expect.objectContaining({ judge: 'Petr', counted: true })]);
		expect(bob.conflicts).toEqual([]);
	});
});
