import { m } from '$lib/i18n';

/**
 * The organizer's screens, each its own route under /organizer (the order of an organizer's
 * day): the event and its competitions, the register (people, registrations, import), draws and
 * seating, the tablets' files, the day's live view, review and publishing, the devices.
 * `/organizer` itself signs in and leads to them. `anchors`: the sections on the route, by
 * the IDs they had on the one-page screen of before (linked when there are several).
 */
export const ORGANIZER_SECTIONS = [
	{
		path: '/organizer/event',
		label: m.org_nav_event,
		about: m.org_hub_event,
		anchors: [
			{ id: 'event-details', label: m.org_ev_details_heading },
			{ id: 'competitions', label: m.org_ev_competitions_heading },
			{ id: 'add-competition', label: m.org_ev_add_heading }
		]
	},
	{
		path: '/organizer/register',
		label: m.org_nav_register,
		about: m.org_hub_register,
		anchors: [
			{ id: 'people', label: m.org_reg_people_heading },
			{ id: 'registrations', label: m.org_reg_entries_heading },
			{ id: 'problems', label: m.org_reg_problems_heading },
			{ id: 'register-files', label: m.org_reg_files_heading }
		]
	},
	{
		path: '/organizer/seating',
		label: m.org_nav_seating,
		about: m.org_hub_seating,
		anchors: [
			{ id: 'team-draw', label: m.org_seat_team_draw_heading },
			{ id: 'shift-lottery', label: m.org_seat_shifts_heading },
			{ id: 'seating', label: m.org_seat_seating_heading },
			{ id: 'table-cards', label: m.org_seat_cards_heading }
		]
	},
	{
		path: '/organizer/setup',
		label: m.org_nav_setup,
		about: m.org_hub_setup,
		anchors: [
			{ id: 'merge', label: m.org_nav_merge },
			{ id: 'files', label: m.org_files_heading }
		]
	},
	{ path: '/organizer/live', label: m.org_nav_live, about: m.org_hub_live, anchors: [] },
	{
		path: '/organizer/review',
		label: m.org_nav_review,
		about: m.org_hub_review,
		anchors: [
			{ id: 'conflicts', label: m.org_nav_conflicts },
			{ id: 'standings', label: m.org_standings_heading },
			{ id: 'double-check', label: m.org_dc_heading }
		]
	},
	{ path: '/organizer/devices', label: m.org_devices_heading, about: m.org_hub_devices, anchors: [{ id: 'devices', label: m.org_devices_heading }] }
] as const;

export type OrganizerSection = (typeof ORGANIZER_SECTIONS)[number];

/** The section shown at `pathname`, or one of its sub-pages (/organizer/register/import); none on /organizer itself or the print page. */
export function sectionAt(pathname: string): OrganizerSection | null {
	const path = pathname.replace(/\/$/, '');
	return ORGANIZER_SECTIONS.find((s) => path === s.path || path.startsWith(`${s.path}/`)) ?? null;
}

/** Where an old link into the one-page screen (`/organizer#devices`) leads now (`/organizer/devices#devices`); null for any other address. */
export function movedSection(url: Pick<URL, 'pathname' | 'hash'>): string | null {
	if (url.pathname.replace(/\/$/, '') !== '/organizer') return null;
	const anchor = decodeURIComponent(url.hash.slice(1));
	const section = ORGANIZER_SECTIONS.find((s) => s.anchors.some((a) => a.id === anchor));
	return section ? `${section.path}#${anchor}` : null;
}
