import { z } from 'zod/mini';

/** Every error answer of /api: JSON `{ message }` (SvelteKit's error body) with its status. */
export const ErrorBodySchema = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
