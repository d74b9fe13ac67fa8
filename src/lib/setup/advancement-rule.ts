import { z } from 'zod/mini';
import '$lib/zod-locale';

/**
 * Who of a qualifying round goes on to the final: set-up data (a competition's `advancesTo`),
 * applied to the round's standings by src/lib/results/advancement.ts.
 */

const positiveCount = z.number().check(z.int('a whole number'), z.minimum(1), z.maximum(10_000));

export const AdvancementRuleSchema = z.discriminatedUnion('mode', [
	/** The best `count` of the whole round. */
	z.object({ mode: z.literal('overall'), count: positiveCount, countryQuota: z.optional(positiveCount) }),
	/** The best `count` of each heat. */
	z.object({ mode: z.literal('per-heat'), count: positiveCount, countryQuota: z.optional(positiveCount) })
]);
export type AdvancementRule = z.infer<typeof AdvancementRuleSchema>;

