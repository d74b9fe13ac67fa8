import { error, json } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { importEventFile } from '$lib/server/import-file';
import type { RequestHandler } from './$types';

const MAX_FILE_BYTES = 32 * 1024 * 1024;

/** Imports a tablet's exported event file through the same idempotent path as a push. */
export const POST: RequestHandler = async ({ request, params, url }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'events.import');
	if (Number(request.headers.get('content-length') ?? 0) > MAX_FILE_BYTES) error(413, `an imported file holds at most ${MAX_FILE_BYTES} bytes`);
	const text = await request.text();
	if (Buffer.byteLength(text, 'utf8') > MAX_FILE_BYTES) error(413, `an imported file holds at most ${MAX_FILE_BYTES} bytes`);
	const fileName = (url.searchParams.get('name') ?? 'upload.json').slice(0, 200);
	return json(importEventFile(store, device, text, fileName, Date.now()), { headers: { 'cache-control': 'no-store' } });
};
