import { describe, expect, it } from 'vitest';
import { validate } from '$lib/validation';
import { DeviceLog } from './builder';
import { ACTION_TYPES } from './action-types';
import { JudgeEventSchema } from './schema';
import { compareEvents, dedupeEvents } from './order';

const T = Date.UTC(2026, 4, 16, 9);
const log = () => new DeviceLog({ deviceId: 'tab-1', judge: 'Eva', competitionId: 'comp', heatId: 'h1' });

describe('judge event schema', () => {
	it('accepts every event the builder makes, of every type', () => {
		const l = log();
		const start = l.start(T, ['a', 'b'], 120_000);
		const h = l.hand('a', T + 1000);
		l.confirm(h, T + 2000, 2);
		l.reject(h, T + 3000, 'not done');
		l.ack('a', T + 4000);
		l.pause('b', T + 5000, T + 6000);
		l.assist('b', T + 7000, T + 8000);
		l.tally('b', T + 9000, [10, 20]);
		l.disqualify('b', T + 10_000, 'damaged a piece');
		l.record('entry.did-not-start', T + 11_000, 'c', {});
		l.record('incident.noted', T + 12_000, null, { note: 'fire alarm test' });
		l.record('time.adjusted', T + 13_000, 'a', { deltaMs: -5000, reason: 'clock tapped late' });
		l.record('heat.time-limit', T + 14_000, null, { entryIds: ['a'] });
		l.record('relay.puzzle-finished', T + 15_000, 'a', { puzzleId: 'p1-1', memberIds: ['m1'] });
		l.record('relay.pairs-assigned', T + 16_000, 'a', { pairs: [['m1', 'm2'], ['m3', 'm4']] });
		l.record('relay.teardown-done', T + 17_000, 'a', { puzzleId: 'p1-1' });
		l.correct(start, T + 18_000, 'started too early', { type: 'heat.start', at: T + 500, payload: { entryIds: ['a', 'b'], previewMs: 120_000 } });
		l.correct(h, T + 19_000, 'undo');
		const t = new DeviceLog({ deviceId: 'tab-1', judge: 'Eva', competitionId: 'comp', heatId: null, firstSeq: 99 });
		t.record('tiebreak.result', T + 20_000, null, { order: ['a', 'b'] });
		// A check-in at the door names the registration (the entry it is seated as), before any heat.
		const checkIn = t.record('entry.checked-in', T + 21_000, 'reg-1', { paid: true, companions: 2, accompaniedBy: 'Petr Malý' });
		t.correct(checkIn, T + 22_000, 'wrong person');
		l.record('entry.checked-in', T + 23_000, 'b', {});
		const check = l.record('check.confirmed', T + 24_000, 'a', { ref: h.id, missingPieces: 3, missingFromBox: 2 });
		l.record('box-fault.decided', T + 25_000, 'a', { ref: check.id, confirmed: true });
		const all = [...l.events, ...t.events];
		expect(new Set(all.map((e) => e.type))).toEqual(new Set([...ACTION_TYPES, 'correction']));
		for (const e of all) expect(validate(JudgeEventSchema, e), e.type).toEqual({ ok: true, value: e });
		expect(all.map((e) => e.seq).slice(0, 3)).toEqual([1, 2, 3]);
	});

	it('pieces missing from the box: a whole number, never more than the missing pieces; the decision names its entry', () => {
		const l = log();
		const check = l.record('check.confirmed', T, 'a', { ref: 'h', missingPieces: 3, missingFromBox: 3 });
		expect(validate(JudgeEventSchema, check).ok).toBe(true);
		expect(validate(JudgeEventSchema, { ...check, payload: { ref: 'h', missingPieces: 3 } }).ok).toBe(true);
		const tooMany = validate(JudgeEventSchema, { ...check, payload: { ref: 'h', missingPieces: 3, missingFromBox: 4 } });
		expect(tooMany.ok).toBe(false);
		expect(JSON.stringify(tooMany)).toContain('the pieces missing from the box cannot be more than the missing pieces');
		for (const bad of [-1, 1.5, '2']) expect(validate(JudgeEventSchema, { ...check, payload: { ref: 'h', missingPieces: 3, missingFromBox: bad } }).ok, String(bad)).toBe(false);
		const decided = l.record('box-fault.decided', T + 1000, 'a', { ref: check.id, confirmed: false });
		expect(validate(JudgeEventSchema, decided).ok).toBe(true);
		expect(validate(JudgeEventSchema, { ...decided, entryId: null }).ok).toBe(false);
		expect(validate(JudgeEventSchema, { ...decided, payload: { ref: check.id } }).ok).toBe(false);
		// A correction may replace a check's count from the box like any payload, within the same rule.
		const fixed = l.correct(check, T + 2000, 'two, not three', { type: 'check.confirmed', at: T, payload: { ref: 'h', missingPieces: 3, missingFromBox: 2 } });
		expect(validate(JudgeEventSchema, fixed).ok).toBe(true);
		const badFix = l.correct(check, T + 3000, 'typo', { type: 'check.confirmed', at: T, payload: { ref: 'h', missingPieces: 1, missingFromBox: 2 } });
		expect(validate(JudgeEventSchema, badFix).ok).toBe(false);
	});

	it('a check-in names its entry; companions are a whole number ≥ 0; an accompanying adult has a name', () => {
		const c = new DeviceLog({ deviceId: 'door', judge: 'Door', competitionId: 'comp', heatId: null }).record('entry.checked-in', T, 'reg-1', {});
		expect(validate(JudgeEventSchema, c).ok).toBe(true);
		for (const bad of [{ ...c, entryId: null }, { ...c, payload: { companions: -1 } }, { ...c, payload: { companions: 1.5 } }, { ...c, payload: { accompaniedBy: ' ' } }, { ...c, payload: { paid: 'yes' } }])
			expect(validate(JudgeEventSchema, bad).ok, JSON.stringify(bad.payload)).toBe(false);
	});

	it('refuses bad events with the field and the reason', () => {
		const h = log().hand('a', T);
		const cases: [unknown, string][] = [
			[{ ...h, entryId: null }, 'entryId'],
			[{ ...h, seq: 0 }, 'seq'],
			[{ ...h, at: 'yesterday' }, 'at'],
			[{ ...h, id: 'has space' }, 'id'],
			[{ ...h, type: 'hand.lowered' }, 'type'],
			[{ ...h, type: 'check.confirmed', payload: { ref: 'x', missingPieces: -1 } }, 'payload.missingPieces'],
			[{ ...h, type: 'entry.disqualified', payload: { reason: '   ' } }, 'payload.reason'],
			[{ ...h, type: 'heat.start', payload: { entryIds: ['a'], previewMs: 0 } }, 'entryId'],
			[{ ...h, type: 'correction', payload: { supersedes: 'x' } }, 'payload.reason']
		];
		for (const [input, path] of cases) {
			const r = validate(JudgeEventSchema, input);
			expect(r.ok, path).toBe(false);
			if (!r.ok) expect(r.issues.map((i) => i.path), path).toContain(path);
		}
	});
});

describe('total order and de-duplication', () => {
	it('orders by tap time, then device, then sequence, then id', () => {
		const a = log().hand('a', T);
		const b = { ...a, id: 'b', deviceId: 'tab-0' };
		const c = { ...a, id: 'c', seq: 0 };
		const d = { ...a, id: 'd', at: T - 1 };
		expect([a, b, c, d].sort(compareEvents).map((e) => e.id)).toEqual(['d', 'b', 'c', 'tab-1-1']);
	});

	it('the same event twice counts once; two different events under one id are reported', () => {
		const a = log().hand('a', T);
		const copy = JSON.parse(JSON.stringify(a));
		const forged = { ...a, at: T + 5 };
		const r = dedupeEvents([a, copy, forged]);
		expect(r.events).toHaveLength(1);
		expect(r.collisions).toHaveLength(1);
		expect(r.collisions[0]!.variants).toHaveLength(2);
		// Whatever the order, the same copy is kept.
		expect(dedupeEvents([forged, a]).events[0]).toEqual(r.events[0]);
	});
});
