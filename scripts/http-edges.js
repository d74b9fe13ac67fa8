// What scripts/start.js adds to adapter-node's HTTP server: the origin's scheme taken from the
// connection itself, and JSON answers to requests Node cannot parse (docs/configuration.md).

/**
 * The header through which the server tells adapter-node the scheme of the connection a request
 * came on. Without ORIGIN or PROTOCOL_HEADER adapter-node assumes `https://<Host>`, so that a
 * plain-HTTP server built pairing links (and checked form origins) with https. start.js sets
 * PROTOCOL_HEADER to this name and writes the real scheme into every request, over whatever a
 * client sent in it.
 */
export const CONNECTION_SCHEME_HEADER = 'x-puzzle-judge-connection-scheme';

/**
 * Call before adapter-node's handler is imported (it reads the environment then). True when the
 * scheme is to be stamped on each request: neither ORIGIN nor PROTOCOL_HEADER is configured.
 */
export function takeSchemeFromConnection() {
	if (process.env.ORIGIN || process.env.PROTOCOL_HEADER) return false;
	process.env.PROTOCOL_HEADER = CONNECTION_SCHEME_HEADER;
	return true;
}

/**
 * Stamps `scheme` on every request of `server`, before any other listener sees it.
 * @param {import('node:http').Server} server
 * @param {'http' | 'https'} scheme
 */
export function stampConnectionScheme(server, scheme) {
	server.prependListener('request', (req) => {
		req.headers[CONNECTION_SCHEME_HEADER] = scheme;
	});
}

/** @param {unknown} error */
function statusOf(error) {
	const code = /** @type {{ code?: unknown }} */ (error)?.code;
	if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'Request Timeout', 'the request did not arrive in time'];
	if (code === 'HPE_HEADER_OVERFLOW') return [431, 'Request Header Fields Too Large', 'the request headers are too large'];
	if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return [413, 'Payload Too Large', 'the chunk extensions are too large'];
	return [400, 'Bad Request', 'the request is not valid HTTP (a Content-Length shorter than the body sent makes the rest of it read as the next request)'];
}

/**
 * Node answers bytes it cannot parse as HTTP with a bare "400 Bad Request" and destroys the
 * socket at once, so the answer to the request before them, still being made, is lost and the
 * client sees its connection reset. That happens when a client declares a Content-Length shorter
 * than the body it sends. Here the answer in progress is finished first and the connection then
 * closed; with none in progress the error is answered as JSON `{ message }` before closing.
 * @param {import('node:http').Server} server
 */
export function answerClientErrors(server) {
	/** @type {WeakMap<import('node:net').Socket, { req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse }>} */
	const answering = new WeakMap();
	/** @type {WeakSet<import('node:net').Socket>} */
	const handled = new WeakSet();
	server.on('request', (req, res) => {
		const current = { req, res };
		answering.set(req.socket, current);
		res.on('close', () => {
			if (answering.get(req.socket) === current) answering.delete(req.socket);
		});
	});
	server.on('clientError', (error, socket) => {
		// Node calls again for every later chunk of data the dead parser is given.
		if (handled.has(socket)) return;
		handled.add(socket);
		socket.on('error', () => undefined);
		const code = /** @type {{ code?: unknown }} */ (error)?.code;
		if (code === 'ECONNRESET' || code === 'EPIPE') {
			socket.destroy();
			return;
		}
		const current = answering.get(socket);
		if (current && !current.req.complete) {
			// The request being answered is itself cut short (the client closed mid-body): as Node does,
			// end the connection, which aborts the request (src/lib/server/http-body.ts logs the abort).
			socket.destroy();
			return;
		}
		if (current && !current.res.writableFinished) {
			// The bytes after a whole request: finish its answer ("Connection: close" if its headers are not out yet), then close.
			current.res.shouldKeepAlive = false;
			current.res.on('close', () => socket.end());
			return;
		}
		if (!socket.writable) {
			socket.destroy();
			return;
		}
		const [status, reason, message] = statusOf(error);
		const body = JSON.stringify({ message });
		socket.end(`HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
		// A client that never reads or closes must not hold the socket.
		setTimeout(() => socket.destroy(), 5000).unref();
	});
}
