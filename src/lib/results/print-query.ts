import { z } from 'zod/mini';
import { IdSchema } from '$lib/setup/schema';

/** `/organizer/print?competition=ID`: which competition's results to print. */
export const PrintQuerySchema = z.object({ competition: IdSchema });
export type PrintQuery = z.infer<typeof PrintQuerySchema>;

export function printQueryOf(params: URLSearchParams): { ok: true; value: PrintQuery } | { ok: false; error: string } {
	const parsed = PrintQuerySchema.safeParse(Object.fromEntries(params));
	return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: parsed.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`).join('; ') };
}
