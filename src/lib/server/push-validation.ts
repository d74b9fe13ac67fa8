import { JudgeEventSchema, type JudgeEvent } from '$lib/events/schema';
import { MAX_PUSH_BYTES, PushRequestSchema, type ClockReport, type PushedSetup, type PushResponse } from '$lib/contract';
import { describeIssues, toIssues } from '$lib/validation';
import { JsonBodyError, parseCheckedJsonBytes } from './json-body';
import { canonicalJudgeEventJson } from './judge-event-json';
import { judgeEventRowOf, judgeEventRowWithJson, type JudgeEventRow } from './judge-event-row';
import { rawIdOf } from './raw-id';

/**
 * The CPU-bound half of a push: the body read as JSON, checked as a push, and each event
 * validated on its own, before anything touches the store. Pure (no store, no clock), so that
 * it can run on a worker thread (push-validator.ts) while the main thread serves requests
 * and writes to SQLite.
 */
export interface PreparedPush {
	valid: { index: number; row: JudgeEventRow }[];
	refused: PushResponse['refused'];
	setup: PushedSetup | undefined;
	clock: ClockReport | undefined;
}

/** The body is not a push (answered 400 with this message). */
export class PushFormatError extends Error {}

const TOO_LARGE = `a push holds at most ${MAX_PUSH_BYTES} bytes: send fewer events at a time`;

/** The body is larger than a push may be (answered 413 with this message). */
export class PushTooLargeError extends Error {
	constructor() {
		super(TOO_LARGE);
	}
}

/**
 * Validates a push's body as received (UTF-8 bytes) that PushValidator.prepare has already
 * checked, once, on the calling thread (its size, and checkJsonBytes: depth, UTF-8): here it
 * is only decoded and parsed (a body that is not JSON is refused with PushFormatError).
 */
export function prepareCheckedPushBytes(bytes: Uint8Array): PreparedPush {
	let body: unknown;
	try {
		body = parseCheckedJsonBytes(bytes);
	} catch (e) {
		if (e instanceof JsonBodyError) throw new PushFormatError(e.message);
		throw e;
	}
	return preparePush(body);
}

/** Validates a push's body and each of its events; throws PushFormatError when the body is not a push. */
export function preparePush(body: unknown): PreparedPush {
	const request = PushRequestSchema.safeParse(body);
	if (!request.success) throw new PushFormatError(`a push is {"events": [...]}: ${describeIssues(toIssues(request.error))}`);
	const { events, setup, clock } = request.data;
	const valid: PreparedPush['valid'] = [];
	const refused: PushResponse['refused'] = [];
	events.forEach((raw, index) => {
		// The fast check first (it writes the stored JSON as it checks); zod decides what it does not take.
		const json = canonicalJudgeEventJson(raw);
		if (json !== undefined) {
			valid.push({ index, row: judgeEventRowWithJson(raw as JudgeEvent, json) });
			return;
		}
		const parsed = JudgeEventSchema.safeParse(raw);
		if (parsed.success) valid.push({ index, row: judgeEventRowOf(parsed.data as JudgeEvent) });
		else refused.push({ index, id: rawIdOf(raw), reason: describeIssues(toIssues(parsed.error)) });
	});
	return { valid, refused, setup, clock };
}
