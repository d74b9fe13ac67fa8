/**
 * Final touches on the answers of /api: every error is JSON `{ message }` (SvelteKit answers a
 * method a route lacks in plain text), and an error answered before the request's body was
 * read closes the connection — a client that keeps it alive would otherwise send its next
 * request on a socket the server resets.
 */
export async function finishApiResponse(request: Request, response: Response): Promise<Response> {
	if (response.status < 400) return response;
	let answer = response;
	if (response.status === 405 && !response.headers.get('content-type')?.includes('application/json')) {
		const allow = response.headers.get('allow') ?? '';
		const headers = new Headers({ 'content-type': 'application/json' });
		if (allow) headers.set('allow', allow);
		const message = `${request.method} is not allowed here${allow ? `; this address takes ${allow}` : ''}`;
		answer = new Response(JSON.stringify({ message }), { status: 405, headers });
	}
	if (request.body !== null && !request.bodyUsed) {
		const headers = new Headers(answer.headers);
		headers.set('connection', 'close');
		answer = new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
	}
	return answer;
}
