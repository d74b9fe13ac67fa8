import { m } from '$lib/i18n/paraglide/messages.js';
import { randomBytes } from 'node:crypto';
import { error } from '@sveltejs/kit';
import { heatTables } from '$lib/setup/heat-tables';
import { cardUrl } from '$lib/contract/card-link';
import type { CardPaired, PrintedCard, TableCard } from '$lib/contract';
import { bindDevice } from './device-binding';
import type { Store } from './store';
import { cardExpiry, cardState } from '$lib/contract/table-card-rules';
import { hashToken, issueToken, newSecret } from './tokens';

/**
 * Table cards (migration 16): a card stands on a table for the event's day; its QR link pairs any
 * blank tablet as a judge of the table's heat, and the tablet opens that table at once.
 *
 * The card holds a card credential, not a device token: 256 random bits, stored hashed, live
 * until the day after the event (table-card-rules.ts) or until revoked. It does nothing by
 * itself: it can only be exchanged (POST /api/pair/card) for a fresh judge token of the tablet's
 * own — bound to that tablet at once, listed on the devices screen under the card's table,
 * revocable there — and that token is scoped to the card's heat: it pulls the set-up like any
 * judge, and records only a judge's actions at that heat (card-push-scope.ts). So a spare tablet after a battery
 * swap scans the same card and gets its own token, and a card found on the floor the day after
 * is worth nothing.
 */

type CardRow = {
	id: string;
	event_id: string;
	competition_id: string;
	heat_id: string;
	table_label: string;
	created_at: number;
	expires_at: number;
	revoked_at: number | null;
	tablets: number;
};

const SELECT = `SELECT c.id, c.event_id, c.competition_id, c.heat_id, c.table_label, c.created_at, c.expires_at, c.revoked_at,
	(SELECT count(*) FROM card_tokens t WHERE t.card_id = c.id) AS tablets FROM table_cards c`;

const card = (r: CardRow): TableCard => ({
	id: r.id,
	eventId: r.event_id,
	competitionId: r.competition_id,
	heatId: r.heat_id,
	table: r.table_label,
	createdAt: r.created_at,
	expiresAt: r.expires_at,
	revokedAt: r.revoked_at,
	tablets: r.tablets
});

/** Every card of the event, newest first. */
export function listCards(store: Store, eventId: string): TableCard[] {
	return (store.stmt(`${SELECT} WHERE c.event_id = ? ORDER BY c.created_at DESC, c.rowid DESC`).all(eventId) as CardRow[]).map(card);
}

/** What a print of cards is for (POST /api/events/{e}/cards): only these tables of the heat; the earlier live cards of those tables revoked. */
export interface PrintChoice {
	/** Only these tables (a lost card reprinted); absent: every seated table of the heat. */
	tables?: readonly string[];
	/** Revoke the heat's earlier live cards of the printed tables, in the same transaction (the tokens they gave stay). */
	revokeEarlier?: boolean;
}

/**
 * New cards for the tables of the heat that have seated entries (the set-up's), or only the
 * chosen ones, their links shown this once. Printing is an explicit step of the organizer's
 * (opening the cards page only lists them). Earlier cards of the heat stay valid unless
 * `revokeEarlier`, which revokes the earlier live cards of the printed tables in the same
 * transaction (a tablet already paired keeps its token: revoking a card strands no judge).
 */
