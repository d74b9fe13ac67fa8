import { error } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { answer } from '$lib/server/answer';
import { listPhotos } from '$lib/server/photos';
import { describeIssues, toIssues } from '$lib/validation';
import { API, PhotoListQuerySchema } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The organizer's list of the event's photos (never their bytes): all, or one entry's or competition's, oldest first. */
export const GET: RequestHandler = ({ request, params, url }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'photos.view');
	const query = PhotoListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
	if (!query.success) error(400, describeIssues(toIssues(query.error)));
	return answer(API.photos, { photos: listPhotos(store, params.eventId, query.data) });
};
