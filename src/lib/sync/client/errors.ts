/**
 * What can go wrong talking to the server, sorted by what the sync engine does about it:
 * - unreachable, timeout: the server was not reached (offline) → retry with backoff;
 * - auth (401/403): the token is unknown, revoked or of another event → stop until re-paired;
 * - too-large (413): the push was too big → send smaller batches;
 * - client (other 4xx), bad-answer: the server was reached but said no / answered nonsense;
 * - server (5xx): the server was reached and failed → retry with backoff.
 */
export type ApiErrorKind = 'unreachable' | 'timeout' | 'auth' | 'too-large' | 'client' | 'server' | 'bad-answer';

export class ApiError extends Error {
	override readonly name = 'ApiError';

	constructor(
		readonly kind: ApiErrorKind,
		message: string,
		/** The HTTP status, when an answer came. */
		readonly status: number | null = null,
		/** Seconds the server asked to wait before trying again (Retry-After, e.g. with 429). */
		readonly retryAfterS: number | null = null
	) {
		super(message);
	}

	/** The request reached the server (whatever it answered). */
	get reachedServer(): boolean {
		return this.kind !== 'unreachable' && this.kind !== 'timeout';
	}
}

/**
 * An edit made from a version of a record that changed meanwhile (409 with the record as it is
 * now and the one sent: the register's people and registrations), so that the screen shows both.
 */
export class StaleRecordError extends ApiError {
	constructor(
		message: string,
		readonly conflict: { kind: string; current: unknown; sent: unknown }
	) {
		super('client', message, 409);
	}
}

export function isApiError(e: unknown, kind?: ApiErrorKind): e is ApiError {
	return e instanceof ApiError && (kind === undefined || e.kind === kind);
}

/** The error kind an HTTP status stands for. */
export function kindOfStatus(status: number): ApiErrorKind {
	if (status === 401 || status === 403) return 'auth';
	if (status === 413) return 'too-large';
	if (status >= 500) return 'server';
	return 'client';
}
