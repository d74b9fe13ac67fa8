import { z } from 'zod/mini';

/**
 * Every error answer of /api: JSON `{ message }` (SvelteKit's error body) with its status. A 409
 * of an edit made from a stale copy (the register, contract/register.ts StaleConflictSchema)
 * adds `conflict`: the record as it is now and the one sent.
 */
export const ErrorBodySchema = z.object({
	message: z.string(),
	conflict: z.optional(z.object({ kind: z.string(), current: z.unknown(), sent: z.unknown() }))
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
