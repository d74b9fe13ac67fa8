import { z } from 'zod/mini';
import '$lib/zod-locale';
import { IdSchema } from '$lib/setup/schema';
import { PairedDeviceSchema } from './access';

/**
 * Table cards (src/lib/server/table-cards.ts): a card per table of a heat, whose QR link pairs a
 * blank tablet as a judge of that heat and opens its table. POST /api/events/{e}/cards prints a
 * heat's cards (their links shown this once), GET lists the event's cards, DELETE …/cards/{c}
 * revokes one; POST /api/pair/card exchanges a card for a judge token of the tablet's own.
 */

/** A card as the organizer sees it (no secret): its heat and table, expiry, revocation, tablets paired with it. */
export const TableCardSchema = z.object({
	id: z.string(),
	eventId: z.string(),
	competitionId: z.string(),
	heatId: z.string(),
	table: z.string(),
	createdAt: z.number(),
	expiresAt: z.number(),
	revokedAt: z.nullable(z.number()),
	/** Judge tokens given for this card (one per tablet that scanned it). */
	tablets: z.number()
});
export type TableCard = z.infer<typeof TableCardSchema>;

/**
 * POST /api/events/{e}/cards: new cards for every table of the heat that has seated entries, or
 * only for `tables` (a lost card reprinted); `revokeEarlier`: the heat's earlier live cards of
 * those tables revoked in the same step (the tablets they paired keep their tokens).
 */
export const PrintCardsSchema = z.object({
	heatId: IdSchema,
	tables: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(40))).check(z.minLength(1), z.maxLength(500))),
	revokeEarlier: z.optional(z.boolean())
});
export type PrintCards = z.infer<typeof PrintCardsSchema>;

/** The printed cards, each with its pairing link (shown this once: the server keeps only its hash). */
export const PrintedCardsSchema = z.object({ cards: z.array(z.extend(TableCardSchema, { link: z.string() })) });
export type PrintedCard = z.infer<typeof PrintedCardsSchema>['cards'][number];

/** GET /api/events/{e}/cards. */
export const TableCardListSchema = z.object({ cards: z.array(TableCardSchema) });

/** DELETE /api/events/{e}/cards/{c}. */
export const RevokedCardSchema = z.object({ card: TableCardSchema });

/** A card's secret as its link carries it. */
export const CardSecretSchema = z.string().check(z.minLength(20), z.maxLength(200), z.regex(/^[A-Za-z0-9_-]+$/));

/** POST /api/pair/card: the card's secret and the tablet's device ID (the new token is bound to it). */
export const CardPairRequestSchema = z.object({ card: CardSecretSchema, deviceId: IdSchema });

/** The answer: a judge token of the tablet's own, and where it lands (the card's heat and table). */
export const CardPairedSchema = z.extend(PairedDeviceSchema, {
	competitionId: z.string(),
	heatId: z.string(),
	table: z.string(),
	/** The heat's name, and this tablet's number among the card's: the tablet words its own name from them (issue 30 #15). */
	heatName: z.optional(z.string()),
	tablet: z.optional(z.number().check(z.int(), z.minimum(1)))
});
export type CardPaired = z.infer<typeof CardPairedSchema>;
