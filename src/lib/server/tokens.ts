import { createHash, randomBytes } from 'node:crypto';
import { ROLES, type Device, type Role, type TokenListing } from '$lib/contract';
import type { Store } from './store';

/**
 * Device tokens: each gives one device access to one event in one role. The secret is shown
 * once, when it is issued (in the pairing QR code or short code); the store keeps only its
 * SHA-256, so a copy of the database lets nobody in. Revoking keeps the row, for the record.
 */

export interface IssuedToken extends Device {
	/** The secret: given to the device once, never stored. */
	token: string;
}

type Row = { id: string; event_id: string; role: Role; label: string; created_at: number; revoked_at: number | null };

/** 256 random bits: guessing one is hopeless, so a hash without salt is enough. */
export function newSecret(): string {
	return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
	return createHash('sha256').update(token, 'utf8').digest('hex');
}

const device = (r: Row): Device => ({ id: r.id, eventId: r.event_id, role: r.role, label: r.label });

export function issueToken(store: Store, opts: { eventId: string; role: Role; label: string; now: number }): IssuedToken {
	if (!ROLES.includes(opts.role)) throw new Error(`unknown role "${opts.role}"`);
	const label = opts.label.trim();
	if (label.length === 0 || label.length > 120) throw new Error('a device needs a name of 1 to 120 characters');
	if (!store.getEvent(opts.eventId)) throw new Error(`no event "${opts.eventId}" on this server`);
	const token = newSecret();
	const id = `dev-${randomBytes(6).toString('base64url')}`;
	store.db
		.prepare('INSERT INTO device_tokens (id, event_id, role, label, token_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)')
		.run(id, opts.eventId, opts.role, label, hashToken(token), opts.now);
	return { id, eventId: opts.eventId, role: opts.role, label, token };
}

/** The device a token belongs to; null for an unknown, malformed or revoked token. */
export function authenticate(store: Store, token: string | null | undefined): Device | null {
	if (typeof token !== 'string' || token.length < 20 || token.length > 200) return null;
	const row = store.db
		.prepare('SELECT id, event_id, role, label, created_at, revoked_at FROM device_tokens WHERE token_hash = ?')
		.get(hashToken(token)) as Row | undefined;
	return row && row.revoked_at === null ? device(row) : null;
}

/** Revokes a token of `eventId` (a no-op when already revoked); false when there is no such token. */
export function revokeToken(store: Store, eventId: string, id: string, now: number): boolean {
	const r = store.db
		.prepare('UPDATE device_tokens SET revoked_at = coalesce(revoked_at, ?) WHERE id = ? AND event_id = ?')
		.run(now, id, eventId);
	return r.changes > 0;
}

/** Every token of the event, oldest first, revoked ones included. */
export function listTokens(store: Store, eventId: string): TokenListing[] {
	const rows = store.db
		.prepare('SELECT id, event_id, role, label, created_at, revoked_at FROM device_tokens WHERE event_id = ? ORDER BY created_at, rowid')
		.all(eventId) as Row[];
	return rows.map((r) => ({ ...device(r), createdAt: r.created_at, revokedAt: r.revoked_at }));
}
