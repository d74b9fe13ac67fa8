/**
 * A fault-injecting HTTP proxy for the chaos test (tests/chaos/chaos.ts): it sits between the
 * simulated tablets and the real server, listens on 127.0.0.1 only, and with seeded randomness
 * drops, duplicates, reorders, delays and cuts requests. Every fault it injects is counted.
 *
 * A request's fate is one of (rates configurable, see FaultRates):
 * - drop-request: never forwarded; after a while the client's connection is destroyed;
 * - drop-response: forwarded, the server's answer thrown away, the client's connection
 *   destroyed (the dangerous case: the server committed, the client never hears it);
 * - cut-request: the head and part of the body are forwarded, then both connections are
 *   destroyed mid-body;
 * - cut-response: forwarded; the answer's head and part of its body reach the client, then
 *   the connection is destroyed mid-body;
 * - or delivered.
 * Independently of the fate, a request may be duplicated (forwarded twice, one answer used),
 * held back and released after later requests (reordered), and delayed up to `maxDelayMs`.
 * When the server is down the proxy answers 502, as a real reverse proxy does.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { between, seededRandom, type Rng } from './random';

export interface FaultRates {
	/** Requests never forwarded (the client's connection destroyed after a while). */
	dropRequest: number;
	/** Requests forwarded whose answer is thrown away (the client's connection destroyed). */
	dropResponse: number;
	/** Requests cut mid-body on the way to the server. */
	cutRequest: number;
	/** Answers cut mid-body on the way to the client. */
	cutResponse: number;
	/** Requests forwarded twice (one answer used, the other thrown away). */
	duplicate: number;
	/** Requests held back and released after later ones. */
	reorder: number;
	/** Requests delayed by up to maxDelayMs. */
	delay: number;
	maxDelayMs: number;
	/** A held request is released after this many ms at most (default 3 s). */
	maxHoldMs: number;
}

/** Drop 30 % (half before the server, half after it answered), duplicate 10 %, and so on. */
export const DEFAULT_RATES: FaultRates = {
	dropRequest: 0.15,
	dropResponse: 0.15,
	cutRequest: 0.04,
	cutResponse: 0.04,
	duplicate: 0.1,
	reorder: 0.1,
	delay: 0.25,
	maxDelayMs: 5000,
	maxHoldMs: 3000
};

export interface FaultCounts {
	/** Requests the proxy received. */
	requests: number;
	/** Requests received while faults were on. */
	requestsUnderFaults: number;
	droppedRequests: number;
	/** Requests forwarded whose answer the client never got. */
	droppedResponses: number;
	/** Of those, pushes (POST …/judge-events) the server answered 200: stored, and the tablet never heard. */
	droppedPushAcks: number;
	cutRequests: number;
	cutResponses: number;
	/** Requests forwarded twice. */
	duplicated: number;
	/** Held requests that later requests overtook. */
	reordered: number;
	delayed: number;
	/** Requests answered 502 because the server could not be reached (it was down). */
	serverUnreachable: number;
}

type Fate = 'deliver' | 'drop-request' | 'drop-response' | 'cut-request' | 'cut-response';

interface UpstreamAnswer {
	status: number;
	headers: http.IncomingHttpHeaders;
	body: Buffer;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer', 'content-length']);

export class FaultProxy {
	readonly counts: FaultCounts = {
		requests: 0,
		requestsUnderFaults: 0,
		droppedRequests: 0,
		droppedResponses: 0,
		droppedPushAcks: 0,
		cutRequests: 0,
		cutResponses: 0,
		duplicated: 0,
		reordered: 0,
		delayed: 0,
		serverUnreachable: 0
	};
	/** Faults are injected only while this is true (the test heals the network by clearing it). */
	faultsOn = true;
	readonly rates: FaultRates;

	private readonly rng: Rng;
	private readonly server: http.Server;
	private readonly sockets = new Set<Socket>();
	private readonly timers = new Set<ReturnType<typeof setTimeout>>();
	private arrivals = 0;
	/** The arrival number of the latest-arriving request forwarded so far. */
	private latestForwarded = 0;
	private closed = false;

