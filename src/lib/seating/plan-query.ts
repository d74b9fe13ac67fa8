import { z } from 'zod/mini';
import { IdSchema } from '$lib/setup/schema';

/** `/organizer/seating/plan?heat=ID`: which heat's seat plan to print. */
export const PlanQuerySchema = z.object({ heat: IdSchema });

export function planQueryOf(params: URLSearchParams): { ok: true; heat: string } | { ok: false; error: string } {
	const parsed = PlanQuerySchema.safeParse(Object.fromEntries(params));
	return parsed.success ? { ok: true, heat: parsed.data.heat } : { ok: false, error: parsed.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`).join('; ') };
}
