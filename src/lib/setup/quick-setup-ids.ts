/**
 * The IDs a judge's quick set-up makes on a tablet (src/lib/station/quick-setup.ts): its day,
 * the tablet's stand-in for an event, `day-YYYY-MM-DD`; its competition `q-<suffix>`, its heat
 * `q-<suffix>-h1`. Here, below both the station and the sync client, so that the sync client
 * tells a quick set-up from another event's competition by the same rule that makes the IDs.
 */

export const quickDayId = (day: string) => `day-${day}`;
export const quickCompetitionId = (suffix: string) => `q-${suffix}`;

const QUICK_DAY_ID = /^day-\d{4}-\d{2}-\d{2}$/;
const QUICK_COMPETITION_ID = /^q-[a-z0-9]{4,16}$/;

/**
 * Whether a competition on a tablet is one a judge set up there (quick set-up), by the IDs it
 * makes: not one received from an event (a server's set-up, or a file), whose `eventId` is that
 * event's. A server adopting it into its event sends it back under that event's ID.
 */
export function isQuickSetupCompetition(c: { id: string; eventId: string }): boolean {
	return QUICK_DAY_ID.test(c.eventId) && QUICK_COMPETITION_ID.test(c.id);
}
