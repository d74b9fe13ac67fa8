import { JudgeEventSchema, type JudgeEvent } from '$lib/events/schema';
import { PushRequestSchema, type ClockReport, type PushResponse } from '$lib/sync/protocol';
import { describeIssues, toIssues } from '$lib/validation';
import { adoptDeviceSetup } from './device-setup';
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
	const request = PushRequestSchema.safeParse(body);
	if (!request.success) throw new PushFormatError(describeIssues(toIssues(request.error)));
	const { events, setup, clock } = request.data;
	return store.transaction(() => {
		const adopted = setup ? adoptDeviceSetup(store, device, setup) : undefined;
		const refused: PushResponse['refused'] = [];
		const valid: JudgeEvent[] = [];
		const eventOf = new Map<string, string | undefined>();
		events.forEach((raw, index) => {
			const parsed = JudgeEventSchema.safeParse(raw);
			if (!parsed.success) {
				refused.push({ index, id: rawIdOf(raw), reason: describeIssues(toIssues(parsed.error)) });
				return;
			}
			const e = parsed.data as JudgeEvent;
			if (!eventOf.has(e.competitionId)) eventOf.set(e.competitionId, store.getCompetition(e.competitionId)?.eventId);
			const owner = eventOf.get(e.competitionId);
			if (owner !== undefined && owner !== device.eventId) {
				refused.push({ index, id: e.id, reason: `competition "${e.competitionId}" belongs to another event` });
				return;
			}
			valid.push(e);
		});
		const result = store.appendValidJudgeEvents(valid, { eventId: device.eventId, tokenId: device.id, receivedAt: now });
		noteDevice(store, device, valid, clock, now);
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
