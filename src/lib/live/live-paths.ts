/**
 * The addresses of the public live resources (API.liveEvent, API.liveCompetition,
 * API.liveAnnouncements in src/lib/contract/api.ts), written out here so that a viewer's phone
 * does not load the whole API's schemas for three paths; live-paths.test.ts holds them to the
 * contract's routes.
 */
const part = encodeURIComponent;

/** The event's competitions shown live. */
export const liveEventPath = (eventId: string): string => `/api/public/events/${part(eventId)}/live`;

/**
 * One competition live; with `version` (the ETag an announcement named) a new address per
 * version, so that no cache in front answers with the one before.
 */
export function liveCompetitionPath(eventId: string, competitionId: string, version?: string): string {
	return `${liveEventPath(eventId)}/${part(competitionId)}${version ? `?v=${part(version)}` : ''}`;
}

/** The stream that names each live competition's new version. */
export const liveAnnouncementsPath = (eventId: string): string => `/api/public/events/${part(eventId)}/live-announcements`;
