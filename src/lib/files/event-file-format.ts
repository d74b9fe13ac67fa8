import { EVENT_FORMAT_VERSION, READABLE_EVENT_FORMAT_VERSIONS, type EventFormatVersion } from '$lib/events/format-version';

/**
 * The event file's name and version, apart from its parser (event-file.ts): a tablet that
 * only writes files need not carry the parser and its JSON-with-positions reader.
 */
export const EVENT_FILE_FORMAT = 'puzzle-judge-events';
/** The file's version follows the event format's (EVENT_FORMAT_VERSION). */
export const EVENT_FILE_VERSION = EVENT_FORMAT_VERSION;
/** The file versions a reader takes (the event format's). */
export const READABLE_EVENT_FILE_VERSIONS: readonly EventFormatVersion[] = READABLE_EVENT_FORMAT_VERSIONS;
export type EventFileVersion = EventFormatVersion;
