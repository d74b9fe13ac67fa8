/**
 * The public viewers of `npm run bench:live` (bench/live.bench.ts), in a process of their own so
 * that their work (a thousand streams, a thousand JSON bodies per change) neither slows the
 * tablets' clocks nor hides in the server's CPU figure. Started with `fork` and told what to do
 * over IPC (ViewerCommand); answers with ViewerReport.
 *
 * Modes:
 *   floor  each viewer holds the floor server's stream (bench/live-floor-server.ts) and notes
 *          when each message arrives, against the moment the floor server wrote it;
 *   push   each viewer holds the public live stream (`…/live-announcements`) and, when a `live`
 *          message names the competition, reads `…/live/{c}?v={etag}` (If-None-Match: the ETag
 *          it holds), as the public page does; one read at a time, and one more if told again
 *          meanwhile;
 *   poll   no stream: each viewer reads `…/live/{c}` every `pollMs` (LIVE_REFRESH_MS), at its
 *          own phase, with If-None-Match, as the page does while the stream is down.
 * In push and poll mode a viewer notes, per entry and result (`{entryId}|time:{ms}` or
 * `|pieces:{count}`), the first moment a body it received showed that result: "visible".
 */
import { Agent, get, type IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { clock } from './live-clock';

export type ViewerCommand =
	| { kind: 'start'; mode: 'floor' | 'push' | 'poll'; base: string; path: string; streamPath: string; competitionId: string; viewers: number; pollMs: number }
	| { kind: 'report' }
	| { kind: 'stop' };

export interface ViewerReport {
	kind: 'report';
	/** Streams open now (push and floor). */
	open: number;
	/** floor: every (message, viewer) delay, ms. */
	delays: number[];
	/** push/poll: per entry and result, the moment each viewer first saw it (NaN: not yet), ms on the shared clock. */
	seen: Record<string, number[]>;
	requests: number;
	answers: Record<string, number>;
	errors: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
const streams = new Set<IncomingMessage>();
const timers = new Set<ReturnType<typeof setTimeout>>();
let open = 0;
let requests = 0;
let errors = 0;
const answers: Record<string, number> = {};
const delays: number[] = [];
let seen: Map<string, Float64Array> = new Map();
let viewerCount = 0;
let stopped = false;

/** A text/event-stream's messages as they arrive (LF or CRLF; comments skipped). */
function onMessages(res: IncomingMessage, handle: (event: string, data: string) => void): void {
	let buffered = '';
	res.setEncoding('utf8');
	res.on('data', (chunk: string) => {
		buffered += chunk;
		for (let end = buffered.search(/\r?\n\r?\n/); end >= 0; end = buffered.search(/\r?\n\r?\n/)) {
			const block = buffered.slice(0, end);
			buffered = buffered.slice(end + (buffered[end] === '\r' ? 4 : 2));
			let event = 'message';
			const data: string[] = [];
			for (const line of block.split(/\r?\n/)) {
				if (line.startsWith('event:')) event = line.slice(6).trim();
				else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
			}
			if (data.length) handle(event, data.join('\n'));
		}
	});
}

/** Holds one stream, opened again a second after it fails or ends (until stopped). */
function holdStream(url: string, handle: (event: string, data: string) => void): void {
	if (stopped) return;
	const again = () => {
		if (stopped) return;
		const t = setTimeout(() => {
			timers.delete(t);
			holdStream(url, handle);
		}, 1000);
		timers.add(t);
	};
	const req = get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
		if (res.statusCode !== 200) {
			answers[`stream ${res.statusCode}`] = (answers[`stream ${res.statusCode}`] ?? 0) + 1;
			res.resume();
			return again();
		}
		open++;
		streams.add(res);
		onMessages(res, handle);
		res.on('close', () => {
			open--;
			streams.delete(res);
			again();
		});
	});
	req.on('error', () => {
		errors++;
		again();
	});
}

interface LiveBody {
	rows: { entryId: string; result: { kind: 'time'; ms: number } | { kind: 'pieces'; count: number } | null }[];
}

/**
 * What a body shows: `entryId|time:ms` / `entryId|pieces:n` for each row with a result. Bodies
 * with the same ETag are the same bytes, so the 1,000 viewers of this one process unzip and parse
 * each version once: on real phones each does it on its own CPU, at the same time, and a single
 * process doing it a thousand times over would measure itself, not the server.
 */
