import { error } from '@sveltejs/kit';
import { timingSafeEqual, createHash } from 'node:crypto';
import { bearerToken } from './access';

/**
 * Creating or restoring an event needs the server's admin key when one is set (`ADMIN_KEY`,
 * for a server on a public host); on a venue laptop without it, anyone on the network may.
 */
export function requireAdmin(request: Request, adminKey: string | undefined = process.env.ADMIN_KEY): void {
	if (!adminKey) return;
	const given = bearerToken(request);
	// Compared as hashes: equal lengths for timingSafeEqual, and no early exit on a prefix.
	const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
	if (!given || !timingSafeEqual(digest(given), digest(adminKey)))
		error(401, 'this server needs its admin key to create or restore an event (Authorization: Bearer <ADMIN_KEY>)');
}
