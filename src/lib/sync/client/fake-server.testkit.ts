// An in-memory server implementing the sync contract of docs/sync.md, behind an injected
// fetch, for the client's unit tests (and the chaos test). Knobs make it fail the ways a real
// network does: down, answers lost after the work was done, HTTP errors, a smaller body limit.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { JudgeEventSchema, type JudgeEvent } from '$lib/events/schema';
import { StationDb } from '$lib/db/station-db';
import type { Competition, CompetitionEvent, Entry, Heat } from '$lib/setup/schema';
import type { Ruleset } from '$lib/rules/schema';
import { MAX_PUSH_BYTES, MAX_PUSH_EVENTS, MAX_PHOTO_BYTES, PhotoMetaSchema, type PhotoInfo, type PushResponse, type Roster } from '$lib/contract';
import type { Pairing } from '$lib/sync/pairing';
import type { FetchLike, SyncEnvironment, TimerHandle } from './environment';

export const SERVER = 'http://sync.test';
export const TOKEN = 'judge-token-0123456789abcdef';

interface Stored {
	event: JudgeEvent;
	json: string;
	serverSeq: number;
	eventId: string;
}

export interface RecordedRequest {
	method: string;
	path: string;
	body: unknown;
	bytes: number;
}

/** Sorted keys: the same content gives the same text. */
function canonical(value: unknown): string {
	return JSON.stringify(value, (_k, v: unknown) =>
		v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1))) : v
	);
}

export class FakeSyncServer {
	readonly stored = new Map<string, Stored>();
	private readonly byDeviceSeq = new Map<string, string>();
	private serverSeq = 0;
	readonly event: CompetitionEvent = { id: 'ev1', name: 'Puzzle day', date: '2026-05-16' };
	readonly competitions = new Map<string, Competition>();
	readonly rulesets = new Map<string, Ruleset>();
	readonly heats = new Map<string, Heat>();
	readonly entries = new Map<string, Entry>();
	/** Token → the event it opens. */
	readonly tokens = new Map<string, string>([[TOKEN, 'ev1']]);
	readonly requests: RecordedRequest[] = [];
	readonly clocks: unknown[] = [];
	/** Requests under way now, and the most there ever were at once. */
	inFlight = 0;
	mostInFlight = 0;

	/** Every request fails as if the network were down. */
	down = false;
	/** The next N requests are carried out, but their answers are lost on the way back. */
	loseAnswers = 0;
	/** The next requests answer these HTTP statuses instead (one each). */
	failWith: number[] = [];
	maxBytes = MAX_PUSH_BYTES;
	/** Events this server refuses (as if invalid), by ID. */
	refuseIds = new Set<string>();
	/** The server's clock is this much ahead of the device's. */
	offsetMs = 0;
	/** The identity of its store, sent with every pull (PullResponse.store); null: a server too old to send it. */
	storeId: string | null = 'store-1';
	/** The event's roster (GET …/roster); null: a server from before the register, which answers 404. */
	roster: Roster | null = [];
	/** Whether the roster is answered with an ETag (its content's), and If-None-Match naming it with 304; false: a server from before issue 29 #9. */
	rosterEtags = true;
	/** The status of every roster answer (200, 304, 404…), in order. */
	readonly rosterStatuses: number[] = [];
	/** What the PUT of a photo answers instead of storing it, by hash: [status, message] (an unknown entry's 404, erased evidence's 410). */
	readonly photoRefusals = new Map<string, [number, string]>();
	/** Photos of evidence it holds, by hash (PUT/HEAD …/photos/{hash}); `photos: false`: a server from before issue 33 (404). */
	readonly photos = new Map<string, PhotoInfo>();
	photoEndpoint = true;
	maxPhotoBytes = MAX_PHOTO_BYTES;

	constructor(private readonly now: () => number = () => Date.now()) {}

