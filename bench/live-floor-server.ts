/**
 * The floor of `npm run bench:live`: a bare Node HTTP server that relays one message to every
 * open Server-Sent Events stream, and nothing else (no framework, no store, no JSON to build
 * but a timestamp). `GET /stream` opens a stream; `POST /send` writes one message to all of
 * them, stamped with the moment the loop began, and answers how many it wrote to. Listens on
 * 127.0.0.1:PORT; a child process of the bench (`fork`), so its CPU is its own.
 */
import { createServer, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

const streams = new Set<ServerResponse>();
let n = 0;

const server = createServer((req, res) => {
	if (req.method === 'GET' && req.url === '/stream') {
		res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
		res.write('event: open\ndata: {}\n\n');
		streams.add(res);
		req.on('close', () => streams.delete(res));
		return;
	}
	if (req.method === 'POST' && req.url === '/send') {
		req.resume();
		const text = `event: m\ndata: {"n":${++n},"sentAt":${performance.timeOrigin + performance.now()}}\n\n`;
		for (const s of streams) s.write(text);
		res.writeHead(200, { 'content-type': 'application/json' }).end(`{"sent":${streams.size}}`);
		return;
	}
	res.writeHead(404).end();
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.({ kind: 'listening' }));
