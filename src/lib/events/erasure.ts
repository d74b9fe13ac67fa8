import { canonicalJson } from './order';

/**
 * What an erasure of a person's personal data does to the judge events that hold some (issue 29
 * #4): the accompanying adult a desk typed at the door becomes ERASED. Pure, shared by the
 * server (src/lib/server/erasure-redaction.ts redacts the stored rows) and the devices (a pull
 * replaces a held event by its redaction: the one exception to "events are never changed").
 */

/** What an erased value becomes in a judge event. */
export const ERASED = '[erased]';

/** The field as the register's history names it (the change of the `person.erased` record). */
export const CHECK_IN_ADULT_FIELD = 'checkIn.accompaniedBy';

type Payload = Record<string, unknown>;
export type LooseEvent = { id: string; type: string; entryId: string | null; payload: Payload };

function redactedPayload(payload: unknown): Payload | null {
	if (typeof payload !== 'object' || payload === null) return null;
	const p = payload as Payload;
	return typeof p.accompaniedBy === 'string' && p.accompaniedBy !== ERASED ? { ...p, accompaniedBy: ERASED } : null;
}

/**
 * The event with the accompanying adult it names replaced by ERASED (the key order kept, so the
 * stored text stays in the schema's order), or null when it names none (or only ERASED).
 */
export function redactedEvent<E extends { type: string; payload: unknown }>(event: E): E | null {
	if (event.type === 'entry.checked-in') {
		const payload = redactedPayload(event.payload);
		return payload && { ...event, payload };
	}
	if (event.type === 'correction') {
		const p = event.payload as Payload & { replacement?: { type: string; payload: unknown } };
		if (p.replacement?.type !== 'entry.checked-in') return null;
		const inner = redactedPayload(p.replacement.payload);
		return inner && { ...event, payload: { ...p, replacement: { ...p.replacement, payload: inner } } };
	}
	return null;
}

/**
 * Whether the stored text is the redaction of the one a device sends (again, after its answer
 * was lost; or a file imported again): the same event, not a conflict. The stored copy stays.
 */
export function isRedactionOf(storedJson: string, sentJson: string): boolean {
	if (!storedJson.includes(ERASED)) return false;
	return isRedaction(JSON.parse(storedJson), JSON.parse(sentJson) as LooseEvent);
}

/** Whether `redacted` is `original` with its personal fields erased (a device takes it in place of its copy). */
export function isRedaction(redacted: unknown, original: LooseEvent): boolean {
	const expected = redactedEvent(original);
	return expected !== null && canonicalJson(expected) === canonicalJson(redacted);
}
