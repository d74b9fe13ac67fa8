import { ACTION_TYPES, misplacedFields, type ActionType } from '$lib/events/action-types';
import { ID_MAX_LENGTH, ID_PATTERN } from '$lib/setup/id-rule';

/**
 * The push path's fast check of one judge event (issue 34, lead 1): it checks a JSON value
 * against the rules of JudgeEventSchema ($lib/events/schema.ts) and writes, while it checks, the
 * text `JSON.stringify` makes of zod's output (the schema's key order, unknown keys left out,
 * `reason`, `note` and `accompaniedBy` trimmed). zod's parse plus JSON.stringify of each event
 * were a third of the server's CPU in a reconnect storm (bench/README.md).
 *
 * It only ever says yes or "not sure": an event it does not take (anything invalid, or a case it
 * does not know) goes to zod, which stays the source of truth and words every refusal. So it must
 * never take what zod refuses, nor write other bytes than zod's output would give; its property
 * test (judge-event-json.test.ts) checks both on generated events and mutations of them, and that
 * its fields are the schema's.
 */

/** The canonical JSON of a value, or undefined: not sure (ask zod). */
type Writer = (v: unknown) => string | undefined;

/** An ID (IdSchema): its characters need no escape in JSON. */
const id: Writer = (v) => (typeof v === 'string' && v.length >= 1 && v.length <= ID_MAX_LENGTH && ID_PATTERN.test(v) ? `"${v}"` : undefined);

/** A string of min…max UTF-16 code units; `trim`: zod's z.trim() first (the output is the trimmed text). */
function text(min: number, max: number, trim = false): Writer {
	return (v) => {
		if (typeof v !== 'string') return undefined;
		const s = trim ? v.trim() : v;
		return s.length >= min && s.length <= max ? JSON.stringify(s) : undefined;
	};
}

/** z.number().check(z.int(), …): a safe integer in min…max. */
function int(min: number, max = Number.MAX_SAFE_INTEGER): Writer {
	return (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max ? String(v) : undefined);
}

/** z.number() in min…max: finite. String() writes a finite number as JSON.stringify does (-0 as 0). */
function num(min: number, max: number): Writer {
	return (v) => (typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max ? String(v) : undefined);
}

const bool: Writer = (v) => (v === true ? 'true' : v === false ? 'false' : undefined);

const nullable =
	(w: Writer): Writer =>
	(v) =>
		v === null ? 'null' : w(v);

function array(item: Writer, min: number, max: number): Writer {
	return (v) => {
		if (!Array.isArray(v) || v.length < min || v.length > max) return undefined;
		let out = '[';
		for (let i = 0; i < v.length; i++) {
			const x = item(v[i]);
			if (x === undefined) return undefined;
			out += i === 0 ? x : `,${x}`;
		}
		return `${out}]`;
	};
}

/** A tuple of exactly these items. */
function tuple(...items: Writer[]): Writer {
	return (v) => {
		if (!Array.isArray(v) || v.length !== items.length) return undefined;
		let out = '[';
		for (let i = 0; i < items.length; i++) {
			const x = items[i]!(v[i]);
			if (x === undefined) return undefined;
			out += i === 0 ? x : `,${x}`;
		}
		return `${out}]`;
	};
}

interface Field {
	key: string;
	write: Writer;
	optional: boolean;
}
const req = (key: string, write: Writer): Field => ({ key, write, optional: false });
const opt = (key: string, write: Writer): Field => ({ key, write, optional: true });

/**
 * An object with these fields, written in this order (the schema's: zod's output follows its
 * shape), other keys left out; `fits`: the schema's refinement of the written value.
 */
interface ObjectWriter extends Writer {
	keys: readonly string[];
}
function object(fields: readonly Field[], fits?: (o: Record<string, unknown>) => boolean): ObjectWriter {
	const heads = fields.map((f) => JSON.stringify(f.key) + ':');
	const write: Writer = (v) => {
		if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
		const o = v as Record<string, unknown>;
		let out = '{';
		for (let i = 0; i < fields.length; i++) {
			const f = fields[i]!;
			const x = o[f.key];
			if (x === undefined) {
				if (f.optional) continue;
				return undefined;
			}
			const w = f.write(x);
			if (w === undefined) return undefined;
			out += out.length === 1 ? heads[i]! + w : `,${heads[i]!}${w}`;
		}
		if (fits && !fits(o)) return undefined;
		return `${out}}`;
	};
	return Object.assign(write, { keys: fields.map((f) => f.key) });
}

