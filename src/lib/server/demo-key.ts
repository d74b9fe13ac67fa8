import { DEMO_EVENT_ID } from './demo';
import type { Store } from './store';
import { issueToken, listTokens } from './tokens';

/**
 * The demo event's organizer key, issued once: on the server's first start (the demo event
 * has no devices yet) so that whoever ran the quick start can sign in on /organizer. Later
 * starts issue nothing (the key is never stored in the clear).
 */
/** The name of that key in the organizer's list of devices. */
export const DEMO_KEY_LABEL = 'Demo organizer';

export function demoOrganizerKey(store: Store, now: number): { eventId: string; token: string } | null {
	if (!store.getEvent(DEMO_EVENT_ID) || listTokens(store, DEMO_EVENT_ID).length > 0) return null;
	const issued = issueToken(store, { eventId: DEMO_EVENT_ID, role: 'organizer', label: DEMO_KEY_LABEL, now });
	return { eventId: DEMO_EVENT_ID, token: issued.token };
}
