import { m } from '$lib/i18n';

/**
 * The organizer's screens, each its own route under /organizer (the order of an organizer's
 * day): the event's set-up, the day's live view, review and publishing, the devices.
 * `/organizer` itself signs in and leads to them.
 */
export const ORGANIZER_SECTIONS = [
	{ path: '/organizer/setup', label: m.org_nav_setup, about: m.org_hub_setup },
	{ path: '/organizer/live', label: m.org_nav_live, about: m.org_hub_live },
	{ path: '/organizer/review', label: m.org_nav_review, about: m.org_hub_review },
	{ path: '/organizer/devices', label: m.org_devices_heading, about: m.org_hub_devices }
] as const;

/** The sections of the one-page organizer screen (its `#anchors`) and the route each lives on now. */
const MOVED: Record<string, string> = {
	conflicts: '/organizer/review',
	standings: '/organizer/review',
	'double-check': '/organizer/review',
	merge: '/organizer/setup',
	files: '/organizer/setup',
	devices: '/organizer/devices'
};

/** Where an old link into the one-page screen (`/organizer#devices`) leads now (`/organizer/devices#devices`); null for any other address. */
export function movedSection(url: Pick<URL, 'pathname' | 'hash'>): string | null {
	if (url.pathname.replace(/\/$/, '') !== '/organizer') return null;
	const anchor = decodeURIComponent(url.hash.slice(1));
	const route = Object.hasOwn(MOVED, anchor) ? MOVED[anchor] : undefined;
	return route ? `${route}#${anchor}` : null;
}
