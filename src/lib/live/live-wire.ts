/**
 * What the viewer's page takes of the contract (src/lib/contract/live.ts, announcements.ts,
 * api.ts): the public live resources' addresses and the stream's words and timings. Written
 * out here because importing a value from the contract loads its schemas and zod (≈ 15 KiB
 * gzipped) on a viewer's phone, whose JS budget is the public results page's; live-wire.test.ts
 * holds each one equal to the contract's.
 */
const part = encodeURIComponent;

/** LIVE_REFRESH_MS: how often the page asks by itself while the stream is down. */
export const REFRESH_MS = 2_000;
/** LIVE_ANNOUNCEMENT_EVENT: the stream's message naming a competition's new version. */
export const ANNOUNCEMENT_EVENT = 'live';
/** STREAM_OPEN_EVENT: the stream's first message. */
export const OPEN_EVENT = 'open';

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