	/**
	 * Another server with what this one holds now, as a restore of its backup into another data
	 * directory makes it: the same set-up, tokens and events with their numbers; its own store identity.
	 */
	restoredCopy(storeId: string): FakeSyncServer {
		const copy = new FakeSyncServer(this.now);
		copy.storeId = storeId;
		for (const [k, v] of this.stored) copy.stored.set(k, v);
		for (const [k, v] of this.byDeviceSeq) copy.byDeviceSeq.set(k, v);
		copy.serverSeq = this.serverSeq;
		for (const [from, to] of [
			[this.competitions, copy.competitions],
			[this.rulesets, copy.rulesets],
			[this.heats, copy.heats],
			[this.entries, copy.entries],
			[this.tokens, copy.tokens]
		] as [Map<string, unknown>, Map<string, unknown>][])
			for (const [k, v] of from) to.set(k, v);
		return copy;
	}

	addCompetition(competition: Competition): void {
		this.competitions.set(competition.id, competition);
	}

	/** Stores an event as if another device had pushed it. */
	storeFromElsewhere(event: JudgeEvent): void {
		this.push({ events: [event] }, this.event.id);
	}

	eventsOf(eventId = this.event.id): JudgeEvent[] {
		return [...this.stored.values()].filter((s) => s.eventId === eventId).sort((a, b) => a.serverSeq - b.serverSeq).map((s) => s.event);
	}

	pushRequests(): RecordedRequest[] {
		return this.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/judge-events'));
	}

	readonly fetch: FetchLike = async (input, init = {}) => {
		this.mostInFlight = Math.max(this.mostInFlight, ++this.inFlight);
		try {
			return await this.answer(input, init);
		} finally {
			this.inFlight--;
		}
	};

	private async answer(input: string, init: RequestInit): Promise<Response> {
		const url = new URL(input);
		const method = init.method ?? 'GET';
		const text = typeof init.body === 'string' ? init.body : '';
		const bytes = init.body instanceof Blob ? init.body.size : new TextEncoder().encode(text).length;
		let body: unknown = undefined;
		if (text) body = JSON.parse(text);
		this.requests.push({ method, path: url.pathname, body, bytes });
		// Let other work interleave, as a network would.
		await Promise.resolve();
		if (this.down) throw new TypeError('fetch failed');
		const status = this.failWith.shift();
		if (status !== undefined) return jsonResponse(status, { message: `failed with ${status}` });
		const headers = (init.headers as Record<string, string> | undefined) ?? {};
		const answer = this.handle(method, url, body, bytes, headers.authorization ?? null, headers['if-none-match'] ?? null, headers['content-type'] ?? '');
		if (this.loseAnswers > 0) {
			this.loseAnswers--;
			throw new TypeError('network connection lost');
		}
		return answer;
	}

	/** HEAD: 200 held, 404 not; PUT: the body's size checked, stored once (201, then 200). */
	private photoAnswer(method: string, url: URL, eventId: string, hash: string, bytes: number, authorization: string | null, type: string): Response {
		if (!this.photoEndpoint) return jsonResponse(404, { message: `there is no ${new URL(url).pathname} on this server (docs/sync.md lists the API)` });
		const eventOfToken = this.tokens.get(authorization?.replace(/^Bearer /, '') ?? '');
		if (!eventOfToken) return jsonResponse(401, { message: 'unknown token' });
		if (eventOfToken !== eventId) return jsonResponse(403, { message: 'another event' });
		const held = this.photos.get(hash);
		if (method === 'HEAD') return new Response(null, { status: held ? 200 : 404 });
		if (method !== 'PUT') return jsonResponse(405, { message: 'method not allowed' });
		const refusal = this.photoRefusals.get(hash);
		if (refusal) return jsonResponse(refusal[0], { message: refusal[1] });
		if (bytes > this.maxPhotoBytes) return jsonResponse(413, { message: `a photo holds at most ${this.maxPhotoBytes} bytes` });
		if (type !== 'image/jpeg' && type !== 'image/webp') return jsonResponse(415, { message: 'not a JPEG or WebP image' });
		const meta = PhotoMetaSchema.safeParse(Object.fromEntries(url.searchParams));
		if (!meta.success) return jsonResponse(400, { message: 'bad query' });
		if (held) return jsonResponse(200, { photo: held, stored: false });
		const info: PhotoInfo = {
			hash,
			competitionId: meta.data.competitionId,
			heatId: meta.data.heatId,
			entryId: meta.data.entryId,
			puzzleId: meta.data.puzzleId ?? null,
			judgeEventId: meta.data.judgeEventId ?? null,
			subject: meta.data.subject,
			takenAt: meta.data.takenAt,
			deviceId: 'tab-a',
			mediaType: type,
			bytes: Math.max(1, bytes),
			width: meta.data.width,
			height: meta.data.height,
			receivedAt: this.now()
		};
		this.photos.set(hash, info);
		return jsonResponse(201, { photo: info, stored: true });
	}

