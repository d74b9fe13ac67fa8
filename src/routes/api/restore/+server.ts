import { json } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { requireAdmin } from '$lib/server/admin';
import { restoreBackup } from '$lib/server/backup';
import { readJsonBody } from '$lib/server/http-body';
import type { RequestHandler } from './$types';

/** Restores an event's backup into this server (which must not hold the event yet). */
export const POST: RequestHandler = async ({ request }) => {
	requireAdmin(request);
	const body = await readJsonBody(request, 64 * 1024 * 1024, 'a backup');
	return json(restoreBackup(getStore(), body), { status: 201, headers: { 'cache-control': 'no-store' } });
};
