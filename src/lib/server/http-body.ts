import { error } from '@sveltejs/kit';

/**
 * The request's JSON body, within `maxBytes`: 413 when larger (said before reading when the
 * length is declared), 400 with the parser's reason when it is not JSON.
 */
export async function readJsonBody(request: Request, maxBytes: number, what: string): Promise<unknown> {
	const tooLarge = () => error(413, `${what} holds at most ${maxBytes} bytes`);
	if (Number(request.headers.get('content-length') ?? 0) > maxBytes) tooLarge();
	const text = await request.text();
	if (Buffer.byteLength(text, 'utf8') > maxBytes) tooLarge();
	try {
		return JSON.parse(text);
	} catch (e) {
		error(400, `the body is not JSON: ${e instanceof Error ? e.message : String(e)}`);
	}
}
