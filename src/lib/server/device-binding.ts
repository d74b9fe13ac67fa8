import type { Store } from './store';
import type { Device } from '$lib/contract';

/**
 * A device's identity bound to its credential. Every judge event names the device that recorded
 * it (`deviceId`, the tablet's own ID) and its number there (`seq`). A judge token pushes only
 * the events of the device bound to it, its tablet: bound when the tablet pairs (it sends its ID
 * with the pairing code or the QR link's token), or, for a token that never paired so (made by
 * `npm run device-token`, or redeemed by an older app), by its first push that holds an event:
 * trust on first use. Devices that pushed with a token before binding existed stay bound to it.
 *
 * A desk token (the check-in at the door) is held the same way.
 *
 * Organizer tokens push other devices' events of their event (tablets' files imported on the
 * organizer's device go through its outbox); display tokens push nothing. Neither is held to a
 * device: what they pair with is only recorded.
 *
 * Kept in `token_devices` (migration 9): one row per token and device that paired or pushed with
 * it; `bound = 1` for the token's own devices, 0 for history (a tablet replaced by a code).
 */

/** Roles whose pushes are held to their own devices' events. */
const HELD: readonly Device['role'][] = ['judge', 'desk'];

export const isHeld = (device: Device): boolean => HELD.includes(device.role);

/** The devices bound to a token (for a held role: the devices whose events it may push). */
export function boundDevices(store: Store, tokenId: string): string[] {
	return store.stmt('SELECT device_id FROM token_devices WHERE token_id = ? AND bound = 1 ORDER BY device_id').pluck().all(tokenId) as string[];
}

/** Binds a device to a token (or binds it again, when it was history). */
export function bindDevice(store: Store, tokenId: string, deviceId: string): void {
	store.stmt('INSERT INTO token_devices (token_id, device_id, bound) VALUES (?, ?, 1) ON CONFLICT DO UPDATE SET bound = 1').run(tokenId, deviceId);
}

/** Why a device was refused at pairing: the token is another tablet's. */
export const DEVICE_TAKEN =
	'this pairing is already used by another tablet: ask the organizer to add this tablet as a device of its own (a pairing is for one tablet)';

/**
 * A device pairing with a token it holds (a QR link's token, or one just given for a code):
 * recorded, and bound when the token is a judge's that no tablet holds yet. False when the judge
 * token is bound to another device: the pairing is refused, nothing changes.
 */
export function claimDevice(store: Store, device: Device, deviceId: string): boolean {
	return store.transaction(() => {
		if (isHeld(device)) {
			const bound = boundDevices(store, device.id);
			if (bound.length > 0 && !bound.includes(deviceId)) return false;
		}
		bindDevice(store, device.id, deviceId);
		return true;
	});
}

/**
 * A pairing code was redeemed: the token's secret is new (the QR link's no longer works), and so
 * is its tablet. Earlier devices become history; `deviceId` (when the app sent it) is bound.
 */
export function rebindDevice(store: Store, tokenId: string, deviceId: string | null): void {
	store.transaction(() => {
		store.stmt('UPDATE token_devices SET bound = 0 WHERE token_id = ?').run(tokenId);
		if (deviceId !== null) bindDevice(store, tokenId, deviceId);
	});
}

/** Why a pushed event was refused: it names another device than the token's own. */
export function notOwnEvent(own: ReadonlySet<string>, deviceId: string): string {
	return `this device may only push its own events: it pairs as device "${[...own].join('", "')}", this event is of device "${deviceId}"`;
}

/**
 * The check of one push: `allows(deviceId)` says whether the token may push an event of that
 * device (binding it first when a held token has none yet: trust on first use). To be called
 * inside the push's transaction, so that a binding goes with the events or not at all.
 */
export function pushGate(store: Store, device: Device): { allows: (deviceId: string) => boolean; own: ReadonlySet<string> } {
	if (!isHeld(device)) return { allows: () => true, own: new Set() };
	const own = new Set(boundDevices(store, device.id));
	return {
		own,
		allows(deviceId) {
			if (own.size === 0) {
				bindDevice(store, device.id, deviceId);
				own.add(deviceId);
			}
			return own.has(deviceId);
		}
	};
}
