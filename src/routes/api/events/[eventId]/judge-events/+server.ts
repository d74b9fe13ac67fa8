import { error, json } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { pushEvents, PushFormatError } from '$lib/server/sync-push';
import { MAX_PUSH_BYTES, PullQuerySchema, type PullResponse } from '$lib/sync/protocol';
import { describeIssues, toIssues } from '$lib/validation';
import type { RequestHandler } from './$types';

const NO_STORE = { 'cache-control': 'no-store' };

/** Push: a device's judge events, each stored, recognised as already there, or refused with its reason. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'events.push');
	if (Number(request.headers.get('content-length') ?? 0) > MAX_PUSH_BYTES) error(413, `a push holds at most ${MAX_PUSH_BYTES} bytes: send fewer events at a time`);
	const text = await request.text();
	if (Buffer.byteLength(text, 'utf8') > MAX_PUSH_BYTES) error(413, `a push holds at most ${MAX_PUSH_BYTES} bytes: send fewer events at a time`);
	let body: unknown;
	try {
		body = JSON.parse(text);
	} catch (e) {
		error(400, `the body is not JSON: ${e instanceof Error ? e.message : String(e)}`);
	}
	try {
		// Acknowledged only after the write transaction committed (SQLite, synchronous=FULL).
		return json(pushEvents(store, device, body), { headers: NO_STORE });
	} catch (e) {
		if (e instanceof PushFormatError) error(400, `a push is {"events": [...]}: ${e.message}`);
		throw e;
	}
};

/** Pull: the event's judge events after a cursor, a page at a time. */
export const GET: RequestHandler = ({ request, params, url }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'events.pull');
	const query = PullQuerySchema.safeParse(Object.fromEntries(url.searchParams));
	if (!query.success) error(400, describeIssues(toIssues(query.error)));
	const page: PullResponse = store.judgeEventsOfEvent(params.eventId, query.data.after, query.data.limit);
	return json(page, { headers: NO_STORE });
};
