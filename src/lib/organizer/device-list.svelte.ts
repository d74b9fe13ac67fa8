import { m } from '$lib/i18n';
import type { SyncApi } from '$lib/sync/client/api';

/** The server's list of the event's devices, as the organizer reads it. */
export type DeviceRoster = Awaited<ReturnType<SyncApi['listDevices']>>;

/**
 * The event's devices (tablets, displays, organizer devices) as the server last listed them:
 * the devices screen shows and manages them; conflicts, the double-check, the entry detail and
 * the publish summary name tablets by them. `source` is the signed-in organizer's API and event
 * (null when signed out).
 */
export class DeviceList {
	devices = $state.raw<DeviceRoster['devices']>([]);
	/** Wrong pairing codes and table-card secrets that could have been meant for this event (counted since the server started). */
	pairingFailures = $state.raw<DeviceRoster['pairingFailures']>(null);
	/** Why the last listing failed (null when it did not); the last list stays shown. */
	error = $state<string | null>(null);
	readonly #source: () => { api: SyncApi; eventId: string } | null;

	constructor(source: () => { api: SyncApi; eventId: string } | null) {
		this.#source = source;
	}

	async reload(): Promise<void> {
		const source = this.#source();
		if (!source) return;
		try {
			({ devices: this.devices, pairingFailures: this.pairingFailures } = await source.api.listDevices(source.eventId));
			this.error = null;
		} catch (e) {
			this.error = m.org_devices_failed({ error: e instanceof Error ? e.message : String(e) });
		}
	}
}