const shownByVersion = new Map<string, string[]>();
const keysOf = (rows: LiveBody['rows']) => rows.flatMap(({ entryId, result }) => (result === null ? [] : [`${entryId}|${result.kind === 'time' ? `time:${result.ms}` : `pieces:${result.count}`}`]));
function shownBy(etag: string | null, bytes: Buffer, zipped: boolean): string[] {
	const kept = etag ? shownByVersion.get(etag) : undefined;
	if (kept) return kept;
	const body = JSON.parse((zipped ? gunzipSync(bytes) : bytes).toString('utf8')) as LiveBody;
	const keys = keysOf(body.rows);
	if (etag) shownByVersion.set(etag, keys);
	return keys;
}

/** One viewer of the live resource: reads it when asked (one read at a time) and notes what it shows. */
class Viewer {
	#etag: string | null = null;
	#busy = false;
	#again: string | null = null;
	constructor(
		readonly index: number,
		readonly base: string,
		readonly path: string
	) {}

	/**
	 * A live message: the change it carries applied when this viewer holds the version it applies
	 * to and no read is under way (as the page does: src/lib/live/live-feed.svelte.ts), else a read.
	 */
	told(a: { etag: string; base?: string; rows?: LiveBody['rows'] }): void {
		if (a.rows && a.base !== undefined && !this.#busy && this.#etag === a.base) {
			this.#etag = a.etag;
			this.#saw(keysOf(a.rows), clock());
			return;
		}
		this.read(a.etag);
	}

	read(version: string | null): void {
		if (this.#busy) {
			this.#again = version ?? '';
			return;
		}
		this.#busy = true;
		requests++;
		const url = `${this.base}${this.path}${version ? `?v=${encodeURIComponent(version)}` : ''}`;
		// As a phone's browser asks: gzip taken.
		const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip' };
		if (this.#etag) headers['if-none-match'] = this.#etag;
		const req = get(url, { agent, headers }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (c: Buffer) => chunks.push(c));
			res.on('end', () => {
				const at = clock();
				answers[res.statusCode!] = (answers[res.statusCode!] ?? 0) + 1;
				if (res.statusCode === 200) {
					this.#etag = (res.headers.etag as string | undefined) ?? null;
					this.#saw(shownBy(this.#etag, Buffer.concat(chunks), res.headers['content-encoding'] === 'gzip'), at);
				}
				this.#done();
			});
		});
		req.on('error', () => {
			errors++;
			this.#done();
		});
	}

	#saw(keys: readonly string[], at: number): void {
		for (const key of keys) {
			let times = seen.get(key);
			if (!times) seen.set(key, (times = new Float64Array(viewerCount).fill(NaN)));
			if (Number.isNaN(times[this.index]!)) times[this.index] = at;
		}
	}

	#done(): void {
		this.#busy = false;
		if (this.#again !== null && !stopped) {
			const v = this.#again;
			this.#again = null;
			this.read(v || null);
		}
	}
}

function start(c: Extract<ViewerCommand, { kind: 'start' }>): void {
	viewerCount = c.viewers;
	seen = new Map();
	if (c.mode === 'floor') {
		for (let i = 0; i < c.viewers; i++)
			holdStream(`${c.base}${c.streamPath}`, (event, data) => {
				const at = clock();
				if (event === 'm') delays.push(at - (JSON.parse(data) as { sentAt: number }).sentAt);
			});
		return;
	}
	for (let i = 0; i < c.viewers; i++) {
		const viewer = new Viewer(i, c.base, c.path);
		if (c.mode === 'push') {
			holdStream(`${c.base}${c.streamPath}`, (event, data) => {
				if (event === 'open') viewer.read(null);
				else if (event === 'live') {
					const a = JSON.parse(data) as { competitionId: string; etag: string; base?: string; rows?: LiveBody['rows'] };
					if (a.competitionId === c.competitionId) viewer.told(a);
				}
			});
		} else {
			const tick = () => {
				if (stopped) return;
				viewer.read(null);
				const t = setTimeout(() => {
					timers.delete(t);
					tick();
				}, c.pollMs);
				timers.add(t);
			};
			const first = setTimeout(
				() => {
					timers.delete(first);
					tick();
				},
				Math.random() * c.pollMs
			);
			timers.add(first);
		}
	}
}

function report(): ViewerReport {
	return {
		kind: 'report',
		open,
		delays: [...delays],
		seen: Object.fromEntries([...seen].map(([k, v]) => [k, [...v]])),
		requests,
		answers: { ...answers },
		errors
	};
}

process.on('message', (m: ViewerCommand) => {
	if (m.kind === 'start') start(m);
	else if (m.kind === 'report') process.send!(report());
	else {
		stopped = true;
		for (const t of timers) clearTimeout(t);
		for (const s of streams) s.destroy();
		agent.destroy();
		process.send!(report(), () => process.exit(0));
	}
});
process.send!({ kind: 'ready' });
