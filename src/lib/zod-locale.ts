import { config } from 'zod/mini';
import { en } from 'zod/locales';

/**
 * zod/mini ships without messages: every issue would read "Invalid input". The classic zod
 * API registered English by itself; this does the same for mini, so the messages people and
 * files see are unchanged. Imported for its effect by the modules that declare schemas.
 */
config(en());
