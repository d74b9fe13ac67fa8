import { randomInt } from 'node:crypto';
import { cardState } from '$lib/contract/table-card-rules';
import { rebindDevice } from './device-binding';
import type { PairingGuard } from './pairing-guard';
import { CARD_REFUSED, redeemCard } from './table-cards';
import { hashToken, newSecret } from './tokens';
import type { CardPaired, Device } from '$lib/contract';
import type { Store } from './store';

/**
 * Short pairing codes for tablets without a camera: 8 characters from an alphabet without
 * look-alikes (no 0/O, 1/I/L), shown as `K7P2-QX9M`. One use, 15 minutes. Redeeming a code
 * gives the device a fresh token (replacing the one in its QR code). 31^8 ≈ 8.5·10^11 codes
 * live 15 minutes each: guessing one is hopeless, codes are stored hashed, and wrong ones are
 * throttled per address and per event (pairing-guard.ts). So are the secrets of table cards
 * (attemptCardPairing, below), with the same guard.
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

type CodeRow = { code_hash: string; id: string; event_id: string; role: Device['role']; label: string; live: 0 | 1 };

/** The stored code, live or not (used, expired, its device revoked), with its device and event. */
function findCode(store: Store, code: string, now: number): CodeRow | undefined {
	return store
		.stmt(
			`SELECT p.code_hash, t.id, t.event_id, t.role, t.label, (p.used_at IS NULL AND p.expires_at > ? AND t.revoked_at IS NULL) AS live
			 FROM pairing_codes p JOIN device_tokens t ON t.id = p.token_id WHERE p.code_hash = ?`
		)
		.get(now, hashToken(code)) as CodeRow | undefined;
}

/** The events holding a live code now: those a guessed code could be meant for. */
export function eventsWithLiveCodes(store: Store, now: number): string[] {
	return store
		.stmt(
			`SELECT DISTINCT t.event_id FROM pairing_codes p JOIN device_tokens t ON t.id = p.token_id
			 WHERE p.used_at IS NULL AND p.expires_at > ? AND t.revoked_at IS NULL`
		)
		.pluck()
		.all(now) as string[];
}

/** Gives the code's device a fresh token (replacing the QR link's) and binds it to `deviceId`. */
function redeem(store: Store, row: CodeRow, deviceId: string | null, now: number): { device: Device; token: string } {
	return store.transaction(() => {
		const token = newSecret();
		store.db.prepare('UPDATE device_tokens SET token_hash = ? WHERE id = ?').run(hashToken(token), row.id);
		store.db.prepare('UPDATE pairing_codes SET used_at = ? WHERE code_hash = ?').run(now, row.code_hash);
		rebindDevice(store, row.id, deviceId);
		return { device: { id: row.id, eventId: row.event_id, role: row.role, label: row.label }, token };
	});
}

/**
 * Exchanges a code for a fresh token of its device, bound to the tablet `deviceId` when the app
 * sent it (device-binding.ts); null when unknown, used, expired or revoked. Not throttled: the
 * endpoint goes through attemptPairing.
 */
export function redeemPairingCode(store: Store, typed: string, now: number, deviceId: string | null = null): { device: Device; token: string } | null {
	const code = normalizeCode(typed);
	if (!code) return null;
	return store.transaction(() => {
		const row = findCode(store, code, now);
		return row?.live ? redeem(store, row, deviceId, now) : null;
	});
}

export type PairAttempt =
	| { ok: true; device: Device; token: string }
	/** Unknown, used, expired or revoked (or not a code at all). */
	| { ok: false; status: 404 }
	/** Too many wrong codes: from this address, or for an event the code could be meant for. */
	| { ok: false; status: 429; retryAfterMs: number };

/**
 * POST /api/pair: a typed code from `address`, throttled by `guard` (pairing-guard.ts). Text that
 * cannot be a code is refused at once and counts for nothing. A code from an address that must
 * wait is not looked at. A live code is redeemed unless its event must wait (then it is answered
 * as a wrong one is, so that an attacker learns nothing from a hit). A wrong code is charged to
 * its address and to every event it could have been meant for: those holding a live code, and
 * the event of the used or expired code it names.
 */
