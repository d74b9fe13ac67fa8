import { randomInt } from 'node:crypto';
import { hashToken, newSecret, type Device } from './tokens';
import type { Store } from './store';

/**
 * Short pairing codes for tablets without a camera: 8 characters from an alphabet without
 * look-alikes (no 0/O, 1/I/L), shown as `K7P2-QX9M`. One use, 15 minutes. Redeeming a code
 * gives the device a fresh token (replacing the one in its QR code). 31^8 ≈ 8.5·10^11 codes
 * live 15 minutes each: guessing one is hopeless, and codes are stored hashed.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_LENGTH = 8;
export const CODE_LIFETIME_MS = 15 * 60_000;

export function newPairingCode(): string {
	let code = '';
	for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
	return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What a person typed, as stored: upper case, no dashes or spaces; null when it cannot be a code. */
export function normalizeCode(typed: string): string | null {
	const code = typed.toUpperCase().replace(/[\s-]+/g, '');
	if (code.length !== CODE_LENGTH) return null;
	for (const ch of code) if (!CODE_ALPHABET.includes(ch)) return null;
	return code;
}

export function createPairingCode(store: Store, tokenId: string, now: number): { code: string; expiresAt: number } {
	const code = newPairingCode();
	const expiresAt = now + CODE_LIFETIME_MS;
	store.db.prepare('INSERT INTO pairing_codes (code_hash, token_id, expires_at) VALUES (?, ?, ?)').run(hashToken(normalizeCode(code)!), tokenId, expiresAt);
	return { code, expiresAt };
}

/** Exchanges a code for a fresh token of its device; null when unknown, used, expired or revoked. */
export function redeemPairingCode(store: Store, typed: string, now: number): { device: Device; token: string } | null {
	const code = normalizeCode(typed);
	if (!code) return null;
	return store.transaction(() => {
		const row = store.db
			.prepare(
				`SELECT p.code_hash, t.id, t.event_id, t.role, t.label FROM pairing_codes p JOIN device_tokens t ON t.id = p.token_id
				 WHERE p.code_hash = ? AND p.used_at IS NULL AND p.expires_at > ? AND t.revoked_at IS NULL`
			)
			.get(hashToken(code), now) as { code_hash: string; id: string; event_id: string; role: Device['role']; label: string } | undefined;
		if (!row) return null;
		const token = newSecret();
		store.db.prepare('UPDATE device_tokens SET token_hash = ? WHERE id = ?').run(hashToken(token), row.id);
		store.db.prepare('UPDATE pairing_codes SET used_at = ? WHERE code_hash = ?').run(now, row.code_hash);
		return { device: { id: row.id, eventId: row.event_id, role: row.role, label: row.label }, token };
	});
}