	constructor(
		private readonly target: { host: string; port: number },
		options: { seed: number; rates?: Partial<FaultRates> }
	) {
		this.rng = seededRandom(options.seed);
		this.rates = { ...DEFAULT_RATES, ...options.rates };
		this.server = http.createServer((req, res) => void this.handle(req, res));
		this.server.keepAliveTimeout = 2000;
		this.server.on('connection', (socket) => {
			this.sockets.add(socket);
			socket.on('close', () => this.sockets.delete(socket));
		});
	}

	/** Listens on 127.0.0.1 (a free port unless given); resolves with the port. */
	listen(port = 0): Promise<number> {
		return new Promise((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(port, '127.0.0.1', () => resolve((this.server.address() as AddressInfo).port));
		});
	}

	/** Total faults injected. */
	get totalFaults(): number {
		const c = this.counts;
		return c.droppedRequests + c.droppedResponses + c.cutRequests + c.cutResponses + c.duplicated + c.reordered + c.delayed;
	}

	async close(): Promise<void> {
		this.closed = true;
		for (const t of this.timers) clearTimeout(t);
		this.timers.clear();
		for (const s of this.sockets) s.destroy();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	private sleep(ms: number): Promise<void> {
		return new Promise((resolve) => {
			const t = setTimeout(() => {
				this.timers.delete(t);
				resolve();
			}, ms);
			this.timers.add(t);
		});
	}

	private chance(p: number): boolean {
		return p > 0 && this.rng() < p;
	}

	private decideFate(): Fate {
		const r = this.rng();
		const { dropRequest, dropResponse, cutRequest, cutResponse } = this.rates;
		if (r < dropRequest) return 'drop-request';
		if (r < dropRequest + dropResponse) return 'drop-response';
		if (r < dropRequest + dropResponse + cutRequest) return 'cut-request';
		if (r < dropRequest + dropResponse + cutRequest + cutResponse) return 'cut-response';
		return 'deliver';
	}

	private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
		const arrival = ++this.arrivals;
		this.counts.requests++;
		let body: Buffer;
		try {
			body = await readAll(req);
		} catch {
			return; // the client went away mid-body
		}
		if (!this.faultsOn) {
			this.latestForwarded = Math.max(this.latestForwarded, arrival);
			const answer = await this.forward(req, body).catch(() => null);
			this.reply(res, answer);
			return;
		}
		this.counts.requestsUnderFaults++;
		// Every random choice is made at arrival, in arrival order, so one seed gives one plan.
		const fate = this.decideFate();
		const duplicate = fate !== 'drop-request' && this.chance(this.rates.duplicate);
		const hold = this.chance(this.rates.reorder);
		const holdMs = between(this.rng, 200, this.rates.maxHoldMs);
		const delay = this.chance(this.rates.delay);
		const delayMs = between(this.rng, 0, this.rates.maxDelayMs);
		const dropAfterMs = between(this.rng, 100, 3000);
		const useSecond = this.rng() < 0.5;
		const secondAfterMs = between(this.rng, 0, 400);
		const cutFraction = 0.2 + 0.6 * this.rng();

		if (delay) {
			this.counts.delayed++;
			await this.sleep(delayMs);
		}
		if (hold) {
			await this.sleep(holdMs);
			// Reordered when a request that arrived later went to the server meanwhile.
			if (this.latestForwarded > arrival) this.counts.reordered++;
		}
		if (this.closed) return;

		if (fate === 'drop-request') {
			this.counts.droppedRequests++;
			await this.sleep(dropAfterMs);
			req.socket.destroy();
			return;
		}
		this.latestForwarded = Math.max(this.latestForwarded, arrival);

		if (fate === 'cut-request') {
			this.counts.cutRequests++;
			this.forwardCut(req, body, cutFraction);
			if (duplicate) {
				this.counts.duplicated++;
				void this.forward(req, body).catch(() => null);
			}
			await this.sleep(between(this.rng, 0, 200));
			req.socket.destroy();
			return;
		}

		let answer: UpstreamAnswer | null;
		if (duplicate) {
			this.counts.duplicated++;
			const first = this.forward(req, body).catch(() => null);
			await this.sleep(secondAfterMs);
			const second = this.forward(req, body).catch(() => null);
			const [a, b] = await Promise.all([first, second]);
			answer = useSecond ? (b ?? a) : (a ?? b);
		} else {
			answer = await this.forward(req, body).catch(() => null);
		}

		if (fate === 'drop-response') {
			this.counts.droppedResponses++;
			if (answer && isPushAck(req, answer)) this.counts.droppedPushAcks++;
			req.socket.destroy();
			return;
		}
		if (fate === 'cut-response') {
			this.counts.cutResponses++;
			if (!answer) {
				req.socket.destroy();
				return;
			}
			if (isPushAck(req, answer)) this.counts.droppedPushAcks++;
			const headers = plainHeaders(answer.headers);
			headers['content-length'] = String(answer.body.length);
			res.writeHead(answer.status, headers);
			res.write(answer.body.subarray(0, Math.floor(answer.body.length * cutFraction)));
			// Let the partial body leave before the connection is cut.
			await this.sleep(20);
			req.socket.destroy();
			return;
		}
		this.reply(res, answer);
	}

