/**
 * What /api demands of a request before any endpoint sees it. The API is for devices and
 * scripts that authenticate with a token in a header (never a cookie), and every body it takes
 * is JSON: a body of another type (a form, text, nothing declared) is refused with 415. That
 * is also the API's protection against cross-site requests: a web page can make a browser send
 * a form or text without asking, but JSON only after a CORS preflight, which this server never
 * allows. (SvelteKit's own check of cross-site forms is off: src/lib/server/form-csrf.ts.)
 */

export function isApiPath(pathname: string): boolean {
	return pathname === '/api' || pathname.startsWith('/api/');
}

/** The request announces a body (a Content-Length above 0, or a chunked one). */
export function announcesBody(request: Request): boolean {
	return Number(request.headers.get('content-length') ?? 0) > 0 || request.headers.has('transfer-encoding');
}

/**
 * Bodies of another JSON type that a path also takes: a restore reads a backup as NDJSON (one
 * JSON value a line, docs/sync.md). Like application/json, a web page cannot send it across
 * sites without a CORS preflight.
 */
const ALSO_TAKES: Record<string, string> = { '/api/restore': 'application/x-ndjson' };

/**
 * The one body that is not JSON: a photo's bytes, `PUT /api/events/{e}/photos/{hash}` (docs/sync.md,
 * Photos). Its type is told by its first bytes (photo-type.ts), whatever Content-Type says. A web page
 * cannot make a browser send a PUT to another site without a CORS preflight (which this server never
 * allows), so taking any Content-Type there keeps the API's protection against cross-site requests.
 */
const PHOTO_UPLOAD = /^\/api\/events\/[^/]+\/photos\/[^/]+$/;

export function takesRawBody(request: Request, pathname: string): boolean {
	return request.method === 'PUT' && PHOTO_UPLOAD.test(pathname);
}

/**
 * Why the request's body is not one /api takes (answered 415), or null: a body needs
 * `Content-Type: application/json` (or the path's other JSON type), in UTF-8 when a charset is named.
 */
export function nonJsonBodyReason(request: Request, pathname = ''): string | null {
	if (!announcesBody(request) || takesRawBody(request, pathname)) return null;
	const declared = request.headers.get('content-type');
	const [type = '', ...params] = (declared ?? '').split(';').map((p) => p.trim().toLowerCase());
	const other = ALSO_TAKES[pathname];
	const send = other
		? `send it with "Content-Type: ${other}" (curl: -H "Content-Type: ${other}" --data-binary @backup.ndjson), or "Content-Type: application/json"`
		: 'send it with "Content-Type: application/json" (curl: -H "Content-Type: application/json" --data-binary @file.json)';
	if (type !== 'application/json' && type !== other) return `this API takes JSON bodies only, and this one is ${declared ? `"${declared}"` : 'of no declared type'}: ${send}`;
	const charset = params.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/^"|"$/g, '');
	if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') return `JSON bodies are UTF-8, and this one says charset=${charset}: send UTF-8 with "Content-Type: application/json"`;
	return null;
}
