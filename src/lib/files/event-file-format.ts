import { EVENT_FORMAT_VERSION } from '$lib/events/format-version';

/**
 * The event file's name and version, apart from its parser (event-file.ts): a tablet that
 * only writes files need not carry the parser and its JSON-with-positions reader.
 */
export const EVENT_FILE_FORMAT = 'puzzle-judge-events';
/** The file's version follows the event format's (EVENT_FORMAT_VERSION). */
export const EVENT_FILE_VERSION = EVENT_FORMAT_VERSION;
