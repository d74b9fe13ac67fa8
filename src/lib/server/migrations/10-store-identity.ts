/**
 * Migration 10. Store identity: Store.storeId, for pull cursors (docs/sync.md, Pull).
 */
export default `
	-- Facts about this store itself. 'store_id': a random ID made once, when the data directory is
	-- created (or upgraded to this version); never copied by a backup or a restore. Pull answers carry
	-- it, so that a tablet whose cursor came from another store starts over (docs/sync.md, Pull).
	CREATE TABLE store_meta (
		key   TEXT PRIMARY KEY,
		value TEXT NOT NULL
	) WITHOUT ROWID;
	INSERT INTO store_meta (key, value) VALUES ('store_id', lower(hex(randomblob(16))));
	`;
