import { CompetitionMergeRequestSchema } from '$lib/setup/schema';
import { CreateEventSchema, CreatedEventSchema, PairedDeviceSchema, PairRequestSchema } from './access';
import { EntryAuditSchema } from './audit';
import { DeviceClaimSchema, DeviceInfoSchema } from './device';
import { AddDeviceSchema, AddedDeviceSchema, DeviceListSchema, RevokedDeviceSchema } from './devices';
import { DrawListSchema, TeamDrawAnswerSchema, TurnDrawAnswerSchema, TeamDrawRequestSchema, TeamRenameSchema, TurnDrawRequestSchema, TurnSwapSchema } from './draws';
import { endpoint } from './endpoint';
import { ImportAnswerSchema, RestoreAnswerSchema } from './files';
import { HeatStartAnswerSchema, HeatStartListSchema, HeatStartRequestSchema, HeatStartsQuerySchema } from './heat-starts';
import { LIVE_CACHE_CONTROL, LiveCompetitionSchema, LiveEventSchema, LiveSettingAnswerSchema, LiveSettingRequestSchema, LiveVersionQuerySchema } from './live';
import { PullQuerySchema, PullResponseSchema, PushRequestSchema, PushResponseSchema } from './judge-events';
import { AddCompetitionSchema, CompetitionAnswerSchema, EventAnswerSchema, EventDetailsSchema, HeatAnswerSchema, HeatNameSchema, PreparationSchema, RevisedRulesetSchema, ReviseRulesetSchema } from './preparation';
import { DecideProtestSchema, ProtestAnswerSchema, ProtestListQuerySchema, ProtestListSchema, RecordProtestSchema } from './protests';
import { EvidenceSettingRequestSchema, EvidenceStateSchema, PHOTO_CACHE_CONTROL, PhotoListQuerySchema, PhotoListSchema, PhotoMetaSchema, PhotoUploadAnswerSchema } from './photos';
import { PublicationAnswerSchema, PublicCompetitionResultSchema, PublicResultsSchema, PublishRequestSchema, VersionQuerySchema } from './publications';
import { RosterSchema } from './roster';
import {
	PeopleAnswerSchema,
	PersonAnswerSchema,
	PersonChangeSchema,
	PersonCreateSchema,
	PersonHistorySchema,
	RegisterAnswerSchema,
	RegisterImportAnswerSchema,
	RegisterImportSchema,
	RegistrationActionSchema,
	RegistrationAnswerSchema,
	RegistrationCreateSchema,
	RegistrationsAnswerSchema
} from './register';
import { HealthSchema, TimeResponseSchema } from './server';
import { CardPairedSchema, CardPairRequestSchema, PrintCardsSchema, PrintedCardsSchema, RevokedCardSchema, TableCardListSchema } from './table-cards';
import { MergeAnswerSchema, SetupCountsSchema, SetupResponseSchema, SetupWriteSchema } from './setup';

