import type { ClockReport, Device, PushedSetup, PushResponse } from '$lib/contract';
import { notOwnEvent, pushGate } from './device-binding';
import { deskGate } from './desk-push';
import { takeDeskPayments } from './desk-payments';
import { adoptDeviceSetup, type AdoptedSetup } from './device-setup';
import type { JudgeEventRow } from './judge-event-row';
import { preparePush, type PreparedPush } from './push-validation';
import { rawIdOf } from './raw-id';
import type { Store } from './store';
import { cardGate, SETUP_REFUSED_TO_CARDS } from './card-push-scope';
import { redactPushedForErased } from './erasure-redaction';
import { latestAcceptedAt, timeAheadRefusal } from './push-time-bound';

/**
 * Stores what a device pushed, event by event (docs/sync.md): the set-up a judge made on the
 * tablet is adopted first (new competitions only); then an event that is not valid, or that a
 * judge's token pushes for another device than its own (device-binding.ts), or whose time is
 * too far ahead of the server's clock
 * (push-time-bound.ts), or that a token from a table card may not record (anything but a judge's
 * actions at its heat, card-push-scope.ts; nor any set-up), or that a desk may not push (anything
 * but its check-ins, desk-push.ts), is refused with its reason, and the rest is stored
 * idempotently (Store.appendJudgeEvents) under the device's event — also events of a
 * competition this server does not know, so that nothing a judge recorded is lost.
 * All of it in one transaction. Throws PushFormatError only when the body is not a push.
 */
export function pushEvents(store: Store, device: Device, body: unknown, now: number = Date.now()): PushResponse {
	return storePush(store, device, preparePush(body), now);
}

/** Stores a prepared push in one transaction (a savepoint inside a group commit). */
export function storePush(store: Store, device: Device, push: PreparedPush, now: number): PushResponse {
	return store.transaction(() => {
		// A judge token got from a table card records at its heat only (card-push-scope.ts).
		const card = cardGate(store, device);
		const adopted = push.setup ? (card ? refuseSetup(push.setup) : adoptDeviceSetup(store, device, push.setup)) : undefined;
		const refused = [...push.refused];
		const valid: JudgeEventRow[] = [];
		const gate = pushGate(store, device);
		const desk = device.role === 'desk' ? deskGate(store, device.eventId) : null;
		const latest = latestAcceptedAt(now, push.clock?.offsetMs ?? storedOffset(store, device));
		for (const { index, row: e } of push.valid) {
			// A competition ID is the event's own (store.ts, migration 19): an event is always stored under
			// the device's event, whatever another event holds under the same ID (docs/sync.md, Events apart).
			if (!gate.allows(e.deviceId)) refused.push({ index, id: e.id, reason: notOwnEvent(gate.own, e.deviceId) });
			else {
				const refusal = timeAheadRefusal(e, latest) ?? card?.(e) ?? desk?.refusal(e) ?? null;
				if (refusal !== null) refused.push({ index, id: e.id, reason: refusal });
				else valid.push(e);
			}
		}
		refused.sort((a, b) => a.index - b.index);
		// What a desk typed about a person erased meanwhile is stored without it (erasure-redaction.ts).
		const result = store.appendEventRows(redactPushedForErased(store, device.eventId, valid), { eventId: device.eventId, tokenId: device.id, receivedAt: now });
		// A fee paid at the desk becomes the registration's payment (desk-payments.ts).
		if (desk) takeDeskPayments(store, device, valid, new Set(result.stored.map((s) => s.id)), now);
		noteDevice(store, device, valid, push.clock, now);
		const response: PushResponse = { ...result, refused };
		if (adopted) Object.assign(response, adopted);
		return response;
	});
}

/** A card's token brings no set-up: every competition of it is refused, and none is added. */
function refuseSetup(setup: PushedSetup): AdoptedSetup {
	return { setupAdded: [], setupRefused: setup.competitions.map((c) => ({ id: rawIdOf(c), reason: SETUP_REFUSED_TO_CARDS })) };
}

/** The device's clock offset as last reported (null when never measured). */
function storedOffset(store: Store, device: Device): number | null {
	return (store.stmt('SELECT clock_offset_ms FROM device_tokens WHERE id = ?').get(device.id) as { clock_offset_ms: number | null } | undefined)?.clock_offset_ms ?? null;
}

/** What the organizer sees of the device: when it was last heard, its clock, the logs it pushed. */
function noteDevice(store: Store, device: Device, events: readonly JudgeEventRow[], clock: ClockReport | undefined, now: number): void {
	store.stmt('UPDATE device_tokens SET last_seen_at = ? WHERE id = ?').run(now, device.id);
	if (clock)
		store
			.stmt('UPDATE device_tokens SET clock_offset_ms = ?, clock_rtt_ms = ?, clock_measured_at = ? WHERE id = ?')
			.run(clock.offsetMs, clock.roundTripMs, clock.measuredAt, device.id);
	// A held token pushes its bound devices' events only: already listed, and their binding stays as it is.
	const link = store.stmt('INSERT OR IGNORE INTO token_devices (token_id, device_id) VALUES (?, ?)');
	for (const deviceId of new Set(events.map((e) => e.deviceId))) link.run(device.id, deviceId);
}
