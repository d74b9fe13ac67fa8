import { z } from 'zod/mini';
import '$lib/zod-locale';
import { RosterEntrySchema } from '$lib/registration/schema';

/**
 * GET /api/events/{e}/roster: the event's registrations that are not cancelled (registered and
 * waiting), in registration order, as devices that are not the organizer's may see them: names,
 * country, club and the minor/child flags; never contact data or a date of birth
 * (src/lib/server/roster.ts). Empty for an event without registrations. Answered with a strong
 * ETag (the version of what it is built from); a request naming it in If-None-Match gets 304
 * without a body (docs/sync.md, The roster).
 */
export const RosterSchema = z.array(RosterEntrySchema).check(z.maxLength(100_000));
export type Roster = z.infer<typeof RosterSchema>;
