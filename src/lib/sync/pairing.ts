import { z } from 'zod/mini';
import '$lib/zod-locale';
import { RoleSchema } from '$lib/contract/device';

/**
 * The table card a judge tablet was paired by (issue 30 #2): the server takes its events of that
 * heat only (src/lib/server/card-push-scope.ts), so the station offers nothing else; `heatName`
 * and `tablet` (its number among the card's tablets) word the tablet's name in its own language.
 */
export const CardScopeSchema = z.object({
	competitionId: z.string().check(z.minLength(1), z.maxLength(64)),
	heatId: z.string().check(z.minLength(1), z.maxLength(64)),
	heatName: z.string().check(z.maxLength(200)),
	table: z.string().check(z.maxLength(64)),
	tablet: z.optional(z.number().check(z.int(), z.minimum(1)))
});
export type CardScope = z.infer<typeof CardScopeSchema>;

/** What a device keeps about its pairing: where the server is, which event, its role, name and token (and the card it came from). */
export const PairingSchema = z.object({
	server: z.string().check(z.url()),
	eventId: z.string().check(z.minLength(1), z.maxLength(64)),
	role: RoleSchema,
	deviceLabel: z.string().check(z.maxLength(120)),
	token: z.string().check(z.minLength(20), z.maxLength(200)),
	card: z.optional(CardScopeSchema)
});
export type Pairing = z.infer<typeof PairingSchema>;
