// What the station's screen lock is doing, in one word, and when a tap asks for it again.
// WebKit (iPad) refuses a wake-lock request not made in a tap (NotAllowedError): after a
// reload of a running heat, a wake from sleep or a heat started from the organizer's screen,
// the first request is refused, so the judge's next tap asks again.

/**
 * `off`: no clock runs, no lock is wanted; `held`; `tap-needed`: wanted but not held (refused,
 * or not asked yet), the next tap asks again; `unsupported`: the browser has no wake-lock API.
 * The heat screen shows it as `data-wake-lock` (the engine tests read it).
 */
export type WakeLockState = 'off' | 'held' | 'tap-needed' | 'unsupported';

export interface WakeLockFacts {
	/** A clock runs: the screen should stay on. */
	wanted: boolean;
	/** The Screen Wake Lock API exists. */
	supported: boolean;
	/** A lock is held now. */
	held: boolean;
}

export function wakeLockState({ wanted, supported, held }: WakeLockFacts): WakeLockState {
	if (!wanted) return 'off';
	if (!supported) return 'unsupported';
	return held ? 'held' : 'tap-needed';
}

/** A tap asks for the lock: it is wanted, the API exists, none is held and no request is in flight. */
export function asksOnTap(facts: WakeLockFacts & { pending: boolean }): boolean {
	return wakeLockState(facts) === 'tap-needed' && !facts.pending;
}

/**
 * What the station says about the lock: `unsupported` (turn off auto-lock), `tap` (tap the
 * screen to keep it on: refused without a tap, as WebKit does), `refused` (refused even in a
 * tap: battery saver; plug the device in), or nothing (held, not wanted, or being asked).
 */
export function wakeLockNote(
	state: WakeLockState,
	{ refused, asking, refusedInTap }: { refused: boolean; asking: boolean; refusedInTap: boolean }
): 'unsupported' | 'tap' | 'refused' | null {
	if (state === 'unsupported') return 'unsupported';
	if (state !== 'tap-needed' || asking || !refused) return null;
	return refusedInTap ? 'refused' : 'tap';
}
