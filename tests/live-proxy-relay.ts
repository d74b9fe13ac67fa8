import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A counting HTTP relay between a caching proxy and the origin (tests/live-proxy.spec.ts,
 * bench/live.bench.ts): forwards every request as it is and streams the answer back (event
 * streams too), and counts what reached the origin, by path. How many requests the origin
 * served is what a cache in front is for; the app keeps no access count of its own.
 */
export interface CountingRelay {
	/** http://127.0.0.1:PORT */
	base: string;
	/** host:port, for an nginx `upstream`. */
	address: string;
	/** Requests forwarded so far whose path (without the query) `matches`. */
	count(matches?: (path: string) => boolean): number;
	/** Requests answered 503 (`refuse`). */
	refused(): number;
	close(): Promise<void>;
}

/** `refuse`: paths answered 503 instead of forwarded (a push channel that is down). */
export async function startCountingRelay(origin: string, { refuse = (() => false) as (path: string) => boolean } = {}): Promise<CountingRelay> {
	const target = new URL(origin);
	const agent = new Agent({ keepAlive: true, maxSockets: 256 });
	const paths: string[] = [];
	let refused = 0;
	const open = new Set<IncomingMessage>();
	const server = createServer((req: IncomingMessage, res: ServerResponse) => {
		const path = (req.url ?? '/').split('?')[0]!;
		if (refuse(path)) {
			refused++;
			req.resume();
			res.writeHead(503, { 'content-type': 'text/plain' }).end('refused by the relay');
			return;
		}
		paths.push(path);
		const upstream = request(
			{ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host }, agent },
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				open.add(answer);
				answer.on('close', () => open.delete(answer));
				answer.pipe(res);
			}
		);
		upstream.on('error', () => res.destroy());
		// The client left before the answer ended (an event stream closed): let the origin know.
		res.on('close', () => {
			if (!res.writableFinished) upstream.destroy();
		});
		req.pipe(upstream);
	});
	server.keepAliveTimeout = 60_000;
	await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
	const { port } = server.address() as AddressInfo;
	return {
		base: `http://127.0.0.1:${port}`,
		address: `127.0.0.1:${port}`,
		count: (matches = () => true) => paths.filter(matches).length,
		refused: () => refused,
		close: async () => {
			for (const a of open) a.destroy();
			server.closeAllConnections();
			await new Promise((ok) => server.close(ok));
			agent.destroy();
		}
	};
}
