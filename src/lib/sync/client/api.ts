import type { z } from 'zod/mini';
import type { JudgeEvent } from '$lib/events/schema';
import type { EventFile } from '$lib/files/event-file';
import type { Publication } from '$lib/results/publication';
import type { PersonInput } from '$lib/registration/schema';
import type { CompetitionMerge, CompetitionMergeRequest } from '$lib/setup/schema';
import {
	API,
	DISPLAY_MODE_HEADER,
	ErrorBodySchema,
	pathOf,
	pullScopeParam,
	PHOTO_MEDIA_TYPES,
	type PhotoMediaType,
	type AddDevice,
	type AddedDevice,
	type CardPaired,
	type PrintCards,
	type PrintedCard,
	type TableCard,
	type CreateEvent,
	type CreatedEvent,
	type Device,
	type DeviceListing,
	type DisplayMode,
	type EntryAudit,
	type EventDetails,
	type AddCompetition,
	type Preparation,
	type ReviseRuleset,
	type Endpoint,
	type HeatStart,
	type HeatStartRequest,
	type PairedDevice,
	type PairingFailures,
	type PublishRequest,
	type PullResponse,
	type PushRequest,
	type PushResponse,
	type SetupCounts,
	type Roster,
	type PersonChange,
	type RegisterAnswer,
	type RegisterImportRow,
	type RegistrationAction,
	type TeamDrawRequest,
	type TurnDrawRequest,
	type RegistrationCreate,
	type SetupResponse,
	type SetupWrite,
	type TimeResponse,
	type TokenListing,
	type DecideProtest,
	type EvidenceState,
	type PhotoInfo,
	type PhotoMeta,
	type PhotoUploadAnswer,
	type Protest,
	type RecordProtest
} from '$lib/contract';
import { ApiError, StaleRecordError, kindOfStatus } from './errors';
import type { FetchLike, Timers } from './environment';

export interface SyncApiOptions extends Timers {
	/** The server's origin, e.g. "https://judge.example" (a trailing slash is ignored). */
	server: string;
	/** The device token (the organizer's key for organizer calls); none for pairing. */
	token?: string | null;
	fetch: FetchLike;
	/** A request that takes longer is abandoned (kind 'timeout'). Default 20 s. */
	timeoutMs?: number;
	/** How this device runs the app (installed app or browser tab), said with each request made with a token; null: not said. */
	displayMode?: () => DisplayMode | null;
}

/** A route's parameters, the query, the body (or its JSON already made), and the token (default: the client's). */
interface CallOptions {
	params?: Record<string, string>;
	query?: Record<string, string | number>;
	body?: unknown;
	bodyText?: string;
	token?: string | null;
	/** Longer than the client's default (a large import). */
	timeoutMs?: number;
}

