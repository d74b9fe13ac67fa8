/**
 * How the rest of the app learns that the tablet's pairing changed (the pairing page saved a
 * new one or cleared it), so the sync engine can start, switch server/token, or stop:
 *
 * - in this tab: a `window` CustomEvent named PAIRING_CHANGED_EVENT, detail PairingChange;
 * - in the tablet's other tabs: a message on the BroadcastChannel PAIRING_CHANNEL (same detail,
 *   plus the sending tab's ID so a tab can ignore its own message).
 *
 * The detail never holds the token: read the pairing itself with loadPairing(db).
 * `onPairingChanged` listens to both, once per change.
 */

export const PAIRING_CHANGED_EVENT = 'puzzle-judge:pairing-changed';
export const PAIRING_CHANNEL = 'puzzle-judge.pairing';

export interface PairingChange {
	paired: boolean;
	/** The event of the new pairing (null when unpaired). */
	eventId: string | null;
}

/** One ID per page, to tell this tab's channel messages from other tabs'. */
const TAB_ID = Math.random().toString(36).slice(2);

/** Tells this tab (window event) and the tablet's other tabs (BroadcastChannel) that the pairing changed. */
export function announcePairingChanged(change: PairingChange): void {
	if (typeof window !== 'undefined' && typeof CustomEvent === 'function') {
		window.dispatchEvent(new CustomEvent<PairingChange>(PAIRING_CHANGED_EVENT, { detail: change }));
	}
	if (typeof BroadcastChannel === 'function') {
		const channel = new BroadcastChannel(PAIRING_CHANNEL);
		channel.postMessage({ ...change, from: TAB_ID });
		channel.close();
	}
}

/** Calls `listener` after every change of the pairing, in this tab or another; returns the unsubscribe. */
export function onPairingChanged(listener: (change: PairingChange) => void): () => void {
	const onEvent = (e: Event) => listener((e as CustomEvent<PairingChange>).detail);
	window.addEventListener(PAIRING_CHANGED_EVENT, onEvent);
	const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(PAIRING_CHANNEL) : null;
	channel?.addEventListener('message', (e: MessageEvent<PairingChange & { from?: string }>) => {
		if (e.data?.from === TAB_ID) return; // this tab's own change: already heard as the window event
		listener({ paired: !!e.data?.paired, eventId: e.data?.eventId ?? null });
	});
	return () => {
		window.removeEventListener(PAIRING_CHANGED_EVENT, onEvent);
		channel?.close();
	};
}
