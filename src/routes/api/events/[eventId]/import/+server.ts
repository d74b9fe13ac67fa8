import { error } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { readBodyBytes } from '$lib/server/http-body';
import { importEventFile } from '$lib/server/import-file';
import { JsonBodyError, jsonBytesToText } from '$lib/server/json-body';
import { answer } from '$lib/server/answer';
import { API } from '$lib/contract';
import type { RequestHandler } from './$types';

const MAX_FILE_BYTES = 32 * 1024 * 1024;

/** Imports a tablet's exported event file through the same idempotent path as a push. */
export const POST: RequestHandler = async ({ request, params, url }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'events.import');
	const bytes = await readBodyBytes(request, MAX_FILE_BYTES, 'an imported file');
	let text: string;
	try {
		// Checked as every JSON body is (nesting, UTF-8, lone surrogates); parsed with the file's own error positions.
		text = jsonBytesToText(bytes);
	} catch (e) {
		if (e instanceof JsonBodyError) error(400, `the file was not imported: ${e.message}`);
		throw e;
	}
	const fileName = (url.searchParams.get('name') ?? 'upload.json').slice(0, 200);
	return answer(API.importFile, importEventFile(store, device, text, fileName, Date.now()));
};