/**
 * A typed HTTP client for the endpoints of the contract (src/lib/contract, docs/sync.md).
 * Every answer is checked with its endpoint's schema; every failure is an ApiError whose `kind`
 * says what to do about it (errors.ts).
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

	/** One request to `endpoint`; its answer checked with the endpoint's schema. */
	private async call<S extends z.ZodMiniType>(endpoint: Endpoint<S>, opts: CallOptions = {}): Promise<z.infer<S>> {
		const query = opts.query ? `?${new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))}` : '';
		const path = `${pathOf(endpoint, opts.params)}${query}`;
		const bodyText = opts.bodyText ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
		const { response, body: text } = await this.exchange(endpoint.method, path, { token: opts.token, bodyText, timeoutMs: opts.timeoutMs }, (r) => r.text());
		return checkedAnswer(endpoint, path, response, text);
	}

	/** Sends one request and reads its answer with `read`, within the timeout; a failure to reach the server is an ApiError. */
	private async exchange<T>(
		method: string,
		path: string,
		opts: { bodyText?: string; bodyBlob?: Blob; token?: string | null; accept?: string; timeoutMs?: number; headers?: Record<string, string> },
		read: (response: Response) => Promise<T>
	): Promise<{ response: Response; body: T }> {
		const token = opts.token === undefined ? this.token : opts.token;
		const headers: Record<string, string> = { ...opts.headers, accept: opts.accept ?? 'application/json' };
		if (token) headers.authorization = `Bearer ${token}`;
		const mode = token ? this.options.displayMode?.() : null;
		if (mode) headers[DISPLAY_MODE_HEADER] = mode;
		if (opts.bodyText !== undefined) headers['content-type'] = 'application/json';
		// A photo's bytes: the server tells their type by their content; the header only says what the tablet made.
		if (opts.bodyBlob !== undefined) headers['content-type'] = opts.bodyBlob.type || 'application/octet-stream';
		const timeoutMs = opts.timeoutMs ?? this.timeoutMs;
		const controller = new AbortController();
		let timedOut = false;
		const timer = this.options.setTimeout(() => {
			timedOut = true;
			controller.abort();
		}, timeoutMs);
		try {
			const response = await this.options.fetch(`${this.server}${path}`, { method, headers, body: opts.bodyBlob ?? opts.bodyText, signal: controller.signal, cache: 'no-store' });
			return { response, body: await read(response) };
		} catch (e) {
			if (timedOut) throw new ApiError('timeout', `no answer from ${this.server} within ${Math.round(timeoutMs / 1000)} s`);
			throw new ApiError('unreachable', `cannot reach ${this.server}: ${e instanceof Error ? e.message : String(e)}`);
		} finally {
			this.options.clearTimeout(timer);
		}
	}

	health(): Promise<{ ok: true }> {
		return this.call(API.health, { token: null });
	}

	/** The server's clock (for measureClockOffset). */
	time(): Promise<TimeResponse> {
		return this.call(API.time, { token: null });
	}

	getSetup(eventId: string): Promise<SetupResponse> {
		return this.call(API.setup, { params: { eventId } });
	}

	/**
	 * The event's roster: names and flags of its registrations (no contact data), with its ETag
	 * (null: a server that sends none). With `etag`, the one of the roster the device holds: sent as
	 * If-None-Match, and the server's 304 (the roster has not changed) is `{ unchanged: true }`.
	 */
	async getRoster(eventId: string, etag: string | null = null): Promise<RosterFetch> {
		const path = pathOf(API.roster, { eventId });
		const { response, body: text } = await this.exchange(API.roster.method, path, etag ? { headers: { 'if-none-match': etag } } : {}, (r) => r.text());
		if (response.status === 304 && etag) return { unchanged: true };
		return { unchanged: false, roster: checkedAnswer(API.roster, path, response, text), etag: response.headers.get('etag') };
	}

	/** The organizer adds set-up items or replaces them by ID (all or nothing; organizer token). */
	writeSetup(eventId: string, setup: SetupWrite): Promise<SetupCounts> {
		return this.call(API.writeSetup, { params: { eventId }, body: setup });
	}

	/** Folds a competition set up on a tablet into another of the event; the merge as recorded (organizer; idempotent on `request.id`). */
	async recordMerge(eventId: string, request: CompetitionMergeRequest): Promise<CompetitionMerge> {
		return (await this.call(API.merge, { params: { eventId }, body: request })).merge;
	}

	/** Publishes a competition's standings as the server computes them now: its next version (organizer). */
	async publish(eventId: string, body: PublishRequest): Promise<Publication> {
		return (await this.call(API.publish, { params: { eventId }, body })).publication;
	}

	/** Marks the latest published version final; refused while under protest (organizer). */
	async finalize(eventId: string, competitionId: string): Promise<Publication> {
		return (await this.call(API.finalize, { params: { eventId, competitionId }, body: {} })).publication;
	}

	/** An entry's audit trail: its events and corrections, each with how it reached the server (organizer). */
	async entryAudit(eventId: string, entryId: string): Promise<EntryAudit> {
		return (await this.call(API.entryAudit, { params: { eventId, entryId } })) as EntryAudit;
	}

	/** The latest published version of each published competition (the public API: no token). */
	async publishedResults(eventId: string): Promise<Publication[]> {
		const answer = await this.call(API.publicResults, { params: { eventId }, token: null });
		return answer.competitions.map((c) => c.latest);
	}

	/** Pushes events (and optionally set-up and a clock report). `bodyText`: the body already serialized (measured by the caller). */
	push(eventId: string, body: PushRequest, bodyText?: string): Promise<PushResponse> {
		return this.call(API.push, { params: { eventId }, body, bodyText });
	}

	/**
	 * One page of the event's judge events after `after` (events not yet checked: the caller does):
	 * all of them, or those of the competitions of `scope`.
	 */
	pull(eventId: string, after: number, limit: number, scope?: readonly string[]): Promise<PullResponse> {
		return this.call(API.pull, { params: { eventId }, query: { after, limit, ...(scope ? { competitions: pullScopeParam(scope) } : {}) } });
	}

	/** The organizer starts a heat on every tablet at once (idempotent on `start.id`). */
	async startHeat(eventId: string, start: HeatStartRequest): Promise<HeatStart> {
		return (await this.call(API.startHeat, { params: { eventId }, body: start })).start;
	}

	/** Heats the organizer started after cursor `after`. */
	async heatStarts(eventId: string, after: number): Promise<HeatStart[]> {
		return (await this.call(API.heatStarts, { params: { eventId }, query: { after } })).starts;
	}

	/** Everything the event screen shows (organizer): details, competitions with rulesets, starts, ruleset history, heats. */
	preparation(eventId: string): Promise<Preparation> {
		return this.call(API.preparation, { params: { eventId } });
	}

	async saveEventDetails(eventId: string, details: EventDetails) {
		return (await this.call(API.eventDetails, { params: { eventId }, body: details })).event;
	}

	addCompetition(eventId: string, body: AddCompetition) {
		return this.call(API.addCompetition, { params: { eventId }, body });
	}

	/** A new version of a competition's ruleset with a reason (409 once it has started: CZ-GEN-CHANGES). */
	reviseRuleset(eventId: string, competitionId: string, body: ReviseRuleset) {
		return this.call(API.reviseRuleset, { params: { eventId, competitionId }, body });
	}

	/** Shows the competition's provisional results live to the public, or stops (organizer). */
	async setLive(eventId: string, competitionId: string, show: boolean) {
		return (await this.call(API.setLive, { params: { eventId, competitionId }, body: { show } })).setting;
	}

	async addHeat(eventId: string, competitionId: string, name: string) {
		return (await this.call(API.addHeat, { params: { eventId, competitionId }, body: { name } })).heat;
	}

	async renameHeat(eventId: string, heatId: string, name: string) {
		return (await this.call(API.renameHeat, { params: { eventId, heatId }, body: { name } })).heat;
	}

	/** Removes an empty heat (409 with the reason when it holds anything). */
	async removeHeat(eventId: string, heatId: string) {
		return (await this.call(API.removeHeat, { params: { eventId, heatId } })).heat;
	}

	/** Everything the register's screens show (organizer): people, registrations, unit problems, fee totals. */
	register(eventId: string): Promise<RegisterAnswer> {
		return this.call(API.register, { params: { eventId } });
	}

	async createPerson(eventId: string, person: PersonInput) {
		return (await this.call(API.createPerson, { params: { eventId }, body: { person } })).person;
	}

	/** Saves a person from the version it was opened at; changed meanwhile: a StaleRecordError with both. */
	async changePerson(eventId: string, personId: string, change: PersonChange) {
		return (await this.call(API.changePerson, { params: { eventId, personId }, body: change })).person;
	}

	/** Removes the person's personal data (their name and results stay). */
	async erasePerson(eventId: string, personId: string) {
		return (await this.call(API.erasePerson, { params: { eventId, personId } })).person;
	}

	/** Every change to the person and their registrations, oldest first. */
	async personHistory(eventId: string, personId: string) {
		return (await this.call(API.personHistory, { params: { eventId, personId } })).changes;
	}

	/** Registers a unit (422 with the reasons when it breaks the ruleset, unless `despiteProblems`). */
	createRegistration(eventId: string, body: RegistrationCreate) {
		return this.call(API.createRegistration, { params: { eventId }, body });
	}

	/** Changes, pays or cancels a registration (a cancellation answers whom it moved up from the waiting list). */
	actOnRegistration(eventId: string, registrationId: string, action: RegistrationAction) {
		return this.call(API.actOnRegistration, { params: { eventId, registrationId }, body: action });
	}

	/** Every draw of the event, the newest first, superseded ones included. */
	async draws(eventId: string) {
		return (await this.call(API.draws, { params: { eventId } })).draws;
	}

	/** Draws the relay's teams on the server from the seed (a redraw needs a reason). */
	async drawTeams(eventId: string, request: TeamDrawRequest) {
		return (await this.call(API.drawTeams, { params: { eventId }, body: request })).draw;
	}

	/** Draws the turns by lot on the server (ES-SHIFT; a redraw needs a reason). */
	async drawTurns(eventId: string, request: TurnDrawRequest) {
		return (await this.call(API.drawTurns, { params: { eventId }, body: request })).draw;
	}

	/** Two entries swap turns (refused once either turn started). */
	async swapTurns(eventId: string, drawId: string, a: string, b: string) {
		return (await this.call(API.swapTurns, { params: { eventId, drawId }, body: { a, b } })).draw;
	}

	async renameTeam(eventId: string, drawId: string, teamId: string, name: string) {
		return (await this.call(API.renameTeam, { params: { eventId, drawId, teamId }, body: { name } })).draw;
	}

	// Protests (issue 33 #3; contract/protests.ts): the organizer's only.

	/** The event's protests, of one competition with `competitionId`. */
	async protests(eventId: string, competitionId?: string): Promise<Protest[]> {
		return (await this.call(API.protests, { params: { eventId }, ...(competitionId ? { query: { competitionId } } : {}) })).protests;
	}

	/** Records a protest during the competition's protest window (409 outside it, saying when it closed). */
	async recordProtest(eventId: string, body: RecordProtest): Promise<Protest> {
		return (await this.call(API.recordProtest, { params: { eventId }, body })).protest;
	}

	/** Decides a protest: upheld (with the correction events, pushed first) or rejected, with reasons. */
	async decideProtest(eventId: string, protestId: string, body: DecideProtest): Promise<Protest> {
		return (await this.call(API.decideProtest, { params: { eventId, protestId }, body })).protest;
	}

	/** Imports the confirmed rows of a CSV preview in one transaction (the same rows again change nothing). */
	importRegistrations(eventId: string, rows: RegisterImportRow[]) {
		return this.call(API.importRegistrations, { params: { eventId }, body: { rows }, timeoutMs: 120_000 });
	}

	/** Creates an event; `adminKey` when the server was started with ADMIN_KEY. The answer's token is the organizer key. */
	createEvent(body: CreateEvent, adminKey?: string): Promise<CreatedEvent> {
		return this.call(API.createEvent, { body, token: adminKey ?? null });
	}

	/**
	 * Whom this client's token belongs to (checks a pairing or an organizer key). With `deviceId`
	 * (a tablet pairing): says which device holds the token, which binds a judge's token to it.
	 */
	async device(deviceId?: string): Promise<Device> {
		if (deviceId === undefined) return (await this.call(API.device)).device;
		return (await this.call(API.claimDevice, { body: { deviceId } })).device;
	}

	/** Exchanges a short pairing code for the token of the tablet `deviceId` (no token needed). */
	pair(code: string, deviceId?: string): Promise<PairedDevice> {
		return this.call(API.pair, { body: deviceId === undefined ? { code } : { code, deviceId }, token: null });
	}

	/** Exchanges a table card's secret for a judge token of the tablet `deviceId`, scoped to the card's heat (no token needed). */
	pairCard(card: string, deviceId: string): Promise<CardPaired> {
		return this.call(API.pairCard, { body: { card, deviceId }, token: null });
	}

	/**
	 * New cards for every seated table of the heat (or only `tables`), with their links (shown
	 * this once); `revokeEarlier`: the heat's earlier live cards of those tables revoked with it.
	 */
	async printCards(eventId: string, heatId: string, choice: Omit<PrintCards, 'heatId'> = {}): Promise<PrintedCard[]> {
		return (await this.call(API.printCards, { params: { eventId }, body: { heatId, ...choice } })).cards;
	}

	async tableCards(eventId: string): Promise<TableCard[]> {
		return (await this.call(API.tableCards, { params: { eventId } })).cards;
	}

	async revokeCard(eventId: string, cardId: string): Promise<TableCard> {
		return (await this.call(API.revokeCard, { params: { eventId, cardId } })).card;
	}

	/** The event's devices, and the wrong pairing codes that could have been meant for it (null: none). */
	async listDevices(eventId: string): Promise<{ devices: DeviceListing[]; pairingFailures: PairingFailures | null }> {
		const answer = await this.call(API.devices, { params: { eventId } });
		return { devices: answer.devices, pairingFailures: answer.pairingFailures ?? null };
	}

	addDevice(eventId: string, device: AddDevice): Promise<AddedDevice> {
		return this.call(API.addDevice, { params: { eventId }, body: device });
	}

	async revokeDevice(eventId: string, deviceId: string): Promise<TokenListing> {
		return (await this.call(API.revokeDevice, { params: { eventId, deviceId } })).device;
	}

	/** The event's backup file (NDJSON, format puzzle-judge-backup; docs/sync.md, Backup) as it downloads: a large event takes a while. */
	async backupFile(eventId: string, timeoutMs = 15 * 60_000): Promise<Blob> {
		const { response, body } = await this.exchange(API.backup.method, pathOf(API.backup, { eventId }), { accept: 'application/x-ndjson, application/json', timeoutMs }, (r): Promise<Blob | string> => (r.ok ? r.blob() : r.text()));
		if (!response.ok) throw failure(response.status, parseJson(body as string));
		return body as Blob;
	}

	/**
	 * Sends a photo of evidence (docs/sync.md, Photos): its bytes, named by their SHA-256 (`hash`, lower-case
	 * hex), and what it shows. `stored: false` when the server held it already (nothing stored again). A 410
	 * (ApiError, kind 'client', status 410) means the event's evidence was erased or its retention ran out:
	 * the photo will never be taken, drop it.
	 */
	async uploadPhoto(eventId: string, hash: string, bytes: Blob, meta: PhotoMeta, timeoutMs = 60_000): Promise<PhotoUploadAnswer> {
		const query = new URLSearchParams(Object.entries(meta).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
		const path = `${pathOf(API.uploadPhoto, { eventId, hash })}?${query}`;
		const { response, body } = await this.exchange(API.uploadPhoto.method, path, { bodyBlob: bytes, timeoutMs }, (r) => r.text());
		return checkedAnswer(API.uploadPhoto, path, response, body);
	}

	/** Whether the server holds the photo (HEAD): a tablet that lost an answer need not send the bytes again. */
	async hasPhoto(eventId: string, hash: string): Promise<boolean> {
		const { response } = await this.exchange(API.hasPhoto.method, pathOf(API.hasPhoto, { eventId, hash }), {}, async () => undefined);
		if (response.status === 404) return false;
		if (!response.ok) throw failure(response.status, undefined, response.headers.get('retry-after'));
		return true;
	}

	/** The event's photos (never their bytes), or one entry's or competition's, oldest first (organizer). */
	async photos(eventId: string, query: { entryId?: string; competitionId?: string } = {}): Promise<PhotoInfo[]> {
		const defined = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<string, string>;
		return (await this.call(API.photos, { params: { eventId }, query: defined })).photos;
	}

	/**
	 * A photo's bytes (organizer), fetched with the token: the screen shows it from a blob: URL
	 * (URL.createObjectURL), since an <img src> cannot send the token (the CSP allows exactly that).
	 */
	async photoBlob(eventId: string, hash: string): Promise<Blob> {
		const { response, body } = await this.exchange(API.photo.method, pathOf(API.photo, { eventId, hash }), { accept: 'image/jpeg, image/webp, application/json' }, (r): Promise<Blob | string> => (r.ok ? r.blob() : r.text()));
		if (!response.ok) throw failure(response.status, parseJson(body as string));
		const blob = body as Blob;
		const type = response.headers.get('content-type') ?? '';
		if (!PHOTO_MEDIA_TYPES.includes(type as PhotoMediaType)) throw new ApiError('bad-answer', `unexpected answer to GET photo ${hash}: ${type || 'no type'}`, response.status);
		return blob;
	}

	/** What the event keeps of its evidence, and until when (organizer). */
	evidence(eventId: string): Promise<EvidenceState> {
		return this.call(API.evidence, { params: { eventId } });
	}

	/** How many days after the final lock the event's photos are kept (organizer). */
	setEvidenceRetention(eventId: string, retentionDays: number): Promise<EvidenceState> {
		return this.call(API.setEvidence, { params: { eventId }, body: { retentionDays } });
	}

	/** Erases the event's photos now (organizer). */
	eraseEvidence(eventId: string): Promise<EvidenceState> {
		return this.call(API.eraseEvidence, { params: { eventId } });
	}

	/** Imports a tablet's event file (docs/event-format.md). */
	importEventFile(eventId: string, file: EventFile | { log: JudgeEvent[] }): Promise<PushResponse> {
		return this.call(API.importFile, { params: { eventId }, body: file });
	}
}

/** What a roster request brought: the roster and its ETag, or word that the one the device holds is current (304). */
export type RosterFetch = { unchanged: true } | { unchanged: false; roster: Roster; etag: string | null };

/** The answer to `endpoint` as its schema has it; an error answer, or one the schema refuses, as an ApiError. */
function checkedAnswer<S extends z.ZodMiniType>(endpoint: Endpoint<S>, path: string, response: Response, text: string): z.infer<S> {
	const json = parseJson(text);
	if (!response.ok) throw failure(response.status, json, response.headers.get('retry-after'));
	const checked = endpoint.answer.safeParse(json);
	if (!checked.success) throw new ApiError('bad-answer', `unexpected answer to ${endpoint.method} ${path}`, response.status);
	return checked.data;
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
	if (status === 409 && message.success && message.data.conflict) return new StaleRecordError(message.data.message, message.data.conflict);
	return new ApiError(
		kindOfStatus(status),
		message.success ? message.data.message : `HTTP ${status}`,
		status,
		Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null
	);
}