export function printCards(store: Store, eventId: string, heatId: string, origin: string, now: number, choice: PrintChoice = {}): PrintedCard[] {
	const heat = store.getHeat(eventId, heatId);
	const competition = heat && store.getCompetition(eventId, heat.competitionId);
	if (!heat || !competition) error(404, `no heat "${heatId}" in this event`);
	const seated = heatTables(store.listEntries(eventId, competition.id), heatId);
	if (seated.length === 0) error(409, `nobody is seated at a table in heat "${heat.name}": seat the heat first`);
	let tables = seated;
	if (choice.tables !== undefined) {
		const chosen = new Set(choice.tables);
		const unknown = [...chosen].filter((t) => !seated.some((s) => s.table === t));
		if (unknown.length > 0) error(404, `nobody is seated at table ${unknown.map((t) => `"${t}"`).join(', ')} in heat "${heat.name}"`);
		tables = seated.filter((s) => chosen.has(s.table));
		if (tables.length === 0) error(400, 'choose at least one table to print its card');
	}
	const expiresAt = cardExpiry(store.getEvent(eventId)!.date, now);
	const insert = store.stmt(
		'INSERT INTO table_cards (id, event_id, competition_id, heat_id, table_label, secret_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'
	);
	const revoke = store.stmt('UPDATE table_cards SET revoked_at = ? WHERE event_id = ? AND heat_id = ? AND table_label = ? AND revoked_at IS NULL AND expires_at > ?');
	return store.transaction(() =>
		tables.map(({ table }) => {
			if (choice.revokeEarlier) revoke.run(now, eventId, heatId, table, now);
			const id = `card-${randomBytes(6).toString('base64url')}`;
			const secret = newSecret();
			insert.run(id, eventId, competition.id, heatId, table, hashToken(secret), now, expiresAt);
			return { id, eventId, competitionId: competition.id, heatId, table, createdAt: now, expiresAt, revokedAt: null, tablets: 0, link: cardUrl(origin, eventId, secret) };
		})
	);
}

/** Revokes a card (no tablet pairs with it any more; the tokens it gave stay, each revocable on the devices screen). */
export function revokeCard(store: Store, eventId: string, id: string, now: number): TableCard {
	const changed = store.stmt('UPDATE table_cards SET revoked_at = coalesce(revoked_at, ?) WHERE id = ? AND event_id = ?').run(now, id, eventId).changes;
	if (changed === 0) error(404, `no card "${id}" in this event`);
	return card(store.stmt(`${SELECT} WHERE c.id = ?`).get(id) as CardRow);
}

export const CARD_REFUSED = {
	unknown: 'this table card is unknown on this server: ask the organizer for the table’s card',
	expired: 'this table card has expired (a card serves for its event’s day): ask the organizer for a new one',
	revoked: 'this table card was revoked: ask the organizer for the table’s new card'
} as const;

/**
 * A tablet scanned a card: a new judge token of its own, bound to `deviceId` and scoped to the
 * card's heat; or why not (404 unknown, 410 expired or revoked).
 */
export function redeemCard(store: Store, secret: string, deviceId: string, now: number): { ok: true; paired: CardPaired } | { ok: false; status: 404 | 410; message: string } {
	return store.transaction(() => {
		const row = store.stmt(`${SELECT} WHERE c.secret_hash = ?`).get(hashToken(secret)) as CardRow | undefined;
		if (!row) return { ok: false, status: 404, message: CARD_REFUSED.unknown };
		const state = cardState({ expiresAt: row.expires_at, revokedAt: row.revoked_at }, now);
		if (state !== 'live') return { ok: false, status: 410, message: CARD_REFUSED[state] };
		const heatName = store.getHeat(row.event_id, row.heat_id)?.name ?? row.heat_id;
		// Named in the event's language (issue 30 #15); the tablet words its own name in its own language from the answer.
		const locale = store.getEvent(row.event_id)?.language ?? 'en';
		const label = m.pair_card_device({ heat: heatName, table: row.table_label, tablet: row.tablets + 1 }, { locale });
		const issued = issueToken(store, { eventId: row.event_id, role: 'judge', label: label.slice(0, 120), now });
		store.stmt('INSERT INTO card_tokens (token_id, card_id, heat_id) VALUES (?, ?, ?)').run(issued.id, row.id, row.heat_id);
		bindDevice(store, issued.id, deviceId);
		return {
			ok: true,
			paired: {
				eventId: row.event_id,
				device: { id: issued.id, role: issued.role, label: issued.label },
				token: issued.token,
				competitionId: row.competition_id,
				heatId: row.heat_id,
				table: row.table_label,
				heatName,
				tablet: row.tablets + 1
			}
		};
	});
}
