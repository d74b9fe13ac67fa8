import { error } from '@sveltejs/kit';
import { describeIssues, toIssues } from '$lib/validation';
import { pairUrl } from '$lib/contract/pair-link';
import { createPairingCode } from './pairing';
import type { Store } from './store';
import { issueToken, listTokens, revokeToken } from './tokens';
import {
	AddDeviceSchema,
	DISPLAY_MODE_HEADER,
	DisplayModeSchema,
	type AddedDevice,
	type Device,
	type DeviceListing,
	type DisplayMode,
	type TokenListing
} from '$lib/contract';

export function listDevices(store: Store, eventId: string): DeviceListing[] {
	const extra = store.db.prepare('SELECT last_seen_at, clock_offset_ms, clock_rtt_ms, clock_measured_at, display_mode, display_mode_at FROM device_tokens WHERE id = ?');
	const logs = store.db.prepare('SELECT device_id FROM token_devices WHERE token_id = ? ORDER BY device_id').pluck();
	// One pass over the event's events (its index), not one scan per device.
	const counts = new Map(
		(store.db.prepare('SELECT token_id, count(*) AS n FROM judge_events WHERE event_id = ? GROUP BY token_id').all(eventId) as { token_id: string | null; n: number }[]).map(
			(r) => [r.token_id, r.n]
		)
	);
	return listTokens(store, eventId).map((t) => {
		const row = extra.get(t.id) as {
			last_seen_at: number | null;
			clock_offset_ms: number | null;
			clock_rtt_ms: number | null;
			clock_measured_at: number | null;
			display_mode: DisplayMode | null;
			display_mode_at: number | null;
		};
		return {
			...t,
			lastSeenAt: row.last_seen_at,
			clock:
				row.clock_offset_ms === null ? null : { offsetMs: row.clock_offset_ms, roundTripMs: row.clock_rtt_ms ?? 0, measuredAt: row.clock_measured_at ?? 0 },
			deviceIds: logs.all(t.id) as string[],
			events: counts.get(t.id) ?? 0,
			displayMode: row.display_mode === null ? null : { mode: row.display_mode, seenAt: row.display_mode_at ?? 0 }
		};
	});
}

/** How often a device's last contact is written again: not at every request of a display pulling every few seconds. */
export const CONTACT_REFRESH_MS = 5_000;

/**
 * Notes that the device was heard from: any request its token makes (a display's pulls, the
 * organizer's own reads, a tablet fetching its set-up), not only a push. Written when it was
 * never heard or last noted more than CONTACT_REFRESH_MS ago.
 */
export function noteContact(store: Store, device: Pick<Device, 'id'>, now: number): void {
	store.stmt('UPDATE device_tokens SET last_seen_at = ? WHERE id = ? AND (last_seen_at IS NULL OR last_seen_at <= ?)').run(now, device.id, now - CONTACT_REFRESH_MS);
}

/** How often an unchanged display mode is written again (its "when"): not at every pull. */
export const DISPLAY_MODE_REFRESH_MS = 10 * 60_000;

/**
 * Notes how the device says it runs the app (header DISPLAY_MODE_HEADER: an installed app or a
 * browser tab) on its own row only. No header: nothing noted (an older client, an organizer's
 * browser); a value that is not a display mode is refused (400). Written when it changed or
 * was last written more than DISPLAY_MODE_REFRESH_MS ago, so a pull every few seconds does not
 * write every time.
 */
export function noteDisplayMode(store: Store, device: Pick<Device, 'id'>, headers: Headers, now: number): void {
	const said = headers.get(DISPLAY_MODE_HEADER);
	if (said === null) return;
	const mode = DisplayModeSchema.safeParse(said.trim());
	if (!mode.success) error(400, `${DISPLAY_MODE_HEADER} is "standalone" or "browser", not "${said.slice(0, 40)}"`);
	store
		.stmt('UPDATE device_tokens SET display_mode = ?, display_mode_at = ? WHERE id = ? AND (display_mode IS NOT ? OR display_mode_at IS NULL OR display_mode_at <= ?)')
		.run(mode.data, now, device.id, mode.data, now - DISPLAY_MODE_REFRESH_MS);
}

/** Adds a device to the event: its token (for the QR code) and a short code (to type instead). */
export function addDevice(store: Store, eventId: string, body: unknown, origin: string, now: number): AddedDevice {
	const input = AddDeviceSchema.safeParse(body);
	if (!input.success) error(400, describeIssues(toIssues(input.error)));
	return store.transaction(() => {
		const issued = issueToken(store, { eventId, role: input.data.role, label: input.data.label, now });
		const { code, expiresAt } = createPairingCode(store, issued.id, now);
		const { token, ...device } = issued;
		return {
			device: { ...device, createdAt: now, revokedAt: null },
			token,
			code,
			codeExpiresAt: expiresAt,
			pairUrl: pairUrl(origin, eventId, token)
		};
	});
}

export function revokeDevice(store: Store, eventId: string, id: string, now: number): TokenListing {
	if (!revokeToken(store, eventId, id, now)) error(404, `no device "${id}" in this event`);
	return listTokens(store, eventId).find((t) => t.id === id)!;
}
