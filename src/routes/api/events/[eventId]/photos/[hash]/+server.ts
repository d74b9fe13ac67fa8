import { error } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { readBodyBytes } from '$lib/server/http-body';
import { answer } from '$lib/server/answer';
import { checkPhotoMeta, hasPhoto, photoBytes, storePhoto } from '$lib/server/photos';
import { describeIssues, toIssues } from '$lib/validation';
import { API, MAX_PHOTO_BYTES, PHOTO_CACHE_CONTROL, PhotoHashSchema, PhotoMetaSchema } from '$lib/contract';
import type { RequestHandler } from './$types';

/** The photo's hash from its address (400 when it is not one). */
function hashOf(param: string): string {
	const hash = PhotoHashSchema.safeParse(param);
	if (!hash.success) error(400, `the address names a photo by the SHA-256 of its bytes (64 lower-case hex digits), not "${param.slice(0, 80)}"`);
	return hash.data;
}

/**
 * A judge's photo of evidence (docs/sync.md, Photos): the image's bytes as the body, what it shows in
 * the query. Everything that can be refused without the bytes is refused first (the entry, the card's
 * heat, the retention); a body over MAX_PHOTO_BYTES is refused from its Content-Length, else as soon as
 * it grows past it, never read whole. 201 when stored, 200 when the server held it already.
 */
export const PUT: RequestHandler = async ({ request, params, url }) => {
	const store = getStore();
	const device = requireDevice(store, request, params.eventId, 'photos.upload');
	const hash = hashOf(params.hash);
	const meta = PhotoMetaSchema.safeParse(Object.fromEntries(url.searchParams));
	if (!meta.success) error(400, `what the photo shows goes in the query: ${describeIssues(toIssues(meta.error))}`);
	checkPhotoMeta(store, device, params.eventId, meta.data, Date.now());
	const declared = Number(request.headers.get('content-length') ?? 0);
	if (declared > MAX_PHOTO_BYTES)
		error(413, `a photo holds at most ${MAX_PHOTO_BYTES} bytes (1 MiB), and this one says it has ${declared}: the tablet resizes its photos to about 400 KB`);
	const bytes = await readBodyBytes(request, MAX_PHOTO_BYTES, 'a photo');
	const { photo, stored } = storePhoto(store, device, params.eventId, hash, meta.data, bytes, Date.now());
	return answer(API.uploadPhoto, { photo, stored }, { status: stored ? 201 : 200 });
};

/** Whether the server holds the photo: a tablet that lost an answer learns it without sending the bytes again. */
export const HEAD: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'photos.upload');
	const hash = hashOf(params.hash);
	if (!hasPhoto(store, params.eventId, hash)) error(404, `the server holds no photo ${hash} of this event`);
	return new Response(null, { status: 200, headers: { 'cache-control': API.hasPhoto.cache } });
};

/**
 * The photo itself, for the organizer's screen only (it fetches it with its token and shows it from a
 * blob: URL): its own media type, never sniffed, shown inline, kept by that browser only.
 */
export const GET: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'photos.view');
	const hash = hashOf(params.hash);
	const photo = photoBytes(store, params.eventId, hash) ?? error(404, `the server holds no photo ${hash} of this event`);
	const extension = photo.mediaType === 'image/webp' ? 'webp' : 'jpg';
	return new Response(new Uint8Array(photo.data), {
		headers: {
			'content-type': photo.mediaType,
			'content-length': String(photo.data.byteLength),
			'cache-control': PHOTO_CACHE_CONTROL,
			'x-content-type-options': 'nosniff',
			'content-disposition': `inline; filename="${hash}.${extension}"`
		}
	});
};
