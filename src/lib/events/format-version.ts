/**
 * The judge-event format's version, apart from the event schemas (./schema.ts): a tablet that
 * only names the version (the event file it writes) need not load zod and the schemas with it.
 */
export const EVENT_FORMAT_VERSION = 1;
