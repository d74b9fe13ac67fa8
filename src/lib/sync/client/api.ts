import { z } from 'zod/mini';
import { TimeResponseSchema, type TimeResponse } from '$lib/sync/clock-offset';
import { HeatStartListSchema, HeatStartSchema, PairedDeviceSchema, SetupResponseSchema, type HeatStart, type HeatStartRequest, type PairedDevice, type PushRequest, type PushResponse, type PullResponse, type SetupResponse } from '$lib/sync/protocol';
import type { JudgeEvent } from '$lib/events/schema';
import { EntryAuditSchema, type EntryAudit } from './entry-audit-answer';
import type { EventFile } from '$lib/files/event-file';
import { CompetitionMergeSchema, type CompetitionMerge, type CompetitionMergeRequest } from '$lib/setup/schema';
import {
	AddedDeviceSchema,
	CreatedEventSchema,
	DeviceInfoSchema,
	DeviceListSchema,
	ErrorBodySchema,
	HealthSchema,
	ImportResponseSchema,
	PullResponseSchema,
	PushResponseSchema,
	RevokedDeviceSchema,
	type AddedDevice,
	type CreatedEvent,
	type DeviceInfo,
	type DeviceListing,
	type PairingFailures
} from './answers';
import { ApiError, kindOfStatus } from './errors';
import type { FetchLike, Timers } from './environment';

export interface SyncApiOptions extends Timers {
	/** The server's origin, e.g. "https://judge.example" (a trailing slash is ignored). */
	server: string;
	/** The device token (the organizer's key for organizer calls); none for pairing. */
	token?: string | null;
	fetch: FetchLike;
	/** A request that takes longer is abandoned (kind 'timeout'). Default 20 s. */
	timeoutMs?: number;
}

type Role = 'organizer' | 'judge' | 'display';

const HeatStartAnswerSchema = z.object({ start: HeatStartSchema });
const MergeAnswerSchema = z.object({ merge: CompetitionMergeSchema });
/** What the organizer's screen needs of a publication (the rest of the answer is not read). */
const PublicationStatusSchema = z.object({
	competitionId: z.string(),
	version: z.number(),
	state: z.enum(['published', 'final']),
	publishedAt: z.number(),
	protestUntil: z.nullable(z.number()),
	/** What the version made public, for the summary before making it final (src/lib/organizer/publish-summary.ts). */
	snapshot: z.optional(
		z.object({
			rows: z.array(
				z.object({ entryId: z.string(), name: z.string(), place: z.nullable(z.number()), status: z.string(), awarded: z.boolean(), finalTimeMs: z.nullable(z.number()) })
			),
			tieForFirst: z.array(z.string()),
			conflicts: z.number()
		})
	)
});
export type PublicationStatus = z.infer<typeof PublicationStatusSchema>;
const PublicationAnswerSchema = z.object({ publication: PublicationStatusSchema });
const PublicResultsSchema = z.object({ competitions: z.array(z.object({ latest: PublicationStatusSchema })) });
/** How many set-up items of each kind a write added or replaced. */
const SetupCountsSchema = z.object({ rulesets: z.number(), competitions: z.number(), heats: z.number(), entries: z.number() });

/**
 * A typed HTTP client for the sync endpoints of docs/sync.md. Every answer is checked with
 * zod; every failure is an ApiError whose `kind` says what to do about it (errors.ts).
 */
export class SyncApi {
	readonly server: string;
	private readonly token: string | null;
	private readonly timeoutMs: number;

	constructor(private readonly options: SyncApiOptions) {
		this.server = options.server.replace(/\/+$/, '');
		this.token = options.token ?? null;
		this.timeoutMs = options.timeoutMs ?? 20_000;
	}

	private eventPath(eventId: string, rest: string): string {
		return `/api/events/${encodeURIComponent(eventId)}/${rest}`;
	}

	/** One request; the answer's JSON checked with `schema`. */
	private async request<S extends z.ZodMiniType>(
		method: string,
		path: string,
		schema: S,
		opts: { body?: unknown; bodyText?: string; token?: string | null } = {}
	): Promise<z.infer<S>> {
		const bodyText = opts.bodyText ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
		const { response, body: text } = await this.exchange(method, path, { token: opts.token, bodyText }, (r) => r.text());
		const json = parseJson(text);
		if (!response.ok) throw failure(response.status, json, response.headers.get('retry-after'));
		const checked = schema.safeParse(json);
		if (!checked.success) throw new ApiError('bad-answer', `unexpected answer to ${method} ${path}`, response.status);
		return checked.data;
	}

