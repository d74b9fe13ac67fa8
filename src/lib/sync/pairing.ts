import { z } from 'zod/mini';
import '$lib/zod-locale';
import { RoleSchema } from './contract/device';

/** What a device keeps about its pairing: where the server is, which event, its role, name and token. */
export const PairingSchema = z.object({
	server: z.string().check(z.url()),
	eventId: z.string().check(z.minLength(1), z.maxLength(64)),
	role: RoleSchema,
	deviceLabel: z.string().check(z.maxLength(120)),
	token: z.string().check(z.minLength(20), z.maxLength(200))
});
export type Pairing = z.infer<typeof PairingSchema>;
