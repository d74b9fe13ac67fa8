import { error } from '@sveltejs/kit';
import { timingSafeEqual, createHash } from 'node:crypto';
import { bearerToken } from './access';

/**
 * Creating an event needs the server's admin key when one is set (`ADMIN_KEY`, for a server on
 * a public host); on a venue laptop without it, anyone on the network may.
 */
export function requireAdmin(request: Request, adminKey: string | undefined = process.env.ADMIN_KEY): void {
	if (!adminKey) return;
	const given = bearerToken(request);
	// Compared as hashes: equal lengths for timingSafeEqual, and no early exit on a prefix.
	const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
	if (!given || !timingSafeEqual(digest(given), digest(adminKey)))
		error(401, 'this server needs its admin key to create or restore an event (Authorization: Bearer <ADMIN_KEY>)');
}

/** The answer of a restore over HTTP on a server without an admin key. */
export const RESTORE_NEEDS_ADMIN_KEY =
	'restoring a backup over the network needs the server\'s admin key: start the server with ADMIN_KEY set and send it (Authorization: Bearer <ADMIN_KEY>), or restore on the server machine with "npm run restore -- FILE"';

/**
 * Restoring a backup over HTTP always needs the admin key: a restore writes a whole event with
 * its devices' tokens, which nobody on the venue's network should be able to do. A server
 * without `ADMIN_KEY` refuses it (403); `npm run restore` restores on the server machine.
 */
export function requireRestoreAdmin(request: Request, adminKey: string | undefined = process.env.ADMIN_KEY): void {
	if (!adminKey) error(403, RESTORE_NEEDS_ADMIN_KEY);
	requireAdmin(request, adminKey);
}