	/** Sends one request and reads its answer with `read`, within the timeout; a failure to reach the server is an ApiError. */
	private async exchange<T>(
		method: string,
		path: string,
		opts: { bodyText?: string; token?: string | null; accept?: string; timeoutMs?: number },
		read: (response: Response) => Promise<T>
	): Promise<{ response: Response; body: T }> {
		const token = opts.token === undefined ? this.token : opts.token;
		const headers: Record<string, string> = { accept: opts.accept ?? 'application/json' };
		if (token) headers.authorization = `Bearer ${token}`;
		if (opts.bodyText !== undefined) headers['content-type'] = 'application/json';
		const timeoutMs = opts.timeoutMs ?? this.timeoutMs;
		const controller = new AbortController();
		let timedOut = false;
		const timer = this.options.setTimeout(() => {
			timedOut = true;
			controller.abort();
		}, timeoutMs);
		try {
			const response = await this.options.fetch(`${this.server}${path}`, { method, headers, body: opts.bodyText, signal: controller.signal, cache: 'no-store' });
			return { response, body: await read(response) };
		} catch (e) {
			if (timedOut) throw new ApiError('timeout', `no answer from ${this.server} within ${Math.round(timeoutMs / 1000)} s`);
			throw new ApiError('unreachable', `cannot reach ${this.server}: ${e instanceof Error ? e.message : String(e)}`);
		} finally {
			this.options.clearTimeout(timer);
		}
	}

	health(): Promise<{ ok: true }> {
		return this.request('GET', '/api/health', HealthSchema, { token: null });
	}

	/** The server's clock (for measureClockOffset). */
	time(): Promise<TimeResponse> {
		return this.request('GET', '/api/time', TimeResponseSchema, { token: null });
	}

	getSetup(eventId: string): Promise<SetupResponse> {
		return this.request('GET', this.eventPath(eventId, 'setup'), SetupResponseSchema) as Promise<SetupResponse>;
	}

	/** The organizer adds set-up items or replaces them by ID (all or nothing; organizer token). */
	writeSetup(eventId: string, setup: Partial<Pick<SetupResponse, 'rulesets' | 'competitions' | 'heats' | 'entries'>>): Promise<z.infer<typeof SetupCountsSchema>> {
		return this.request('POST', this.eventPath(eventId, 'setup'), SetupCountsSchema, { body: setup });
	}

	/** Folds a competition set up on a tablet into another of the event; the merge as recorded (organizer; idempotent on `request.id`). */
	async recordMerge(eventId: string, request: CompetitionMergeRequest): Promise<CompetitionMerge> {
		return (await this.request('POST', this.eventPath(eventId, 'merges'), MergeAnswerSchema, { body: request })).merge;
	}

	/** Publishes a competition's standings as the server computes them now: its next version (organizer). */
	async publish(eventId: string, body: { competitionId: string; protestMinutes?: number; note?: string }): Promise<PublicationStatus> {
		return (await this.request('POST', this.eventPath(eventId, 'publications'), PublicationAnswerSchema, { body })).publication;
	}

	/** Marks the latest published version final; refused while under protest (organizer). */
	async finalize(eventId: string, competitionId: string): Promise<PublicationStatus> {
		return (await this.request('POST', this.eventPath(eventId, `publications/${encodeURIComponent(competitionId)}/final`), PublicationAnswerSchema, { body: {} })).publication;
	}

	/** An entry's audit trail: its events and corrections, each with how it reached the server (organizer). */
	async entryAudit(eventId: string, entryId: string): Promise<EntryAudit> {
		return (await this.request('GET', this.eventPath(eventId, `entries/${encodeURIComponent(entryId)}/audit`), EntryAuditSchema)) as EntryAudit;
	}

	/** The latest published version of each published competition (the public API: no token). */
	async publishedResults(eventId: string): Promise<PublicationStatus[]> {
		const answer = await this.request('GET', `/api/public/events/${encodeURIComponent(eventId)}/results`, PublicResultsSchema, { token: null });
		return answer.competitions.map((c) => c.latest);
	}

	/** Pushes events (and optionally set-up and a clock report). `bodyText`: the body already serialized (measured by the caller). */
	push(eventId: string, body: PushRequest, bodyText?: string): Promise<PushResponse> {
		return this.request('POST', this.eventPath(eventId, 'judge-events'), PushResponseSchema, { body, bodyText });
	}

