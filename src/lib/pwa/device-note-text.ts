// The texts of the station's note about the device (DeviceModeNote.svelte): message keys
// `device_*` in messages/{en,cs,es}.json, read when called, so in the current locale. Apart from
// the wake lock's texts (./strings.ts), which only a heat shows (issue 34).
import { m } from '$lib/i18n';
import type { StorageAdvice } from '$lib/device/storage-advice';
import type { DisplayMode } from '$lib/contract';

const STORAGE_ADVICE: Record<StorageAdvice, () => string> = {
	'home-screen': m.device_storage_home_screen,
	install: m.device_storage_install,
	installed: m.device_storage_installed
};

export const deviceNoteText = {
	/** Shown when the browser may evict the stored data (persistent storage denied or missing): what to do about it here. */
	storageAdvice(advice: StorageAdvice): string {
		return STORAGE_ADVICE[advice]();
	},
	/** Installed app or browser tab: how the judge runs the station (small, on its home and heat screens). */
	displayMode(mode: DisplayMode): string {
		return mode === 'standalone' ? m.device_mode_standalone() : m.device_mode_browser();
	}
} as const;
