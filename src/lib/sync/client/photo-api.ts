import { PhotoUploadAnswerSchema, type PhotoMeta, type PhotoUploadAnswer } from '$lib/contract/photos';
import { failure } from './api';
import { ApiError } from './errors';
import type { FetchLike, Timers } from './environment';

// TODO(lead): photo-server adds uploadPhoto/hasPhoto to SyncApi (api.ts) at the same time; fold
// this file into it once both are on main (the paths then come from API.uploadPhoto / API.hasPhoto).

export interface PhotoApiOptions extends Timers {
	server: string;
	token: string;
	fetch: FetchLike;
	/** A photo of 400 KB on a slow hall Wi-Fi takes a while: longer than a push's default. */
	timeoutMs?: number;
}

/**
 * The tablet's two photo calls (docs/sync.md, Photos): `HEAD …/photos/{hash}` asks whether the
 * server holds a photo; `PUT …/photos/{hash}` sends its bytes as the body and what it shows as
 * the query. Failures are ApiErrors as the sync client's (errors.ts), with the server's message.
 */
export class PhotoApi {
	private readonly server: string;

	constructor(private readonly options: PhotoApiOptions) {
		this.server = options.server.replace(/\/+$/, '');
	}

	private path(eventId: string, hash: string): string {
		return `/api/events/${encodeURIComponent(eventId)}/photos/${encodeURIComponent(hash)}`;
	}

	/** True when the server holds the photo (200), false when not (404). */
	async hasPhoto(eventId: string, hash: string): Promise<boolean> {
		const response = await this.send('HEAD', this.path(eventId, hash));
		if (response.status === 404) return false;
		if (response.ok) return true;
		throw failure(response.status, undefined, response.headers.get('retry-after'));
	}

	/** Sends the photo: 201 stored, 200 held already (both a PhotoUploadAnswer). */
	async uploadPhoto(eventId: string, hash: string, meta: PhotoMeta, blob: Blob): Promise<PhotoUploadAnswer> {
		const query = new URLSearchParams(Object.entries(meta).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
		const path = `${this.path(eventId, hash)}?${query}`;
		const response = await this.send('PUT', path, blob);
		const text = await response.text().catch(() => '');
		let json: unknown;
		try {
			json = text ? JSON.parse(text) : undefined;
		} catch {
			json = undefined;
		}
		if (!response.ok) throw failure(response.status, json, response.headers.get('retry-after'));
		const checked = PhotoUploadAnswerSchema.safeParse(json);
		if (!checked.success) throw new ApiError('bad-answer', `unexpected answer to PUT ${path}`, response.status);
		return checked.data;
	}

	private async send(method: 'HEAD' | 'PUT', path: string, body?: Blob): Promise<Response> {
		const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${this.options.token}` };
		if (body) headers['content-type'] = body.type || 'application/octet-stream';
		const timeoutMs = this.options.timeoutMs ?? 60_000;
		const controller = new AbortController();
		let timedOut = false;
		const timer = this.options.setTimeout(() => {
			timedOut = true;
			controller.abort();
		}, timeoutMs);
		try {
			return await this.options.fetch(`${this.server}${path}`, { method, headers, body, signal: controller.signal, cache: 'no-store' });
		} catch (e) {
			if (timedOut) throw new ApiError('timeout', `no answer from ${this.server} within ${Math.round(timeoutMs / 1000)} s`);
			throw new ApiError('unreachable', `cannot reach ${this.server}: ${e instanceof Error ? e.message : String(e)}`);
		} finally {
			this.options.clearTimeout(timer);
		}
	}
}
