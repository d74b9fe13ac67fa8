import { error, json } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { requireRestoreAdmin } from '$lib/server/admin';
import { restoreBackup } from '$lib/server/restore';
import { drain, streamChunks } from '$lib/server/stream-chunks';
import type { RequestHandler } from './$types';

/**
 * Restores an event's backup file (NDJSON, or a version-1 JSON file) into this server, which must
 * not hold the event yet. The body is read as it arrives, line by line; nothing is stored unless
 * all of it is. Only with the server's admin key (admin.ts).
 */
export const POST: RequestHandler = async ({ request }) => {
	requireRestoreAdmin(request);
	const body = request.body;
	if (!body) error(400, 'the backup is empty');
	try {
		return json(await restoreBackup(getStore(), streamChunks(body)), { status: 201, headers: { 'cache-control': 'no-store' } });
	} catch (e) {
		// The client is still sending: read the rest, so that it hears the answer instead of a reset connection.
		await drain(body);
		throw e;
	}
};
