import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JudgeEventSchema, ReplacementSchema, type JudgeEvent } from '$lib/events/schema';
import { ACTION_TYPES, namesEntry, type ActionType } from '$lib/events/action-types';
import { describeIssues, toIssues } from '$lib/validation';
import { canonicalJudgeEventJson, fastCheckedFields } from './judge-event-json';
import { judgeEventRowOf } from './judge-event-row';
import { preparePush } from './push-validation';
import { rawIdOf } from './raw-id';

/**
 * The fast check may only say yes where zod says yes, and then write exactly the bytes of
 * JSON.stringify(zod's output); it should say yes to every valid event (else it is no faster).
 */

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const id = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/);
/** Text with what trim() and JSON escaping care about: whitespace of every kind, quotes, controls, lone surrogates, astral characters. */
const unit = fc.oneof(
	fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2028', '\ufeff', '\u3000', '"', '\\', '\u0000', '\u001f', '\ud800', '\udfff', 'é', '😀', 'ř'),
	fc.string({ minLength: 1, maxLength: 1 })
);
const str = (minLength: number, maxLength: number) => fc.string({ unit, minLength, maxLength });
const ws = fc.constantFrom('', ' ', '  ', '\n', '\t ', '\u00a0', '\ufeff', '\u3000');
/** A text that zod trims: its core of min…max after trim, with whitespace around. */
const trimmed = (min: number, max: number) =>
	fc
		.tuple(ws, str(min, max), ws)
		.map(([a, s, b]) => a + s + b)
		.filter((s) => s.trim().length >= min && s.trim().length <= max);
const int = (min: number, max: number) => fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
const bigInt = (min: number, max: number) => fc.oneof(fc.maxSafeInteger().filter((n) => n >= min && n <= max), fc.constantFrom(min, max));
const ids = (minLength: number, maxLength: number) => fc.array(id, { minLength, maxLength });
const optional = <T,>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

/** Valid payloads of each action type (the schema's rules). */
const PAYLOADS = {
	'heat.start': fc.record({ entryIds: ids(1, 12), previewMs: int(0, 3_600_000) }),
	'heat.time-limit': fc.record({ entryIds: ids(0, 12) }),
	'pause.start': fc.constant({}),
	'pause.end': fc.constant({}),
	'assist.start': fc.constant({}),
	'assist.end': fc.constant({}),
	'hand.raised': fc.constant({}),
	'relay.puzzle-finished': fc.record({ puzzleId: str(1, 64), memberIds: ids(0, 50) }),
	'check.confirmed': fc
		.record({ ref: id, missingPieces: int(0, 100_000), missingFromBox: optional(int(0, 100_000)) }, { requiredKeys: ['ref', 'missingPieces'] })
		.map((p) => (p.missingFromBox !== undefined && p.missingFromBox > p.missingPieces ? { ...p, missingFromBox: p.missingPieces } : p)),
	'check.rejected': fc.record({ ref: id, reason: str(0, 2000) }, { requiredKeys: ['ref'] }),
	'record.acknowledged': fc.constant({}),
	'tally.recorded': fc.record({ puzzleId: str(1, 64), groups: fc.array(int(1, 100_000), { maxLength: 40 }) }, { requiredKeys: ['groups'] }),
	'entry.disqualified': fc.record({ reason: trimmed(1, 2000) }),
	'entry.did-not-start': fc.record({ reason: str(0, 2000) }, { requiredKeys: [] }),
	'incident.noted': fc.record({ note: trimmed(1, 5000) }),
	'time.adjusted': fc.record({ deltaMs: int(-86_400_000, 86_400_000), reason: trimmed(1, 2000) }),
	'tiebreak.result': fc.record({ order: ids(2, 20) }),
	'relay.pairs-assigned': fc.record({ pairs: fc.tuple(fc.tuple(id, id), fc.tuple(id, id)) }),
	'relay.teardown-done': fc.record({ puzzleId: str(1, 64) }),
	'box-fault.decided': fc.record({ ref: id, confirmed: fc.boolean() }),
	'entry.checked-in': fc.record({ paid: fc.boolean(), companions: int(0, 100), accompaniedBy: trimmed(1, 200) }, { requiredKeys: [] })
} satisfies Record<ActionType, fc.Arbitrary<object>>;

