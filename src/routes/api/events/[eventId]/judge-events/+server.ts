import { error } from '@sveltejs/kit';
import { getGroupCommit, getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { noteDisplayMode } from '$lib/server/devices';
import { readBodyBytes } from '$lib/server/http-body';
import { PushFormatError, PushTooLargeError, type PreparedPush } from '$lib/server/push-validation';
import { getPushValidator } from '$lib/server/push-validator';
import { storePush } from '$lib/server/sync-push';
import { answer } from '$lib/server/answer';
import { getAnnouncer } from '$lib/server/live/announcer';
import { pushAnnouncement } from '$lib/server/live/push-announcement';
import { getLive } from '$lib/server/live/live-server';
import { API, MAX_PUSH_BYTES, PullQuerySchema } from '$lib/contract';
import { describeIssues, toIssues } from '$lib/validation';
import type { RequestHandler } from './$types';

const NO_STORE = { 'cache-control': 'no-store' };
const OPEN_PAGE = Buffer.from('{"events":[');

/** Push: a device's judge events, each stored, recognised as already there, or refused with its reason. */
export const POST: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'events.push');
	if (Number(request.headers.get('content-length') ?? 0) > MAX_PUSH_BYTES) error(413, new PushTooLargeError().message);
	let push: PreparedPush;
	try {
		// Parsed and validated on a worker thread (push-validator.ts) while this one serves others.
		push = await getPushValidator().prepare(await readBodyBytes(request, MAX_PUSH_BYTES, 'a push'));
	} catch (e) {
		if (e instanceof PushTooLargeError) error(413, e.message);
		if (e instanceof PushFormatError) error(400, e.message);
		throw e;
	}
	// A desk records check-ins only: it sets nothing up.
	if (device.role === 'desk' && push.setup) error(403, 'a desk device may not do this (push a set-up): it records check-ins only');
	// Stored with the pushes that arrive at the same moment; answered only after that commit (synchronous=FULL).
	const now = Date.now();
	const stored = await getGroupCommit().submit(() => storePush(store, device, push, now));
	// Durable now: the event's other devices hear of it and pull (issue 32 #1).
	const announcement = pushAnnouncement(push, stored);
	if (announcement) {
		getAnnouncer().announce(device.eventId, announcement);
		getLive().publisher.changed(device.eventId, announcement.competitions);
	}
	return answer(API.push, stored);
};

/** Pull: the event's judge events after a cursor, a page at a time (all, or those of the competitions asked for). */
export const GET: RequestHandler = ({ request, params, url }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'events.pull');
	const query = PullQuerySchema.safeParse(Object.fromEntries(url.searchParams));
	if (!query.success) error(400, describeIssues(toIssues(query.error)));
	// Installed app or browser tab (the set-up read notes it too): the organizer's device list stays current.
	noteDisplayMode(store, device, request.headers, Date.now());
	// The events as stored (JSON of the validated event): written out as they are, joined by SQLite.
	const page = store.judgeEventPageBytes(params.eventId, query.data.after, query.data.limit, query.data.competitions);
	// The store's identity: a tablet whose cursor came from another store (a restored server) starts over.
	const body = Buffer.concat([OPEN_PAGE, page.joined, Buffer.from(`],"cursor":${page.cursor},"more":${page.more},"store":${JSON.stringify(store.storeId)}}`)]);
	return new Response(body, { headers: { ...NO_STORE, 'content-type': 'application/json' } });
};
