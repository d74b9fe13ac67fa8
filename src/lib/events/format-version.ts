/**
 * The judge-event format's version, apart from the event schemas (./schema.ts): a tablet that
 * only names the version (the event file it writes) need not load zod and the schemas with it.
 */
export const EVENT_FORMAT_VERSION = 2;

/**
 * The versions a reader takes: 2 added `box-fault.decided` and `check.confirmed`'s
 * `missingFromBox` (issue 33), which a version-1 file never holds, so a version-1 file reads
 * as it always did.
 */
export const READABLE_EVENT_FORMAT_VERSIONS = [1, 2] as const;
export type EventFormatVersion = (typeof READABLE_EVENT_FORMAT_VERSIONS)[number];
