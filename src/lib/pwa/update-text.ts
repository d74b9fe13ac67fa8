// The update banner's texts (UpdateBanner.svelte), and the station's "stored on the device": message
// keys `pwa_*` in messages/{en,cs,es}.json. Each property is a getter, so reading it in a template
// or `$derived` follows the current locale. Apart from the device's notes (./strings.ts): the
// banner is on every page, the wake lock's texts only in a heat (issue 34).
import { m } from '$lib/i18n';

export const updateText = {
	/** The banner when a new version waits and no heat is running. */
	get ready(): string {
		return m.pwa_update_ready();
	},
	get reload(): string {
		return m.pwa_reload();
	},
	/** The banner while a heat is running: the update waits. */
	get afterHeat(): string {
		return m.pwa_update_after_heat();
	},
	/** For the station's header when `appUpdate.offlineReady` (the banner does not show it). */
	get offlineReady(): string {
		return m.pwa_offline_ready();
	},
	/** Accessible name of the banner region. */
	get region(): string {
		return m.pwa_update_region();
	}
} as const;
