/**
 * Migration 16. Display mode: src/lib/server/devices.ts (noteDisplayMode). How each device last said it runs the
 * app (an installed app or a browser tab) and when: shown on the organizer's device list. Not part
 * of a backup (the tablet says it again at its next sync).
 */
export default `
	ALTER TABLE device_tokens ADD COLUMN display_mode TEXT CHECK (display_mode IN ('standalone', 'browser'));
	ALTER TABLE device_tokens ADD COLUMN display_mode_at INTEGER;
	`;
