import { error, json } from '@sveltejs/kit';
import { getGroupCommit, getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { preparePush, PushFormatError, storePush, type PreparedPush } from '$lib/server/sync-push';
import { MAX_PUSH_BYTES, PullQuerySchema } from '$lib/sync/protocol';
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
	let push: PreparedPush;
	try {
		push = preparePush(body);
	} catch (e) {
		if (e instanceof PushFormatError) error(400, `a push is {"events": [...]}: ${e.message}`);
		throw e;
	}
	// Stored with the pushes that arrive at the same moment; answered only after that commit (synchronous=FULL).
	const now = Date.now();
	return json(await getGroupCommit().submit(() => storePush(store, device, push, now)), { headers: NO_STORE });
};

/** Pull: the event's judge events after a cursor, a page at a time. */
export const GET: RequestHandler = ({ request, params, url }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'events.pull');
	const query = PullQuerySchema.safeParse(Object.fromEntries(url.searchParams));
	if (!query.success) error(400, describeIssues(toIssues(query.error)));
	// The events as stored (canonical JSON, validated when they came in): written out as they are.
	const page = store.judgeEventPage(params.eventId, query.data.after, query.data.limit);
	const body = `{"events":[${page.json.join(',')}],"cursor":${page.cursor},"more":${page.more}}`;
	return new Response(body, { headers: { ...NO_STORE, 'content-type': 'application/json' } });
};
