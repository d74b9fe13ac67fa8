/**
 * Migration 15. Table cards: src/lib/server/table-cards.ts. A card on a table pairs any blank tablet as a judge
 * of that table's heat: its secret (hashed) is exchanged for a judge token of its own, which
 * card_tokens scopes to the card's heat (pushes of other heats are refused).
 */
export default `
	CREATE TABLE table_cards (
		id             TEXT PRIMARY KEY,
		event_id       TEXT NOT NULL,
		competition_id TEXT NOT NULL,
		heat_id        TEXT NOT NULL,
		table_label    TEXT NOT NULL,
		secret_hash    TEXT NOT NULL UNIQUE,
		created_at     INTEGER NOT NULL,
		expires_at     INTEGER NOT NULL,
		revoked_at     INTEGER
	);
	CREATE INDEX table_cards_event ON table_cards (event_id, heat_id, table_label);
	CREATE TABLE card_tokens (
		token_id TEXT PRIMARY KEY,
		card_id  TEXT NOT NULL,
		heat_id  TEXT NOT NULL
	);
	`;
