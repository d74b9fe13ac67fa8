import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { backupStream } from '$lib/server/backup';
import { BACKUP_MEDIA_TYPE } from '$lib/server/backup-format';
import type { RequestHandler } from './$types';

/** The event's full backup as one downloadable NDJSON file, written as it is read. */
export const GET: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'event.backup');
	const now = Date.now();
	const stamp = new Date(now).toISOString().slice(0, 16).replace(/[:T]/g, '-');
	return new Response(backupStream(store, params.eventId, now), {
		headers: {
			'content-type': `${BACKUP_MEDIA_TYPE}; charset=utf-8`,
			'content-disposition': `attachment; filename="${params.eventId}-backup-${stamp}.ndjson"`,
			'cache-control': 'no-store'
		}
	});
};
