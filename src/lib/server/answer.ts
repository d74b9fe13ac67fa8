import { json } from '@sveltejs/kit';
import type { z } from 'zod/mini';
import type { Endpoint } from '$lib/contract';

/**
 * The answer of an endpoint of the contract (src/lib/contract): `value` typed by the
 * endpoint's answer schema, sent as JSON with the endpoint's status (or `status`, for an
 * endpoint with two successes) and cache rule. src/routes/api/contract.test.ts parses what every
 * route answers with that schema.
 */
export function answer<S extends z.ZodMiniType>(endpoint: Endpoint<S>, value: z.infer<S>, options: { status?: number; headers?: Record<string, string> } = {}): Response {
	return json(value, { status: options.status ?? endpoint.status, headers: { ...options.headers, 'cache-control': endpoint.cache } });
}
