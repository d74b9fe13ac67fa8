import type { LIVE_CACHE_CONTROL } from './live';
import type { PHOTO_CACHE_CONTROL } from './photos';
import type { z } from 'zod/mini';

/**
 * One endpoint of the API: its method and route, the schema of the JSON body and query it
 * takes, and the schema of its answer on success (errors are ErrorBodySchema). The server
 * answers through it (src/lib/server/answer.ts), the client parses with it
 * (src/lib/sync/client/api.ts), and src/routes/api/contract.test.ts holds every route to it.
 */
export interface Endpoint<A extends z.ZodMiniType | null = z.ZodMiniType | null> {
	method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
	/** As the folders of src/routes name it: `/api/events/[eventId]/setup`. */
	route: string;
	/** The JSON body it takes (none: no body, or a file the route describes). */
	body?: z.ZodMiniType;
	/** Its query parameters. */
	query?: z.ZodMiniType;
	/** Its JSON answer on success; null: the answer is a file (NDJSON, the route describes it). */
	answer: A;
	/** The status of a success. */
	status: number;
	/**
	 * Public results may be kept by a cache that asks again (`no-cache`); the roster by the device's
	 * own cache only, asking again with its ETag (`private, no-cache`); the public live results by any
	 * cache for a second (LIVE_CACHE_CONTROL); a photo's bytes by the organizer's browser for good
	 * (PHOTO_CACHE_CONTROL: a hash's bytes never change); everything else is `no-store`.
	 */
	cache: 'no-store' | 'no-cache' | 'private, no-cache' | typeof LIVE_CACHE_CONTROL | typeof PHOTO_CACHE_CONTROL;
}

export function endpoint<A extends z.ZodMiniType | null>(
	method: Endpoint['method'],
	route: string,
	answer: A,
	options: Partial<Pick<Endpoint, 'body' | 'query' | 'status' | 'cache'>> = {}
): Endpoint<A> {
	return { method, route, answer, status: options.status ?? 200, cache: options.cache ?? 'no-store', ...(options.body ? { body: options.body } : {}), ...(options.query ? { query: options.query } : {}) };
}

/** The endpoint's address with its route parameters filled in (each URL-encoded). */
export function pathOf(e: Endpoint, params: Record<string, string> = {}): string {
	return e.route.replace(/\[(\w+)\]/g, (_, name: string) => {
		const value = params[name];
		if (value === undefined) throw new Error(`${e.method} ${e.route}: no value for [${name}]`);
		return encodeURIComponent(value);
	});
}