export function attemptPairing(
	store: Store,
	guard: PairingGuard,
	attempt: { typed: string; address: string; deviceId: string | null; now: number }
): PairAttempt {
	const { address, deviceId, now } = attempt;
	const code = normalizeCode(attempt.typed);
	if (!code) return { ok: false, status: 404 };
	// Reads only, and synchronous (nothing else runs meanwhile): no write transaction for a miss.
	const live = eventsWithLiveCodes(store, now);
	const addressWait = guard.addressWait(address, now);
	if (addressWait > 0) {
		guard.failed(address, live, now, false);
		return { ok: false, status: 429, retryAfterMs: addressWait };
	}
	const row = findCode(store, code, now);
	if (row?.live && guard.eventWait([row.event_id], now) === 0) return { ok: true, ...redeem(store, row, deviceId, now) };
	const targets = new Set(live);
	if (row) targets.add(row.event_id);
	guard.failed(address, targets, now, true);
	const wait = guard.eventWait(targets, now);
	return wait > 0 ? { ok: false, status: 429, retryAfterMs: wait } : { ok: false, status: 404 };
}

/** The events holding a live table card now (not revoked, not expired): those a wrong card secret could be meant for. */
export function eventsWithLiveCards(store: Store, now: number): string[] {
	return store.stmt('SELECT DISTINCT event_id FROM table_cards WHERE revoked_at IS NULL AND expires_at > ?').pluck().all(now) as string[];
}

export type CardPairAttempt =
	| { ok: true; paired: CardPaired }
	/** Unknown (404), expired or revoked (410): table-cards.ts's refusals. */
	| { ok: false; status: 404 | 410; message: string }
	/** Too many wrong secrets: from this address, or for an event the secret could be meant for. */
	| { ok: false; status: 429; retryAfterMs: number };

/**
 * POST /api/pair/card (issue 29 #6): a scanned card's secret from `address`, throttled by the guard
 * that throttles pairing codes, as attemptPairing does, and on the same buckets (a guesser gets no
 * second budget by switching endpoints). A secret from an address that must wait is not looked at.
 * A live card is redeemed (redeemCard, table-cards.ts) unless its event must wait (then it is
 * answered as a wrong one is). A wrong secret is charged to its address and to every event it could
 * have been meant for — those holding a live card (an unknown secret names no event), and the event
 * of the expired or revoked card it names — and counts in those events' failed pairing attempts,
 * which the organizer sees on the devices screen.
 */
export function attemptCardPairing(
	store: Store,
	guard: PairingGuard,
	attempt: { secret: string; address: string; deviceId: string; now: number }
): CardPairAttempt {
	const { secret, address, deviceId, now } = attempt;
	// Reads only, and synchronous (nothing else runs meanwhile): no write transaction for a miss.
	const live = eventsWithLiveCards(store, now);
	const addressWait = guard.addressWait(address, now);
	if (addressWait > 0) {
		guard.failed(address, live, now, false);
		return { ok: false, status: 429, retryAfterMs: addressWait };
	}
	const card = store.stmt('SELECT event_id, expires_at, revoked_at FROM table_cards WHERE secret_hash = ?').get(hashToken(secret)) as
		| { event_id: string; expires_at: number; revoked_at: number | null }
		| undefined;
	const state = card ? cardState({ expiresAt: card.expires_at, revokedAt: card.revoked_at }, now) : null;
	if (card && state === 'live' && guard.eventWait([card.event_id], now) === 0) {
		const redeemed = redeemCard(store, secret, deviceId, now);
		if (redeemed.ok) return redeemed;
	}
	const targets = new Set(live);
	if (card) targets.add(card.event_id);
	guard.failed(address, targets, now, true);
	const wait = guard.eventWait(targets, now);
	if (wait > 0) return { ok: false, status: 429, retryAfterMs: wait };
	return state === 'expired' || state === 'revoked' ? { ok: false, status: 410, message: CARD_REFUSED[state] } : { ok: false, status: 404, message: CARD_REFUSED.unknown };
}
