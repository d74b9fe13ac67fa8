import { JudgeEventSchema, type JudgeEvent } from '$lib/events/schema';
import { PushRequestSchema, type ClockReport, type PushResponse } from '$lib/sync/protocol';
import { describeIssues, toIssues } from '$lib/validation';
import { adoptDeviceSetup, type PushedSetup } from './device-setup';
import { rawIdOf } from './raw-id';
import type { Store } from './store';
import type { Device } from './tokens';

/**
 * Stores what a device pushed, event by event (docs/sync.md): the set-up a judge made on the
 * tablet is adopted first (new competitions only); then an event that is not valid, or that
 * belongs to a competition of another event, is refused with its reason, and the rest is
 * stored idempotently (Store.appendJudgeEvents) under the device's event — also events of a
 * competition this server does not know, so that nothing a judge recorded is lost.
 * All of it in one transaction. Throws only when the body is not a push.
 */
export function pushEvents(store: Store, device: Device, body: unknown, now: number = Date.now()): PushResponse {
	return storePush(store, device, preparePush(body), now);
}

/** A push checked event by event, before it touches the store (the CPU-bound part). */
export interface PreparedPush {
	valid: { index: number; event: JudgeEvent }[];
	refused: PushResponse['refused'];
	setup: PushedSetup | undefined;
	clock: ClockReport | undefined;
}

/** Validates a push's body and each of its events; throws PushFormatError when the body is not a push. */
export function preparePush(body: unknown): PreparedPush {
	const request = PushRequestSchema.safeParse(body);
	if (!request.success) throw new PushFormatError(describeIssues(toIssues(request.error)));
	const { events, setup, clock } = request.data;
	const valid: PreparedPush['valid'] = [];
	const refused: PushResponse['refused'] = [];
	events.forEach((raw, index) => {
		const parsed = JudgeEventSchema.safeParse(raw);
		if (parsed.success) valid.push({ index, event: parsed.data as JudgeEvent });
		else refused.push({ index, id: rawIdOf(raw), reason: describeIssues(toIssues(parsed.error)) });
	});
	return { valid, refused, setup, clock };
}

/** Stores a prepared push in one transaction (a savepoint inside a group commit). */
export function storePush(store: Store, device: Device, push: PreparedPush, now: number): PushResponse {
	return store.transaction(() => {
		const adopted = push.setup ? adoptDeviceSetup(store, device, push.setup) : undefined;
		const refused = [...push.refused];
		const valid: JudgeEvent[] = [];
		const eventOf = new Map<string, string | undefined>();
		for (const { index, event: e } of push.valid) {
			if (!eventOf.has(e.competitionId)) eventOf.set(e.competitionId, store.getCompetition(e.competitionId)?.eventId);
			const owner = eventOf.get(e.competitionId);
			if (owner !== undefined && owner !== device.eventId) refused.push({ index, id: e.id, reason: `competition "${e.competitionId}" belongs to another event` });
			else valid.push(e);
		}
		refused.sort((a, b) => a.index - b.index);
		const result = store.appendValidJudgeEvents(valid, { eventId: device.eventId, tokenId: device.id, receivedAt: now });
		noteDevice(store, device, valid, push.clock, now);
		const response: PushResponse = { ...result, refused };
		if (adopted) Object.assign(response, adopted);
		return response;
	});
}

/** What the organizer sees of the device: when it was last heard, its clock, the logs it pushed. */
function noteDevice(store: Store, device: Device, events: readonly JudgeEvent[], clock: ClockReport | undefined, now: number): void {
	store.db.prepare('UPDATE device_tokens SET last_seen_at = ? WHERE id = ?').run(now, device.id);
	if (clock)
		store.db
			.prepare('UPDATE device_tokens SET clock_offset_ms = ?, clock_rtt_ms = ?, clock_measured_at = ? WHERE id = ?')
			.run(clock.offsetMs, clock.roundTripMs, clock.measuredAt, device.id);
	const link = store.db.prepare('INSERT OR IGNORE INTO token_devices (token_id, device_id) VALUES (?, ?)');
	for (const deviceId of new Set(events.map((e) => e.deviceId))) link.run(device.id, deviceId);
}

/** The body is not `{ events: [...] }` (answered 400). */
export class PushFormatError extends Error {}