	private reply(res: http.ServerResponse, answer: UpstreamAnswer | null): void {
		if (res.destroyed || res.writableEnded) return;
		if (!answer) {
			this.counts.serverUnreachable++;
			const body = JSON.stringify({ message: 'bad gateway: the server cannot be reached' });
			res.writeHead(502, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
			res.end(body);
			return;
		}
		const headers = plainHeaders(answer.headers);
		headers['content-length'] = String(answer.body.length);
		res.writeHead(answer.status, headers);
		res.end(answer.body);
	}

	/** Sends the request to the server; resolves with its whole answer. */
	private forward(req: http.IncomingMessage, body: Buffer): Promise<UpstreamAnswer> {
		return new Promise((resolve, reject) => {
			const headers = plainHeaders(req.headers);
			headers.host = `${this.target.host}:${this.target.port}`;
			headers['content-length'] = String(body.length);
			const up = http.request({ host: this.target.host, port: this.target.port, method: req.method, path: req.url, headers, agent: false });
			up.setTimeout(30_000, () => up.destroy(new Error('upstream timeout')));
			up.on('error', reject);
			up.on('response', (answer) => {
				readAll(answer).then((data) => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: data }), reject);
			});
			up.end(body);
		});
	}

	/** Sends the head and part of the body to the server, then destroys the connection. */
	private forwardCut(req: http.IncomingMessage, body: Buffer, fraction: number): void {
		const headers = plainHeaders(req.headers);
		headers.host = `${this.target.host}:${this.target.port}`;
		headers['content-length'] = String(body.length);
		const up = http.request({ host: this.target.host, port: this.target.port, method: req.method, path: req.url, headers, agent: false });
		up.on('error', () => undefined);
		up.on('response', (r) => r.resume());
		up.flushHeaders();
		up.write(body.subarray(0, Math.floor(body.length * fraction)));
		const t = setTimeout(() => {
			this.timers.delete(t);
			up.destroy();
		}, 30);
		this.timers.add(t);
	}
}

function isPushAck(req: http.IncomingMessage, answer: UpstreamAnswer): boolean {
	return req.method === 'POST' && /\/judge-events(\?|$)/.test(req.url ?? '') && answer.status === 200;
}

function plainHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [k, v] of Object.entries(headers)) {
		if (v === undefined || HOP_BY_HOP.has(k.toLowerCase())) continue;
		out[k] = Array.isArray(v) ? v.join(', ') : v;
	}
	return out;
}

function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		stream.on('data', (c: Buffer) => chunks.push(c));
		stream.on('end', () => resolve(Buffer.concat(chunks)));
		stream.on('error', reject);
		stream.on('aborted', () => reject(new Error('aborted')));
	});
}