	private handle(method: string, url: URL, body: unknown, bytes: number, authorization: string | null, ifNoneMatch: string | null = null, contentType = ''): Response {
		if (url.pathname === '/api/time') {
			const t = this.now() + this.offsetMs;
			return jsonResponse(200, { receivedAt: Math.round(t), sentAt: Math.round(t) });
		}
		const photo = /^\/api\/events\/([^/]+)\/photos\/([^/]+)$/.exec(url.pathname);
		if (photo) return this.photoAnswer(method, url, decodeURIComponent(photo[1]!), photo[2]!, bytes, authorization, contentType);
		const m = /^\/api\/events\/([^/]+)\/(setup|judge-events|roster)$/.exec(url.pathname);
		if (!m) return jsonResponse(404, { message: 'not found' });
		const token = authorization?.replace(/^Bearer /, '') ?? '';
		const eventOfToken = this.tokens.get(token);
		if (!eventOfToken) return jsonResponse(401, { message: 'unknown token' });
		const eventId = decodeURIComponent(m[1]!);
		if (eventOfToken !== eventId) return jsonResponse(403, { message: 'another event' });
		if (m[2] === 'roster' && method === 'GET') {
			const answer = this.rosterAnswer(ifNoneMatch);
			this.rosterStatuses.push(answer.status);
			return answer;
		}
		if (m[2] === 'setup' && method === 'GET') {
			const competitions = [...this.competitions.values()].filter((c) => c.eventId === eventId);
			const ids = new Set(competitions.map((c) => c.id));
			return jsonResponse(200, {
				event: this.event,
				rulesets: [...this.rulesets.values()],
				competitions,
				heats: [...this.heats.values()].filter((h) => ids.has(h.competitionId)),
				entries: [...this.entries.values()].filter((e) => ids.has(e.competitionId))
			});
		}
		if (method === 'POST') {
			if (bytes > this.maxBytes) return jsonResponse(413, { message: 'too large' });
			const request = body as { events: unknown[]; setup?: { competitions?: Competition[]; rulesets?: Ruleset[]; heats?: Heat[]; entries?: Entry[] }; clock?: unknown };
			if (!Array.isArray(request?.events)) return jsonResponse(400, { message: 'not a push' });
			if (request.events.length > MAX_PUSH_EVENTS) return jsonResponse(413, { message: 'too many events' });
			return jsonResponse(200, this.push(request, eventId));
		}
		const after = Number(url.searchParams.get('after') ?? 0);
		const limit = Number(url.searchParams.get('limit') ?? 1000);
		// A scope (competitions=a,b): the full pull filtered to those competitions.
		const scope = url.searchParams.get('competitions')?.split(',');
		const rows = [...this.stored.values()]
			.filter((s) => s.eventId === eventId && s.serverSeq > after && (!scope || scope.includes(s.event.competitionId)))
			.sort((a, b) => a.serverSeq - b.serverSeq);
		const page = rows.slice(0, limit);
		return jsonResponse(200, {
			events: page.map((s) => s.event),
			cursor: page.length ? page.at(-1)!.serverSeq : after,
			more: rows.length > limit,
			...(this.storeId === null ? {} : { store: this.storeId })
		});
	}

	/** GET …/roster: as the server's route, its ETag the content's (any change gives another). */
	private rosterAnswer(ifNoneMatch: string | null): Response {
		if (this.roster === null) return jsonResponse(404, { message: 'not found' });
		if (!this.rosterEtags) return jsonResponse(200, this.roster);
		const text = JSON.stringify(this.roster);
		let h = 5381;
		for (let i = 0; i < text.length; i++) h = (Math.imul(h, 33) ^ text.charCodeAt(i)) >>> 0;
		const etag = `"fake-${h.toString(36)}-${text.length}"`;
		if (ifNoneMatch === etag) return new Response(null, { status: 304, headers: { etag } });
		return new Response(text, { status: 200, headers: { 'content-type': 'application/json', etag } });
	}

