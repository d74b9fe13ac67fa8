import { error } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { requireRestoreAdmin } from '$lib/server/admin';
import { bodyChunks, drainBody } from '$lib/server/http-body';
import { restoreBackup } from '$lib/server/restore';
import { answer } from '$lib/server/answer';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

/**
 * Restores an event's backup file (NDJSON, or a version-1 JSON file) into this server, which must
 * not hold the event yet. The body is read as it arrives, line by line (http-body.ts: a client
 * that stops sending gets 408, one that goes away is logged in one line); nothing is stored
 * unless all of it is. Only with the server's admin key (admin.ts).
 */
export const POST: RequestHandler = async ({ request }) => {
	requireRestoreAdmin(request);
	if (!request.body) error(400, 'the backup is empty');
	try {
		return answer(API.restore, await restoreBackup(getStore(), bodyChunks(request, 'the backup')));
	} catch (e) {
		// Refused before the end while the client is still sending: read the rest, so that it hears the answer instead of a reset connection.
		await drainBody(request, 'the rest of the backup');
		throw e;
	}
};
