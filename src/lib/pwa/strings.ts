// Every user-visible string of src/lib/pwa and src/lib/device, in one place for translation.

export const updateText = {
	/** The banner when a new version waits and no heat is running. */
	ready: 'A new version is ready',
	reload: 'Reload',
	/** The banner while a heat is running: the update waits. */
	afterHeat: 'A new version is ready. Update after the heat.',
	/** For the station's header when `appUpdate.offlineReady` (the banner does not show it). */
	offlineReady: 'Ready to work offline',
	/** Accessible name of the banner region. */
	region: 'App update'
} as const;

export const deviceText = {
	/** Shown by the station when the Screen Wake Lock API is missing (iOS home-screen apps, HTTP). */
	wakeLockUnsupported:
		'This device may dim or lock its screen during a heat. Turn off auto-lock in the system settings.',
	/** Shown by the station when the wake lock was refused (battery saver, hidden page). */
	wakeLockRefused: 'The screen could not be kept on. Keep the device plugged in or turn off auto-lock.',
	/** Shown when the browser may evict the stored data (persistent storage denied or missing). */
	storageNotPersistent:
		'The browser may clear this device’s data when space runs low. Install the app (Add to Home screen) to keep it.'
} as const;