	/** The push contract: each event on its own; set-up adds unknown competitions only. */
	private push(
		request: { events: unknown[]; setup?: { competitions?: Competition[]; rulesets?: Ruleset[]; heats?: Heat[]; entries?: Entry[] }; clock?: unknown },
		eventId: string
	): PushResponse {
		if (request.clock) this.clocks.push(request.clock);
		const setupAdded: string[] = [];
		for (const c of request.setup?.competitions ?? []) {
			if (this.competitions.has(c.id)) continue;
			this.competitions.set(c.id, { ...c, eventId });
			setupAdded.push(c.id);
			for (const h of request.setup?.heats ?? []) if (h.competitionId === c.id) this.heats.set(h.id, h);
			for (const e of request.setup?.entries ?? []) if (e.competitionId === c.id) this.entries.set(e.id, e);
		}
		for (const r of request.setup?.rulesets ?? []) this.rulesets.set(`${r.id}@${r.version}`, r);
		const answer: PushResponse = { stored: [], duplicates: [], conflicts: [], refused: [], setupAdded };
		request.events.forEach((raw, index) => {
			const parsed = JudgeEventSchema.safeParse(raw);
			const rawId = (raw as { id?: unknown })?.id;
			if (!parsed.success || this.refuseIds.has(String(rawId))) {
				answer.refused.push({ index, id: typeof rawId === 'string' ? rawId : null, reason: 'invalid' });
				return;
			}
			const e = parsed.data as JudgeEvent;
			const competition = this.competitions.get(e.competitionId);
			if (competition && competition.eventId !== eventId) {
				answer.refused.push({ index, id: e.id, reason: `competition "${e.competitionId}" is not part of this event` });
				return;
			}
			const json = canonical(e);
			const existing = this.stored.get(e.id);
			if (existing) {
				(existing.json === json ? answer.duplicates : answer.conflicts).push(e.id);
				return;
			}
			if (this.byDeviceSeq.has(`${e.deviceId}#${e.seq}`)) {
				answer.conflicts.push(e.id);
				return;
			}
			const serverSeq = ++this.serverSeq;
			this.stored.set(e.id, { event: e, json, serverSeq, eventId });
			this.byDeviceSeq.set(`${e.deviceId}#${e.seq}`, e.id);
			answer.stored.push({ id: e.id, serverSeq });
		});
		return answer;
	}
}

function jsonResponse(status: number, body: unknown): Response {
	return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Timers that fire only when told: delays are visible to the test. */
export class ManualTimers {
	private nextHandle = 1;
	readonly pending = new Map<number, { callback: () => void; ms: number; dueAt: number }>();
	clock = Date.UTC(2026, 4, 16, 9);

	now = (): number => this.clock;

	setTimeout = (callback: () => void, ms: number): TimerHandle => {
		const handle = this.nextHandle++;
		this.pending.set(handle, { callback, ms, dueAt: this.clock + ms });
		return handle;
	};

	clearTimeout = (handle: TimerHandle): void => {
		this.pending.delete(handle as number);
	};

	/** The delays of the timers still pending, soonest first. */
	delays(): number[] {
		return [...this.pending.values()].sort((a, b) => a.dueAt - b.dueAt).map((t) => t.ms);
	}

	/** Moves the clock to the soonest timer and fires it; false when none is pending. */
	fireNext(): boolean {
		const next = [...this.pending.entries()].sort(([, a], [, b]) => a.dueAt - b.dueAt)[0];
		if (!next) return false;
		this.pending.delete(next[0]);
		this.clock = Math.max(this.clock, next[1].dueAt);
		next[1].callback();
		return true;
	}
}

/** A fresh database of its own (fake-indexeddb) for one test. */
export function freshDb(): StationDb {
	return new StationDb(`test-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
}

export function pairingFor(eventId = 'ev1', token = TOKEN): Pairing {
	return { server: SERVER, eventId, role: 'judge', deviceLabel: 'Tablet 1', token };
}

/** An environment around a fake server and manual timers. */
export function fakeEnvironment(server: FakeSyncServer, timers: ManualTimers, random: () => number = () => 0.5): SyncEnvironment {
	return { fetch: server.fetch, now: timers.now, mono: timers.now, random, setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout };
}