	/** One page of the event's judge events after `after` (events not yet checked: the caller does). */
	async pull(eventId: string, after: number, limit: number): Promise<Omit<PullResponse, 'events'> & { events: unknown[] }> {
		const q = new URLSearchParams({ after: String(after), limit: String(limit) });
		return this.request('GET', `${this.eventPath(eventId, 'judge-events')}?${q}`, PullResponseSchema);
	}

	/** The organizer starts a heat on every tablet at once (idempotent on `start.id`). */
	async startHeat(eventId: string, start: HeatStartRequest): Promise<HeatStart> {
		return (await this.request('POST', this.eventPath(eventId, 'heat-starts'), HeatStartAnswerSchema, { body: start })).start;
	}

	/** Heats the organizer started after cursor `after`. */
	async heatStarts(eventId: string, after: number): Promise<HeatStart[]> {
		return (await this.request('GET', `${this.eventPath(eventId, 'heat-starts')}?after=${after}`, HeatStartListSchema)).starts;
	}

	/** Creates an event; `adminKey` when the server was started with ADMIN_KEY. The answer's token is the organizer key. */
	createEvent(body: { event: { id?: string; name: string; date: string; venue?: string }; label?: string }, adminKey?: string): Promise<CreatedEvent> {
		return this.request('POST', '/api/events', CreatedEventSchema, { body, token: adminKey ?? null });
	}

	/**
	 * Whom this client's token belongs to (checks a pairing or an organizer key). With `deviceId`
	 * (a tablet pairing): says which device holds the token, which binds a judge's token to it.
	 */
	async device(deviceId?: string): Promise<DeviceInfo> {
		if (deviceId === undefined) return (await this.request('GET', '/api/device', DeviceInfoSchema)).device;
		return (await this.request('POST', '/api/device', DeviceInfoSchema, { body: { deviceId } })).device;
	}

	/** Exchanges a short pairing code for the token of the tablet `deviceId` (no token needed). */
	pair(code: string, deviceId?: string): Promise<PairedDevice> {
		return this.request('POST', '/api/pair', PairedDeviceSchema, { body: deviceId === undefined ? { code } : { code, deviceId }, token: null });
	}

	/** The event's devices, and the wrong pairing codes that could have been meant for it (null: none). */
	async listDevices(eventId: string): Promise<{ devices: DeviceListing[]; pairingFailures: PairingFailures | null }> {
		const answer = await this.request('GET', this.eventPath(eventId, 'devices'), DeviceListSchema);
		return { devices: answer.devices, pairingFailures: answer.pairingFailures ?? null };
	}

	addDevice(eventId: string, device: { role: Role; label: string }): Promise<AddedDevice> {
		return this.request('POST', this.eventPath(eventId, 'devices'), AddedDeviceSchema, { body: device });
	}

	async revokeDevice(eventId: string, deviceId: string): Promise<DeviceListing> {
		return (await this.request('DELETE', this.eventPath(eventId, `devices/${encodeURIComponent(deviceId)}`), RevokedDeviceSchema)).device;
	}

	/** The event's backup file (NDJSON, format puzzle-judge-backup; docs/sync.md, Backup) as it downloads: a large event takes a while. */
	async backupFile(eventId: string, timeoutMs = 15 * 60_000): Promise<Blob> {
		const { response, body } = await this.exchange('GET', this.eventPath(eventId, 'backup'), { accept: 'application/x-ndjson, application/json', timeoutMs }, (r): Promise<Blob | string> => (r.ok ? r.blob() : r.text()));
		if (!response.ok) throw failure(response.status, parseJson(body as string));
		return body as Blob;
	}

	/** Imports a tablet's event file (docs/event-format.md). */
	importEventFile(eventId: string, file: EventFile | { log: JudgeEvent[] }) {
		return this.request('POST', this.eventPath(eventId, 'import'), ImportResponseSchema, { body: file });
	}
}

function parseJson(text: string): unknown {
	try {
		return text === '' ? undefined : JSON.parse(text);
	} catch {
		// Not JSON: a proxy's or captive portal's page. Judged by the status.
		return undefined;
	}
}

/** An error answer as an ApiError, with the server's message when it sent one. */
export function failure(status: number, json: unknown, retryAfterHeader: string | null = null): ApiError {
	const message = ErrorBodySchema.safeParse(json);
	const retryAfter = Number(retryAfterHeader ?? NaN);
	return new ApiError(
		kindOfStatus(status),
		message.success ? message.data.message : `HTTP ${status}`,
		status,
		Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null
	);
}
