// Every user-visible string of src/lib/pwa and src/lib/device, in one place. The texts are
// message keys in messages/{en,cs,es}.json (`pwa_*`, `device_*`); each property is a getter,
// so reading it in a template or `$derived` follows the current locale.
import { m } from '$lib/i18n';
import type { StorageAdvice } from '$lib/device/storage-advice';
import type { DisplayMode } from '$lib/contract';

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

export const deviceText = {
	/** Shown by the station when the Screen Wake Lock API is missing (iOS home-screen apps, HTTP). */
	get wakeLockUnsupported(): string {
		return m.device_wake_lock_unsupported();
	},
	/** Shown by the station when the wake lock was refused without a tap (WebKit): the next tap asks again. */
	get wakeLockTap(): string {
		return m.device_wake_lock_tap();
	},
	/** Shown by the station when the wake lock was refused even in a tap (battery saver). */
	get wakeLockRefused(): string {
		return m.device_wake_lock_refused();
	},
	/** Shown when the browser may evict the stored data (persistent storage denied or missing): what to do about it here. */
	storageAdvice(advice: StorageAdvice): string {
		return STORAGE_ADVICE[advice]();
	},
	/** Installed app or browser tab: how the judge runs the station (small, on its home and heat screens). */
	displayMode(mode: DisplayMode): string {
		return mode === 'standalone' ? m.device_mode_standalone() : m.device_mode_browser();
	}
} as const;

const STORAGE_ADVICE: Record<StorageAdvice, () => string> = {
	'home-screen': m.device_storage_home_screen,
	install: m.device_storage_install,
	installed: m.device_storage_installed
};