/** Mirrors of schema.ts's fields. */
const reason = text(1, 2000, true);
const optionalReason = text(0, 2000);
const puzzleId = text(1, 64);
const missingPieces = int(0, 100_000);

/** Each action type's payload, as schema.ts's `payloads`. */
const PAYLOADS = {
	'heat.start': object([req('entryIds', array(id, 1, 10_000)), req('previewMs', int(0, 3_600_000))]),
	'heat.time-limit': object([req('entryIds', array(id, 0, 10_000))]),
	'pause.start': object([]),
	'pause.end': object([]),
	'assist.start': object([]),
	'assist.end': object([]),
	'hand.raised': object([]),
	'relay.puzzle-finished': object([req('puzzleId', puzzleId), req('memberIds', array(id, 0, 50))]),
	'check.confirmed': object(
		[req('ref', id), req('missingPieces', missingPieces), opt('missingFromBox', missingPieces)],
		(p) => p.missingFromBox === undefined || (p.missingFromBox as number) <= (p.missingPieces as number)
	),
	'check.rejected': object([req('ref', id), opt('reason', optionalReason)]),
	'record.acknowledged': object([]),
	'tally.recorded': object([opt('puzzleId', puzzleId), req('groups', array(int(1, 100_000), 0, 100_000))]),
	'entry.disqualified': object([req('reason', reason)]),
	'entry.did-not-start': object([opt('reason', optionalReason)]),
	'incident.noted': object([req('note', text(1, 5000, true))]),
	'time.adjusted': object([req('deltaMs', int(-86_400_000, 86_400_000)), req('reason', reason)]),
	'tiebreak.result': object([req('order', array(id, 2, 1000))]),
	'relay.pairs-assigned': object([req('pairs', tuple(tuple(id, id), tuple(id, id)))]),
	'relay.teardown-done': object([req('puzzleId', puzzleId)]),
	'box-fault.decided': object([req('ref', id), req('confirmed', bool)]),
	'entry.checked-in': object([opt('paid', bool), opt('companions', int(0, 100)), opt('accompaniedBy', text(1, 200, true))])
} as const satisfies Record<ActionType, ObjectWriter>;

const envelope: Field[] = [
	req('id', id),
	req('deviceId', id),
	req('seq', int(1)),
	req('at', int(0, 8_640_000_000_000)),
	req('mono', num(0, 1e12)),
	req('judge', text(1, 120)),
	req('competitionId', id),
	req('heatId', nullable(id)),
	req('entryId', nullable(id))
];

/** The discriminated union's literal: only this type's variant takes the event. */
const literal =
	(type: string): Writer =>
	(v) =>
		v === type ? JSON.stringify(type) : undefined;

const replacementVariants = new Map<string, Writer>(
	ACTION_TYPES.map((type) => [type, object([req('type', literal(type)), req('at', int(0)), req('payload', PAYLOADS[type])])])
);
const replacement: Writer = (v) => {
	if (typeof v !== 'object' || v === null) return undefined;
	const type = (v as { type?: unknown }).type;
	return typeof type === 'string' ? replacementVariants.get(type)?.(v) : undefined;
};

const CORRECTION_PAYLOAD = object([req('supersedes', id), req('reason', reason), opt('replacement', replacement)]);

/** Every event type's writer: a Map, so that no key of Object.prototype is a type. */
const VARIANTS = new Map<string, ObjectWriter>([
	['correction', object([...envelope, req('type', literal('correction')), req('payload', CORRECTION_PAYLOAD)])],
	...ACTION_TYPES.map(
		(type) => [type, object([...envelope, req('type', literal(type)), req('payload', PAYLOADS[type])], (e) => misplacedFields(type, e.entryId, e.heatId).length === 0)] as const
	)
]);

/**
 * The JSON text the store keeps for this event (`JSON.stringify` of zod's output), or undefined
 * when the fast check does not take it: then JudgeEventSchema decides (and says why it refuses).
 */
export function canonicalJudgeEventJson(v: unknown): string | undefined {
	if (typeof v !== 'object' || v === null) return undefined;
	const type = (v as { type?: unknown }).type;
	return typeof type === 'string' ? VARIANTS.get(type)?.(v) : undefined;
}

/** The fields the fast check writes for a type (envelope, type, payload; and the payload's): for the test that they are the schema's. */
export function fastCheckedFields(type: string): { event: readonly string[]; payload: readonly string[] } | undefined {
	const event = VARIANTS.get(type);
	if (!event) return undefined;
	return { event: event.keys, payload: type === 'correction' ? CORRECTION_PAYLOAD.keys : PAYLOADS[type as ActionType].keys };
}