const envelope = fc.record({
	id,
	deviceId: id,
	seq: bigInt(1, Number.MAX_SAFE_INTEGER),
	at: fc.oneof(bigInt(0, 8_640_000_000_000), fc.constant(-0)),
	mono: fc.oneof(fc.double({ min: 0, max: 1e12, noNaN: true }), fc.constantFrom(0, -0, 1e12, 0.1)),
	judge: str(1, 120),
	competitionId: id
});

const actionType = fc.constantFrom(...ACTION_TYPES);
const replacement = actionType.chain((type) => fc.record({ type: fc.constant(type), at: bigInt(0, Number.MAX_SAFE_INTEGER), payload: PAYLOADS[type] }));

/** A valid event of any type: the heat and entry as the schema's superRefine wants them. */
const validEvent: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
	fc
		.tuple(envelope, fc.option(id), fc.option(id), fc.record({ supersedes: id, reason: trimmed(1, 2000), replacement }, { requiredKeys: ['supersedes', 'reason'] }))
		.map(([e, heatId, entryId, payload]) => ({ ...e, heatId, entryId, type: 'correction', payload })),
	actionType.chain((type) =>
		fc.tuple(envelope, id, fc.option(id), PAYLOADS[type]).map(([e, heat, maybeEntry, payload]) => {
			const heatFree = type === 'incident.noted' || type === 'tiebreak.result' || type === 'entry.checked-in';
			const heatId = heatFree && maybeEntry === null ? null : heat;
			const entryId = namesEntry(type) ? (maybeEntry ?? heat) : type === 'incident.noted' ? maybeEntry : null;
			return { ...e, heatId, entryId, type, payload };
		})
	)
);

/**
 * Events near the schema's edges of relations, which single mutations rarely hit: the pieces
 * missing from the box against the missing pieces, the heat and the entry null or not for any
 * type, pairs of any shape.
 */
const nearEdge: fc.Arbitrary<Record<string, unknown>> = fc
	.tuple(validEvent, fc.option(id), fc.option(id), int(0, 4), int(0, 4), fc.array(fc.array(id, { maxLength: 3 }), { maxLength: 3 }), fc.nat(3))
	.map(([e, heatId, entryId, missingPieces, missingFromBox, pairs, which]) => {
		if (which === 0) return { ...e, heatId, entryId };
		if (which === 1) return { ...e, type: 'check.confirmed', entryId: entryId ?? 'e', payload: { ref: 'r', missingPieces, missingFromBox } };
		if (which === 2) return { ...e, type: 'relay.pairs-assigned', entryId: entryId ?? 'e', heatId: heatId ?? 'h', payload: { pairs } };
		return { ...e, type: 'correction', payload: { supersedes: 's', reason: 'r', replacement: { type: 'check.confirmed', at: 1, payload: { ref: 'r', missingPieces, missingFromBox } } } };
	});

/** Values put in place of a field, or added as one. */
const WEIRD: unknown[] = [
	null, true, false, 0, -0, 1, -1, 0.5, 1.5, -0.5, Infinity, -Infinity, NaN, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, -(2 ** 53), 1e12, 1e12 + 1,
	100, 101, 100_000, 100_001, 3_600_000, 3_600_001, 86_400_000, 86_400_001, -86_400_001, 8_640_000_000_000, 8_640_000_000_001, 1e21, 5e-324,
	'', ' ', '   ', '\u00a0\n', 'x', ' x ', 'a-1', 'é', '\ud800', 'a'.repeat(64), 'a'.repeat(65), 'a'.repeat(121), 'x'.repeat(2001), ` ${'y'.repeat(2000)} `, 'z'.repeat(5001),
	[], [1], ['a'], ['a', 'b'], [['a', 'b'], ['c', 'd']], [['a', 'b'], ['c', 'd'], ['e', 'f']], [['a'], ['c', 'd']], {}, { a: 1 }, { type: 'hand.raised' },
	'correction', 'hand.raised', 'check.confirmed', 'entry.checked-in', 'toString', '__proto__', 'constructor'
];
const KEYS = ['extra', '__proto__', 'constructor', 'toString', 'missingFromBox', 'reason', 'replacement', 'puzzleId', 'paid', 'companions', 'accompaniedBy', 'type', 'payload', 'id'];

