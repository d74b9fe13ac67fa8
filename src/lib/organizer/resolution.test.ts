import { describe, expect, it } from 'vitest';
import type { JudgeEvent } from '$lib/events/schema';
import { competition, MIN, row, score, T0, tablet } from '$lib/scoring/testkit';
import { DeviceLog } from '$lib/events/builder';
import { correctionDrafts, resolutionOptions, type ResolutionOption } from './resolution';

const IND = 'czjpa-individual';
const byId = (events: JudgeEvent[]) => new Map(events.map((e) => [e.id, e]));

/** Carries out `option` as the organizer's device would, and scores again. */
function resolve(setup: ReturnType<typeof competition>, events: JudgeEvent[], option: ResolutionOption, now: number) {
	const org = new DeviceLog({ deviceId: 'organizer', judge: 'Org', competitionId: 'comp', heatId: null });
	const drafts = correctionDrafts(option, byId(events), { judge: 'Org', at: now, mono: 1, reason: 'seen on the video' });
	const corrections = drafts.map((d, i) => ({ ...d, id: `organizer-${i + 1}`, deviceId: org.opts.deviceId, seq: i + 1 }) as JudgeEvent);
	return { corrections, standings: score(setup, [...events, ...corrections], now) };
}

describe('resolving conflicts with corrections', () => {
	it('two finishes from two devices: keeping either one clears the conflict and makes it count', () => {
		const setup = competition(IND, ['Ana']);
		const a = tablet('tablet-a');
		const b = tablet('tablet-b');
		a.start(T0, ['ana']);
		a.hand('ana', T0 + 40 * MIN);
		b.hand('ana', T0 + 41 * MIN);
		const events = [...a.events, ...b.events];
		const [conflict] = score(setup, events, T0 + 95 * MIN).conflicts;
		const options = resolutionOptions(conflict!, byId(events), new Set(['ana']));
		expect(options.map((o) => o.kind === 'keep' && o.keep)).toEqual(['tablet-a-2', 'tablet-b-1']);
		const keepB = resolve(setup, events, options[1]!, T0 + 100 * MIN);
		expect(keepB.standings.conflicts).toEqual([]);
		expect(row(keepB.standings, 'Ana').outcome.finalTimeMs).toBe(41 * MIN);
		expect(keepB.corrections).toMatchObject([{ type: 'correction', entryId: 'ana', heatId: 'heat-1', payload: { supersedes: 'tablet-a-2', reason: 'seen on the video' } }]);
		const keepA = resolve(setup, events, options[0]!, T0 + 100 * MIN);
		expect(keepA.standings.conflicts).toEqual([]);
		expect(row(keepA.standings, 'Ana').outcome.finalTimeMs).toBe(40 * MIN);
	});

	it('two starts of one seat: the kept start counts, the voided one is a heat event corrected in its heat', () => {
		const setup = competition(IND, ['Ana']);
		const a = tablet('tablet-a');
		const b = tablet('tablet-b');
		a.start(T0, ['ana']);
		b.start(T0 + 5000, ['ana']);
		const events = [...a.events, ...b.events];
		const [conflict] = score(setup, events, T0 + 10 * MIN).conflicts;
		const options = resolutionOptions(conflict!, byId(events), new Set(['ana']));
		const r = resolve(setup, events, options.find((o) => o.kind === 'keep' && o.keep === 'tablet-b-1')!, T0 + 10 * MIN);
		expect(r.corrections[0]).toMatchObject({ entryId: null, heatId: 'heat-1' });
		expect(r.standings.conflicts).toEqual([]);
		expect(row(r.standings, 'Ana').outcome.startedAt).toBe(T0 + 5000);
	});

	it('an event after the lock: voiding it or applying it after all both clear the conflict', () => {
		const setup = competition(IND, ['Ana']);
		const a = tablet('tablet-a');
		a.start(T0, ['ana']);
		a.finish('ana', T0 + 40 * MIN);
		a.ack('ana', T0 + 42 * MIN);
		a.record('entry.disqualified', T0 + 43 * MIN, 'ana', { reason: 'talking' });
		const events = a.events;
		const [conflict] = score(setup, events, T0 + 95 * MIN).conflicts;
		expect(conflict!.kind).toBe('after-lock');
		const options = resolutionOptions(conflict!, byId(events), new Set(['ana']));
		expect(options.map((o) => o.kind)).toEqual(['void', 'apply']);
		const voided = resolve(setup, events, options[0]!, T0 + 95 * MIN);
		expect(voided.standings.conflicts).toEqual([]);
		expect(row(voided.standings, 'Ana').outcome.status).toBe('finished');
		const applied = resolve(setup, events, options[1]!, T0 + 95 * MIN);
		expect(applied.standings.conflicts).toEqual([]);
		expect(row(applied.standings, 'Ana').outcome.status).toBe('disqualified');
	});

	it('two corrections in force: reverting the other one leaves the kept one', () => {
		const setup = competition(IND, ['Ana']);
		const a = tablet('tablet-a');
		a.start(T0, ['ana']);
		const h = a.finish('ana', T0 + 40 * MIN);
		const o1 = tablet('org-1');
		const o2 = tablet('org-2');
		o1.correct(h, T0 + 100 * MIN, 'video', { type: 'hand.raised', at: T0 + 39 * MIN, payload: {} });
		o2.correct(h, T0 + 101 * MIN, 'paper', { type: 'hand.raised', at: T0 + 38 * MIN, payload: {} });
		const events = [...a.events, ...o1.events, ...o2.events];
		const [conflict] = score(setup, events, T0 + 110 * MIN).conflicts;
		const options = resolutionOptions(conflict!, byId(events), new Set(['ana']));
		expect(options.map((o) => o.kind === 'keep' && o.keep)).toEqual(['org-1-1', 'org-2-1']);
		const r = resolve(setup, events, options[0]!, T0 + 110 * MIN);
		expect(r.standings.conflicts).toEqual([]);
		expect(row(r.standings, 'Ana').outcome.finalTimeMs).toBe(39 * MIN);
	});

	it('an invalid tally is voided; an id collision and events of an unknown entry offer nothing', () => {
		const setup = competition(IND, ['Ana']);
		const a = tablet();
		a.start(T0, ['ana']);
		a.tally('ana', T0 + 91 * MIN, [400, 200]);
		const [invalid] = score(setup, a.events, T0 + 95 * MIN).conflicts;
		const options = resolutionOptions(invalid!, byId(a.events), new Set(['ana']));
		expect(options).toEqual([{ kind: 'void', voids: [a.events[1]!.id] }]);
		expect(resolve(setup, a.events, options[0]!, T0 + 95 * MIN).standings.conflicts).toEqual([]);

		const g = tablet();
		g.hand('ghost', T0);
		const [ghost] = score(setup, g.events, T0).conflicts;
		expect(resolutionOptions(ghost!, byId(g.events), new Set(['ana']))).toEqual([]);
		expect(resolutionOptions({ ...ghost!, kind: 'id-collision' }, byId(g.events), new Set(['ghost']))).toEqual([]);
	});

	it('a correction needs a reason', () => {
		const a = tablet();
		const h = a.hand('ana', T0);
		expect(() => correctionDrafts({ kind: 'void', voids: [h.id] }, byId(a.events), { judge: 'Org', at: T0, mono: 0, reason: '  ' })).toThrow(/reason/);
	});
});
