import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { makeBackup } from '$lib/server/backup';
import type { RequestHandler } from './$types';

/** The event's full backup as one downloadable JSON file. */
export const GET: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'event.backup');
	const now = Date.now();
	const stamp = new Date(now).toISOString().slice(0, 16).replace(/[:T]/g, '-');
	return new Response(`${JSON.stringify(makeBackup(store, params.eventId, now))}\n`, {
		headers: {
			'content-type': 'application/json; charset=utf-8',
			'content-disposition': `attachment; filename="${params.eventId}-backup-${stamp}.json"`,
			'cache-control': 'no-store'
		}
	});
};
