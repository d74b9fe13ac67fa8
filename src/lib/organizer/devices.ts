import type { DeviceListing } from '$lib/contract';

/**
 * What the organizer's screen says about devices: clock offsets (server − device) as a signed
 * duration, the pairing code's countdown, and which server device pushed an event log.
 */

/** "+1.25 s", "−0.30 s", "+0 ms" for small ones: the sign says whether the device is behind (+) or ahead (−). */
export function formatOffset(ms: number, decimal = '.'): string {
	const sign = ms < 0 ? '−' : '+';
	const abs = Math.abs(ms);
	if (abs < 1000) return `${sign}${Math.round(abs)} ms`;
	return `${sign}${(abs / 1000).toFixed(2).replace('.', decimal)} s`;
}

/** "14:59": minutes and seconds left until `expiresAt`; "0:00" once past. */
export function countdown(expiresAt: number, now: number): string {
	const s = Math.max(0, Math.ceil((expiresAt - now) / 1000));
	return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The server device (token) that pushed events of an event-log device ID, when the list says. */
export function deviceOfLog(devices: readonly DeviceListing[], logDeviceId: string): DeviceListing | undefined {
	return devices.find((d) => d.deviceIds?.includes(logDeviceId));
}

/** Devices in the order shown: active ones first (organizer, judge, display, desk), then revoked; by creation. */
export function sortDevices(devices: readonly DeviceListing[]): DeviceListing[] {
	const rank = { organizer: 0, judge: 1, display: 2, desk: 3 } as const;
	return [...devices].sort(
		(a, b) => Number(!!a.revokedAt) - Number(!!b.revokedAt) || rank[a.role] - rank[b.role] || (a.createdAt ?? 0) - (b.createdAt ?? 0)
	);
}
