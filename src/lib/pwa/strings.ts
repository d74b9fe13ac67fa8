// Every user-visible string of src/lib/pwa and src/lib/device, read from one place (a heat's view
// and the tests do). The texts are message keys in messages/{en,cs,es}.json (`pwa_*`, `device_*`);
// each property is a getter or a function, so reading it in a template or `$derived` follows the
// current locale. The banner's and the device note's live in modules of their own, which the
// screens on every first load import directly: the wake lock's texts load with a heat (issue 34).
import { m } from '$lib/i18n';
import { deviceNoteText } from './device-note-text';

export { updateText } from './update-text';

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
	storageAdvice: deviceNoteText.storageAdvice,
	displayMode: deviceNoteText.displayMode
} as const;
