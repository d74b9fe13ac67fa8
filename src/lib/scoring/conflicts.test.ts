import { describe, expect, it } from 'vitest';
import { competition, MIN, row, score, T0, tablet } from './testkit';
import { CompetitionScorer } from './scorer';

const IND = 'czjpa-individual';

describe('merging logs: conflicts are reported, never resolved silently', () => {
	it('two different finishes for one entry from two devices: a conflict; the earliest counts meanwhile', () => {
		const setup = competition(IND, ['Ana']);
		const a = tablet('tablet-a');
		const b = tablet('tablet-b');
		a.start(T0, ['ana']);
		const ha = a.hand('ana', T0 + 40 * MIN);
		const hb = b.hand('ana', T0 + 41 * MIN);
		const s = score(setup, [...a.events, ...b.events], T0 + 95 * MIN);
		expect(row(s, 'Ana').outcome.finalTimeMs).toBe(40 * MIN);
		expect(s.conflicts).toEqual([
			{
				kind: 'double-finish',
				competitionId: 'comp',
				heatId: 'heat-1',
				entryId: 'ana',
				eventIds: [ha.id, hb.id],
				deviceIds: ['tablet-a', 'tablet-b'],
				message: '2 finishes of Ana from different devices; the earliest counts'
			}
		]);
		// The organizer resolves it: the first tap was the wrong seat.
		const org = tablet('organizer');
		org.correct(ha, T0 + 100 * MIN, 'tablet A tapped the wrong seat');
		const resolved = score(setup, [...a.events, ...b.events, ...org.events], T0 + 100 * MIN);
		expect(resolved.conflicts).toEqual([]);
		expect(row(resolved, 'Ana').outcome.finalTimeMs).toBe(41 * MIN);
	});

	it('two starts for one seat at different moments: a conflict; the first counts', () => {
		const setup = competition(IND, ['Ana']);
		const a = tablet('tablet-a');
		const b = tablet('tablet-b');
		a.start(T0, ['ana']);
		b.start(T0 + 5000, ['ana']);
		const s = score(setup, [...a.events, ...b.events], T0 + 10 * MIN);
		expect(s.conflicts.map((c) => c.kind)).toEqual(['double-start']);
		expect(row(s, 'Ana').outcome.startedAt).toBe(T0);
	});

	it('two different checks of one finish, and two different tallies: conflicts; the later one counts', () => {
		const setup = competition(IND, ['Ana', 'Bob']);
		const a = tablet('tablet-a');
		a.start(T0, ['ana', 'bob']);
		const h = a.hand('ana', T0 + 40 * MIN);
		a.confirm(h, T0 + 41 * MIN, 0);
		a.confirm(h, T0 + 42 * MIN, 2);
		a.tally('bob', T0 + 91 * MIN, [100]);
		a.tally('bob', T0 + 92 * MIN, [120]);
		const s = score(setup, a.events, T0 + 95 * MIN);
		expect(s.conflicts.map((c) => [c.kind, c.entryId])).toEqual([
			['double-check', 'ana'],
			['double-tally', 'bob']
		]);
		expect(row(s, 'Ana').outcome.missingPieces).toBe(2);
		expect(row(s, 'Bob').outcome.countedPieces).toBe(120);
	});

	it('the same id for two different events: an id collision, the same copy kept whatever the order', () => {
		const setup = competition(IND, ['Ana']);
		const a = tablet('tablet-a');
		a.start(T0, ['ana']);
		const h = a.hand('ana', T0 + 40 * MIN);
		const forged = { ...h, at: T0 + 30 * MIN };
		const s1 = score(setup, [...a.events, forged], T0 + 95 * MIN);
		const s2 = score(setup, [forged, ...a.events], T0 + 95 * MIN);
		expect(s1).toEqual(s2);
		expect(s1.conflicts.map((c) => c.kind)).toEqual(['id-collision']);
	});

	it('a correction that arrives before the event it corrects waits for it; one whose target never comes is reported', () => {
		const setup = competition(IND, ['Ana']);
		const a = tablet('tablet-a');
		a.start(T0, ['ana']);
		const h = a.hand('ana', T0 + 40 * MIN);
		const c = a.correct(h, T0 + 41 * MIN, 'wrong seat');
		const scorer = new CompetitionScorer(setup);
		scorer.add([c]);
		expect(scorer.conflicts().map((x) => x.kind)).toEqual(['invalid']);
		scorer.add([a.events[0]!, h]);
		expect(scorer.conflicts()).toEqual([]);
		expect(scorer.outcome('ana', T0 + 50 * MIN)!.status).toBe('running');
	});

	it('two corrections in force for one event: a conflict; the later one applies', () => {
		const setup = competition(IND, ['Ana']);
		const a = tablet('tablet-a');
		a.start(T0, ['ana']);
		const h = a.finish('ana', T0 + 40 * MIN);
		const o1 = tablet('org-1');
		const o2 = tablet('org-2');
		o1.correct(h, T0 + 100 * MIN, 'video', { type: 'hand.raised', at: T0 + 39 * MIN, payload: {} });
		o2.correct(h, T0 + 101 * MIN, 'paper sheet', { type: 'hand.raised', at: T0 + 38 * MIN, payload: {} });
		const s = score(setup, [...a.events, ...o1.events, ...o2.events], T0 + 110 * MIN);
		expect(s.conflicts.map((c) => c.kind)).toEqual(['double-correction']);
		expect(row(s, 'Ana').outcome.finalTimeMs).toBe(38 * MIN);
	});

	it('events for an entry that is not in the competition are reported', () => {
		const setup = competition(IND, ['Ana']);
		const a = tablet('tablet-a');
		a.hand('ghost', T0);
		const s = score(setup, a.events, T0);
		expect(s.conflicts).toHaveLength(1);
		expect(s.conflicts[0]).toMatchObject({ kind: 'invalid', entryId: 'ghost' });
		expect(s.rows.map((r) => r.name)).toEqual(['Ana']);
	});

	it('a tally larger than the puzzle is refused as invalid', () => {
		const setup = competition(IND, ['Ana']);
		const a = tablet();
		a.start(T0, ['ana']);
		a.tally('ana', T0 + 91 * MIN, [400, 200]);
		const s = score(setup, a.events, T0 + 95 * MIN);
		expect(s.conflicts.map((c) => c.kind)).toEqual(['invalid']);
		expect(row(s, 'Ana').outcome.tallyPending).toBe(true);
	});

	it('undo: voiding the last action restores the state before it, and undoing the undo restores it again', () => {
		const setup = competition(IND, ['Ana']);
		const a = tablet();
		a.start(T0, ['ana']);
		const h = a.hand('ana', T0 + 40 * MIN);
		const undo = a.correct(h, T0 + 40 * MIN + 5000, 'undo');
		expect(row(score(setup, a.events, T0 + 50 * MIN), 'Ana').outcome.status).toBe('running');
		a.correct(undo, T0 + 40 * MIN + 8000, 'undo');
		expect(row(score(setup, a.events, T0 + 50 * MIN), 'Ana').outcome.finalTimeMs).toBe(40 * MIN);
	});

	it('arrival order and duplicates do not change the standings', () => {
		const setup = competition(IND, ['Ana', 'Bob', 'Cyril']);
		const a = tablet('tablet-a');
		const b = tablet('tablet-b');
		a.start(T0, ['ana', 'bob', 'cyril']);
		a.finish('ana', T0 + 40 * MIN, 1);
		const h = b.hand('bob', T0 + 45 * MIN);
		b.reject(h, T0 + 46 * MIN);
		b.finish('bob', T0 + 50 * MIN);
		a.tally('cyril', T0 + 91 * MIN, [30, 2]);
		const all = [...a.events, ...b.events];
		const base = score(setup, all, T0 + 95 * MIN);
		const reversed = score(setup, [...all].reverse(), T0 + 95 * MIN);
		const doubled = score(setup, [...all, ...all.map((e) => JSON.parse(JSON.stringify(e)))], T0 + 95 * MIN);
		expect(reversed).toEqual(base);
		expect(doubled).toEqual(base);
		// Added in batches, queried between them.
		const scorer = new CompetitionScorer(setup);
		for (const e of [...all].reverse()) {
			scorer.add([e]);
			scorer.standings(T0 + 95 * MIN);
		}
		expect(scorer.standings(T0 + 95 * MIN)).toEqual(base);
		expect(base.rows.map((r) => [r.name, r.place])).toEqual([
			['Ana', 1],
			['Bob', 2],
			['Cyril', 3]
		]);
	});
});