/** Every place in a value: the containers and their keys. */
function places(v: unknown, out: { holder: Record<string, unknown> | unknown[]; key: string | number }[] = []) {
	if (Array.isArray(v)) v.forEach((x, i) => (out.push({ holder: v, key: i }), places(x, out)));
	else if (typeof v === 'object' && v !== null)
		for (const [k, x] of Object.entries(v)) {
			out.push({ holder: v as Record<string, unknown>, key: k });
			places(x, out);
		}
	return out;
}

/** Sets an own property, as JSON.parse does (also for `__proto__`). */
function setOwn(o: object, key: string | number, value: unknown) {
	Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

const mutation = fc.record({ at: fc.nat(), what: fc.nat(4), weird: fc.constantFrom(...WEIRD), key: fc.constantFrom(...KEYS), type: fc.constantFrom('correction', ...ACTION_TYPES) });

/** A valid event with 1–3 mutations: a field replaced, removed or added, the type changed. */
const mutatedEvent = fc.tuple(validEvent, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([e, ms]) => {
	const v = structuredClone(e) as Record<string, unknown>;
	for (const m of ms) {
		const all = places(v);
		const p = all[m.at % all.length]!;
		const copy = structuredClone(m.weird);
		if (m.what === 0) setOwn(p.holder, p.key, copy);
		else if (m.what === 1 && !Array.isArray(p.holder)) delete p.holder[p.key as string];
		else if (m.what === 2) {
			const target = typeof p.holder === 'object' && !Array.isArray(p.holder) ? p.holder : v;
			setOwn(target, m.key, copy);
		} else if (m.what === 3) v.type = m.type;
		else if (Array.isArray(p.holder)) p.holder.push(copy);
		else setOwn(p.holder, p.key, Array.isArray(p.holder[p.key]) ? [] : [p.holder[p.key]]);
	}
	return v;
});

/** The same value through JSON text, as a push's body reaches the check (Infinity → null, -0 → 0; `__proto__` an own key). */
const viaJson = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

function agreesWithZod(v: unknown): { fast: boolean; zod: boolean } {
	const fast = canonicalJudgeEventJson(v);
	const zod = JudgeEventSchema.safeParse(v);
	if (fast !== undefined) {
		expect(zod.success, `zod refuses what the fast check takes: ${fast}`).toBe(true);
		expect(fast).toBe(JSON.stringify(zod.data));
	}
	return { fast: fast !== undefined, zod: zod.success };
}

describe('canonicalJudgeEventJson: the push path’s fast check (issue 34)', () => {
	it('takes every valid event, of every type, writing JSON.stringify of zod’s output byte for byte', () => {
		fc.assert(
			fc.property(validEvent, (e) => {
				for (const v of [e, viaJson(e)]) {
					const r = agreesWithZod(v);
					expect(r.zod, 'the generator makes valid events').toBe(true);
					expect(r.fast, `the fast check declines a valid event: ${JSON.stringify(v)}`).toBe(true);
				}
			}),
			{ numRuns: 6000, seed: 3401 }
		);
	});

	it('never takes what zod refuses, nor writes other bytes, on mutated events', () => {
		let refused = 0;
		let taken = 0;
		fc.assert(
			fc.property(mutatedEvent, (e) => {
				for (const v of [e, viaJson(e)]) {
					const r = agreesWithZod(v);
					if (!r.zod) refused++;
					if (r.fast) taken++;
				}
			}),
			{ numRuns: 20000, seed: 3402 }
		);
		// The mutations reach both sides: many refused by zod, many still valid (e.g. an extra key, stripped).
		expect(refused).toBeGreaterThan(10000);
		expect(taken).toBeGreaterThan(3000);
	});

	it('agrees with zod at the edges of the schema’s relations (refinements, tuples)', () => {
		let refused = 0;
		let taken = 0;
		fc.assert(
			fc.property(nearEdge, (e) => {
				const r = agreesWithZod(e);
				if (!r.zod) refused++;
				if (r.fast) taken++;
				expect(r.fast).toBe(r.zod);
			}),
			{ numRuns: 5000, seed: 3403 }
		);
		expect(refused).toBeGreaterThan(1000);
		expect(taken).toBeGreaterThan(1000);
	});

	it('declines what is not an event object', () => {
		for (const v of [null, undefined, 1, 'hand.raised', [], [{ type: 'hand.raised' }], {}, { type: 'toString' }, { type: '__proto__' }, { type: 'constructor' }]) {
			expect(canonicalJudgeEventJson(v)).toBeUndefined();
			expect(JudgeEventSchema.safeParse(v).success).toBe(false);
		}
	});

	it('trims reasons, notes and the accompanying adult as zod does, and writes -0 as 0', () => {
		const e = { id: 'a-1', deviceId: 'a', seq: 1, at: -0, mono: -0, judge: ' Eva ', competitionId: 'c', heatId: 'h', entryId: 'e', type: 'entry.disqualified', payload: { reason: ' \u00a0late\n', extra: 1 }, more: 2 };
		const json = canonicalJudgeEventJson(e);
		expect(json).toBe('{"id":"a-1","deviceId":"a","seq":1,"at":0,"mono":0,"judge":" Eva ","competitionId":"c","heatId":"h","entryId":"e","type":"entry.disqualified","payload":{"reason":"late"}}');
		expect(json).toBe(JSON.stringify(JudgeEventSchema.parse(e)));
		expect(canonicalJudgeEventJson({ ...e, payload: { reason: ' \n\u3000' } })).toBeUndefined();
	});

	it('covers every type of the schema, with the schema’s fields in the schema’s order', () => {
		expect(Object.keys(PAYLOADS).sort()).toEqual([...ACTION_TYPES].sort());
		type Shape = Record<string, { _zod: { def: { shape?: Shape } } }>;
		const shapeOf = (s: unknown) => (s as { _zod: { def: { shape: Shape } } })._zod.def.shape;
		const options = (s: unknown) => (s as { _zod: { def: { options: unknown[] } } })._zod.def.options;
		const variants = options(JudgeEventSchema);
		expect(variants).toHaveLength(ACTION_TYPES.length + 1);
		for (const variant of variants) {
			const shape = shapeOf(variant);
			const type = (shape.type as unknown as { _zod: { def: { values: string[] } } })._zod.def.values[0]!;
			const fields = fastCheckedFields(type);
			expect(fields, `the fast check has no writer for ${type}`).toBeDefined();
			expect(fields!.event).toEqual(Object.keys(shape));
			expect(fields!.payload, type).toEqual(Object.keys(shapeOf(shape.payload)));
		}
		// A correction's replacement: the same payloads, under {type, at, payload}.
		for (const variant of options(ReplacementSchema)) {
			const shape = shapeOf(variant);
			expect(Object.keys(shape)).toEqual(['type', 'at', 'payload']);
			const type = (shape.type as unknown as { _zod: { def: { values: string[] } } })._zod.def.values[0]!;
			expect(fastCheckedFields(type)!.payload).toEqual(Object.keys(shapeOf(shape.payload)));
		}
		expect(fastCheckedFields('no.such-type')).toBeUndefined();
	});

	it('can fail: a writer that took one field too loosely would be caught', () => {
		// Sanity of the property itself: zod refuses an event that differs from a valid one only in a too-long ID.
		const e = { id: 'a'.repeat(65), deviceId: 'a', seq: 1, at: 0, mono: 0, judge: 'J', competitionId: 'c', heatId: 'h', entryId: 'e', type: 'hand.raised', payload: {} };
		expect(JudgeEventSchema.safeParse(e).success).toBe(false);
		expect(canonicalJudgeEventJson(e)).toBeUndefined();
	});
});

describe('preparePush with the fast check (issue 34)', () => {
	it('stores and refuses exactly what zod alone would, with the same rows and zod’s reasons', () => {
		const event = fc.oneof(validEvent, mutatedEvent, nearEdge).map(viaJson);
		fc.assert(
			fc.property(fc.array(event, { maxLength: 40 }), (events) => {
				const push = preparePush({ events });
				const valid: typeof push.valid = [];
				const refused: typeof push.refused = [];
				events.forEach((raw, index) => {
					const parsed = JudgeEventSchema.safeParse(raw);
					if (parsed.success) valid.push({ index, row: judgeEventRowOf(parsed.data as JudgeEvent) });
					else refused.push({ index, id: rawIdOf(raw), reason: describeIssues(toIssues(parsed.error)) });
				});
				expect(push.valid).toEqual(valid);
				expect(push.refused).toEqual(refused);
			}),
			{ numRuns: 400, seed: 3404 }
		);
	});
});