/** Every endpoint of /api (docs/sync.md, Endpoints): who may call which is src/lib/server/access.ts. */
export const API = {
	health: endpoint('GET', '/api/health', HealthSchema),
	time: endpoint('GET', '/api/time', TimeResponseSchema),
	createEvent: endpoint('POST', '/api/events', CreatedEventSchema, { body: CreateEventSchema, status: 201 }),
	pair: endpoint('POST', '/api/pair', PairedDeviceSchema, { body: PairRequestSchema }),
	device: endpoint('GET', '/api/device', DeviceInfoSchema),
	claimDevice: endpoint('POST', '/api/device', DeviceInfoSchema, { body: DeviceClaimSchema }),
	setup: endpoint('GET', '/api/events/[eventId]/setup', SetupResponseSchema),
	writeSetup: endpoint('POST', '/api/events/[eventId]/setup', SetupCountsSchema, { body: SetupWriteSchema }),
	/** The registrations' names and flags (no contact data, no birth dates): judge, display and desk devices; with an ETag, 304 to If-None-Match. */
	roster: endpoint('GET', '/api/events/[eventId]/roster', RosterSchema, { cache: 'private, no-cache' }),
	/** 201, or 200 for a merge already recorded with the same request. */
	merge: endpoint('POST', '/api/events/[eventId]/merges', MergeAnswerSchema, { body: CompetitionMergeRequestSchema, status: 201 }),
	push: endpoint('POST', '/api/events/[eventId]/judge-events', PushResponseSchema, { body: PushRequestSchema }),
	pull: endpoint('GET', '/api/events/[eventId]/judge-events', PullResponseSchema, { query: PullQuerySchema }),
	/** A stream (text/event-stream, announcements.ts) that tells the device when new judge events are stored: it then pulls. */
	announcements: endpoint('GET', '/api/events/[eventId]/announcements', null),
	startHeat: endpoint('POST', '/api/events/[eventId]/heat-starts', HeatStartAnswerSchema, { body: HeatStartRequestSchema, status: 201 }),
	heatStarts: endpoint('GET', '/api/events/[eventId]/heat-starts', HeatStartListSchema, { query: HeatStartsQuerySchema }),
	devices: endpoint('GET', '/api/events/[eventId]/devices', DeviceListSchema),
	addDevice: endpoint('POST', '/api/events/[eventId]/devices', AddedDeviceSchema, { body: AddDeviceSchema, status: 201 }),
	revokeDevice: endpoint('DELETE', '/api/events/[eventId]/devices/[deviceId]', RevokedDeviceSchema),
	/** Table cards (src/lib/server/table-cards.ts): print a heat's (the links shown once), list, revoke; a tablet pairs with one (no token). */
	tableCards: endpoint('GET', '/api/events/[eventId]/cards', TableCardListSchema),
	printCards: endpoint('POST', '/api/events/[eventId]/cards', PrintedCardsSchema, { body: PrintCardsSchema, status: 201 }),
	revokeCard: endpoint('DELETE', '/api/events/[eventId]/cards/[cardId]', RevokedCardSchema),
	pairCard: endpoint('POST', '/api/pair/card', CardPairedSchema, { body: CardPairRequestSchema }),
	entryAudit: endpoint('GET', '/api/events/[eventId]/entries/[entryId]/audit', EntryAuditSchema),
	publish: endpoint('POST', '/api/events/[eventId]/publications', PublicationAnswerSchema, { body: PublishRequestSchema, status: 201 }),
	finalize: endpoint('POST', '/api/events/[eventId]/publications/[competitionId]/final', PublicationAnswerSchema),
	/** Protests (protests.ts, issue 33 #3): recorded during a protest window (201, or 200 for a retry of the same), decided before the final lock. */
	protests: endpoint('GET', '/api/events/[eventId]/protests', ProtestListSchema, { query: ProtestListQuerySchema }),
	recordProtest: endpoint('POST', '/api/events/[eventId]/protests', ProtestAnswerSchema, { body: RecordProtestSchema, status: 201 }),
	decideProtest: endpoint('POST', '/api/events/[eventId]/protests/[protestId]/decision', ProtestAnswerSchema, { body: DecideProtestSchema }),
	/** The body: a tablet's event file (docs/event-format.md); `?name=` its file name. */
	importFile: endpoint('POST', '/api/events/[eventId]/import', ImportAnswerSchema),
	/** The answer: the event's backup, NDJSON (src/lib/server/backup-format.ts). */
	backup: endpoint('GET', '/api/events/[eventId]/backup', null),
	/** The body: a backup file (NDJSON, or a version-1 JSON file). */
	restore: endpoint('POST', '/api/restore', RestoreAnswerSchema, { status: 201 }),
	/** The event screen (/organizer/event): details, competitions from presets, ruleset versions (CZ-GEN-CHANGES), heats. */
	preparation: endpoint('GET', '/api/events/[eventId]/preparation', PreparationSchema),
	eventDetails: endpoint('POST', '/api/events/[eventId]/details', EventAnswerSchema, { body: EventDetailsSchema }),
	addCompetition: endpoint('POST', '/api/events/[eventId]/competitions', CompetitionAnswerSchema, { body: AddCompetitionSchema, status: 201 }),
	reviseRuleset: endpoint('POST', '/api/events/[eventId]/competitions/[competitionId]/ruleset', RevisedRulesetSchema, { body: ReviseRulesetSchema, status: 201 }),
	addHeat: endpoint('POST', '/api/events/[eventId]/competitions/[competitionId]/heats', HeatAnswerSchema, { body: HeatNameSchema, status: 201 }),
	renameHeat: endpoint('POST', '/api/events/[eventId]/heats/[heatId]', HeatAnswerSchema, { body: HeatNameSchema }),
	removeHeat: endpoint('DELETE', '/api/events/[eventId]/heats/[heatId]', HeatAnswerSchema),
	/** The register (people, registrations, fees): the organizer's only; an edit from a stale version answers 409 with StaleConflictSchema. */
	register: endpoint('GET', '/api/events/[eventId]/register', RegisterAnswerSchema),
	people: endpoint('GET', '/api/events/[eventId]/people', PeopleAnswerSchema),
	createPerson: endpoint('POST', '/api/events/[eventId]/people', PersonAnswerSchema, { body: PersonCreateSchema, status: 201 }),
	person: endpoint('GET', '/api/events/[eventId]/people/[personId]', PersonAnswerSchema),
	changePerson: endpoint('POST', '/api/events/[eventId]/people/[personId]', PersonAnswerSchema, { body: PersonChangeSchema }),
	erasePerson: endpoint('POST', '/api/events/[eventId]/people/[personId]/erase', PersonAnswerSchema),
	personHistory: endpoint('GET', '/api/events/[eventId]/people/[personId]/history', PersonHistorySchema),
	/** The draws (CZ-TEAM-DRAW): computed by the server from its register and the seed sent; a redraw needs a reason. */
	draws: endpoint('GET', '/api/events/[eventId]/draws', DrawListSchema),
	drawTeams: endpoint('POST', '/api/events/[eventId]/draws', TeamDrawAnswerSchema, { body: TeamDrawRequestSchema, status: 201 }),
	drawTurns: endpoint('POST', '/api/events/[eventId]/draws/turns', TurnDrawAnswerSchema, { body: TurnDrawRequestSchema, status: 201 }),
	swapTurns: endpoint('POST', '/api/events/[eventId]/draws/[drawId]/swaps', TurnDrawAnswerSchema, { body: TurnSwapSchema, status: 201 }),
	renameTeam: endpoint('POST', '/api/events/[eventId]/draws/[drawId]/teams/[teamId]', TeamDrawAnswerSchema, { body: TeamRenameSchema }),
	registrations: endpoint('GET', '/api/events/[eventId]/registrations', RegistrationsAnswerSchema),
	createRegistration: endpoint('POST', '/api/events/[eventId]/registrations', RegistrationAnswerSchema, { body: RegistrationCreateSchema, status: 201 }),
	actOnRegistration: endpoint('POST', '/api/events/[eventId]/registrations/[registrationId]', RegistrationAnswerSchema, { body: RegistrationActionSchema }),
	importRegistrations: endpoint('POST', '/api/events/[eventId]/registrations/import', RegisterImportAnswerSchema, { body: RegisterImportSchema }),
	publicResults: endpoint('GET', '/api/public/events/[eventId]/results', PublicResultsSchema, { cache: 'no-cache' }),
	publicCompetition: endpoint('GET', '/api/public/events/[eventId]/results/[competitionId]', PublicCompetitionResultSchema, { query: VersionQuerySchema, cache: 'no-cache' }),
	/** Live results (live.ts, docs/live.md): the organizer shows a competition's provisional results live, or stops. */
	setLive: endpoint('POST', '/api/events/[eventId]/competitions/[competitionId]/live', LiveSettingAnswerSchema, { body: LiveSettingRequestSchema }),
	/** No token: the event's competitions shown live; with an ETag, 304 to If-None-Match. */
	liveEvent: endpoint('GET', '/api/public/events/[eventId]/live', LiveEventSchema, { cache: LIVE_CACHE_CONTROL }),
	/** No token: one competition live (404 when it is not shown live); with an ETag, 304 to If-None-Match. */
	liveCompetition: endpoint('GET', '/api/public/events/[eventId]/live/[competitionId]', LiveCompetitionSchema, { query: LiveVersionQuerySchema, cache: LIVE_CACHE_CONTROL }),
	/** No token: a stream (text/event-stream) naming each live competition's new version (LiveAnnouncementSchema). */
	liveAnnouncements: endpoint('GET', '/api/public/events/[eventId]/live-announcements', null),
	/**
	 * Photos of evidence (issue 33; docs/sync.md, Photos). The body: the image's bytes (JPEG or WebP, told by
	 * their content; at most MAX_PHOTO_BYTES); `[hash]` their SHA-256; the query what the photo shows.
	 * 201 `stored: true`, or 200 `stored: false` when the server held it already. A judge's tablet or the organizer.
	 */
	uploadPhoto: endpoint('PUT', '/api/events/[eventId]/photos/[hash]', PhotoUploadAnswerSchema, { query: PhotoMetaSchema, status: 201 }),
	/** No body either way: 200 when the server holds the photo (a tablet need not send it again), 404 when not. */
	hasPhoto: endpoint('HEAD', '/api/events/[eventId]/photos/[hash]', null),
	/** The organizer's only: the photo's bytes with their media type (a file, not JSON), kept by the browser for good. */
	photo: endpoint('GET', '/api/events/[eventId]/photos/[hash]', null, { cache: PHOTO_CACHE_CONTROL }),
	/** The organizer's only: the event's photos (never their bytes), or one entry's or competition's. */
	photos: endpoint('GET', '/api/events/[eventId]/photos', PhotoListSchema, { query: PhotoListQuerySchema }),
	/** The organizer's only: how long the event keeps its evidence, how much it holds; the retention set; everything erased now. */
	evidence: endpoint('GET', '/api/events/[eventId]/evidence', EvidenceStateSchema),
	setEvidence: endpoint('PUT', '/api/events/[eventId]/evidence', EvidenceStateSchema, { body: EvidenceSettingRequestSchema }),
	eraseEvidence: endpoint('POST', '/api/events/[eventId]/evidence/erase', EvidenceStateSchema)
} as const;
