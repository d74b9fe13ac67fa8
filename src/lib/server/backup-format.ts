import { z } from 'zod/mini';
import '$lib/zod-locale';
import { JudgeEventSchema } from '$lib/events/schema';
import { PersonSchema, RegistrationChangeSchema, RegistrationSchema } from '$lib/registration/schema';
import { PublicationSchema } from '$lib/results/publication';
import { RulesetSchema } from '$lib/rules/schema';
import { CompetitionMergeSchema, CompetitionSchema, EntrySchema, EventSchema, HeatSchema, IdSchema } from '$lib/setup/schema';
import { BACKUP_FORMAT } from '$lib/files/backup-as-event-file';
import { DeviceClockSchema, DrawRecordSchema, HeatStartRequestSchema, MAX_EVIDENCE_RETENTION_DAYS, MAX_PHOTO_BYTES, PhotoInfoSchema, RoleSchema, RulesetChangeSchema } from '$lib/contract';
import { ProtestSchema } from '$lib/contract/protests';

/**
 * The backup file of one event (docs/sync.md, Backup), version 2: NDJSON, one JSON value a
 * line. The first line is the header (the event, and how many items of each kind follow, for
 * progress); then one line per item, parents before children (rulesets, competitions, heats,
 * entries, devices, judge events, heat starts, publications, merges, then the register: people,
 * registrations and the changes to them; the history of the competitions' ruleset versions, draws,
 * table cards; last the protests, after the publications and judge events they name);
 * the last line says the
 * file is complete and repeats the counts, so that a cut file is refused, not half restored.
 *
 * Version 1 (one JSON object, made before 5 Dec 2026) is read too, item by item
 * (legacy-backup-reader.ts), into the same lines.
 */
export { BACKUP_FORMAT };
export const BACKUP_VERSION = 2;
export const LEGACY_BACKUP_VERSION = 1;
/** The media type of a backup file. */
export const BACKUP_MEDIA_TYPE = 'application/x-ndjson';

const count = z.number().check(z.int(), z.minimum(0));
const moment = z.number().check(z.int(), z.minimum(0), z.maximum(8_640_000_000_000));
const nullableMoment = z.nullable(moment);

/** The kinds of item, in the order a backup lists them. */
export const ITEM_KINDS = ['ruleset', 'competition', 'heat', 'entry', 'device', 'judgeEvent', 'heatStart', 'publication', 'merge', 'person', 'registration', 'registrationChange', 'rulesetChange', 'draw', 'tableCard', 'protest', 'photo'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
export type BackupCounts = Record<ItemKind, number>;
/** The kinds a backup of version 2 made before the register and the ruleset history (issue 14) does not count: none of them. */
const LATER_KINDS: readonly ItemKind[] = ['person', 'registration', 'registrationChange', 'rulesetChange', 'draw', 'tableCard', 'protest', 'photo'];

export const BackupCountsSchema = z.object(
	Object.fromEntries(ITEM_KINDS.map((k) => [k, LATER_KINDS.includes(k) ? z._default(count, 0) : count])) as Record<ItemKind, typeof count>
);

/** The event's evidence setting (src/lib/server/evidence.ts). */
export const BackupEvidenceSchema = z.object({
	retentionDays: z.number().check(z.int(), z.minimum(0), z.maximum(MAX_EVIDENCE_RETENTION_DAYS)),
	erasedAt: nullableMoment
});
export type BackupEvidence = z.infer<typeof BackupEvidenceSchema>;

export const BackupHeaderSchema = z.object({
	format: z.literal(BACKUP_FORMAT),
	version: z.literal(BACKUP_VERSION),
	exportedAt: moment,
	event: EventSchema,
	/** The identity of the store the backup was made from (informational: a restore never takes it over). */
	store: z.optional(z.string().check(z.maxLength(64))),
	counts: BackupCountsSchema,
	/** How long the event keeps its evidence (photos), and when it was last erased (issue 33); absent: the defaults, never erased. */
	evidence: z.optional(BackupEvidenceSchema)
});
export type BackupHeader = z.infer<typeof BackupHeaderSchema>;

/** What a restore reads first, whichever version: a version-1 file has no counts. */
export interface RestoreHeader {
	version: typeof BACKUP_VERSION | typeof LEGACY_BACKUP_VERSION;
	exportedAt: number;
	event: z.infer<typeof EventSchema>;
	counts: BackupCounts | null;
	/** The evidence setting (issue 33); absent: the defaults. */
	evidence?: BackupEvidence;
}

export const LegacyHeaderSchema = z.object({
	format: z.literal(BACKUP_FORMAT),
	version: z.literal(LEGACY_BACKUP_VERSION),
	exportedAt: moment,
	event: EventSchema
});

/** A table card as backed up (src/lib/server/table-cards.ts): the hash of its secret, never the secret. */
export const BackupTableCardSchema = z.object({
	id: IdSchema,
	competitionId: IdSchema,
	heatId: IdSchema,
	table: z.string().check(z.minLength(1), z.maxLength(40)),
	secretHash: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
	createdAt: moment,
	expiresAt: moment,
	revokedAt: z.nullable(moment),
	/** The tokens (device IDs) the card gave: each keeps the card's heat as its scope. */
	tokenIds: z.array(IdSchema).check(z.maxLength(10_000))
});
export type BackupTableCard = z.infer<typeof BackupTableCardSchema>;

/** The longest base64 text of a photo's bytes. */
const MAX_PHOTO_BASE64 = Math.ceil(MAX_PHOTO_BYTES / 3) * 4;

/** A photo's bytes in a backup: base64, which a restore checks against the hash, the media type and the size said. */
export const PhotoDataSchema = z.string().check(z.minLength(4), z.maxLength(MAX_PHOTO_BASE64), z.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64'));

/** A device's access as backed up: its token's hash only, so that a restored server accepts the same tablets. */
export const BackupDeviceSchema = z.object({
	id: IdSchema,
	role: RoleSchema,
	label: z.string().check(z.minLength(1), z.maxLength(120)),
	tokenHash: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
	createdAt: moment,
	revokedAt: nullableMoment,
	lastSeenAt: nullableMoment,
	clock: z.nullable(DeviceClockSchema),
	/** The judge devices (event-log device IDs) that pushed with this token. */
	deviceIds: z.array(IdSchema).check(z.maxLength(10_000))
});
export type BackupDevice = z.infer<typeof BackupDeviceSchema>;

/** A heat the organizer started on every tablet (src/lib/server/heat-starts.ts), with the token that started it. */
export const BackupHeatStartSchema = z.object({
	/** Its number on the server it was backed up from (the heat-starts cursor). */
	seq: z.number().check(z.int(), z.minimum(1)),
	id: HeatStartRequestSchema.shape.id,
	competitionId: IdSchema,
	heatId: IdSchema,
	serverAt: moment,
	tokenId: IdSchema,
	createdAt: moment
});
export type BackupHeatStart = z.infer<typeof BackupHeatStartSchema>;

/** One item line, by kind. */
export const ITEM_SCHEMAS = {
	ruleset: z.object({ kind: z.literal('ruleset'), ruleset: RulesetSchema }),
	competition: z.object({ kind: z.literal('competition'), competition: CompetitionSchema, origin: z.enum(['organizer', 'device']) }),
	heat: z.object({ kind: z.literal('heat'), heat: HeatSchema }),
	entry: z.object({ kind: z.literal('entry'), entry: EntrySchema }),
	device: z.object({ kind: z.literal('device'), device: BackupDeviceSchema }),
	judgeEvent: z.object({
		kind: z.literal('judgeEvent'),
		/** Its number in the server's arrival order (the pull cursor); null in a version-1 file. */
		serverSeq: z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER))),
		receivedAt: nullableMoment,
		tokenId: z.nullable(IdSchema),
		event: JudgeEventSchema
	}),
	heatStart: z.object({ kind: z.literal('heatStart'), heatStart: BackupHeatStartSchema }),
	publication: z.object({ kind: z.literal('publication'), publication: PublicationSchema }),
	merge: z.object({ kind: z.literal('merge'), merge: CompetitionMergeSchema }),
	/** The register (contact data and dates of birth included: a backup is the organizer's). */
	person: z.object({ kind: z.literal('person'), person: PersonSchema }),
	registration: z.object({ kind: z.literal('registration'), registration: RegistrationSchema }),
	/** A change to the register, with its number on the server it was backed up from. */
	registrationChange: z.object({ kind: z.literal('registrationChange'), change: RegistrationChangeSchema }),
	/**
	 * A change of a competition's ruleset (CZ-GEN-CHANGES), with its number on the server it was
	 * backed up from and its event; both versions it names are among the backup's rulesets.
	 */
	rulesetChange: z.object({ kind: z.literal('rulesetChange'), seq: z.number().check(z.int(), z.minimum(1)), eventId: IdSchema, change: RulesetChangeSchema }),
	/** A draw (CZ-TEAM-DRAW): seed, sorted input, result, who, when, reason; superseded ones too. */
	draw: z.object({ kind: z.literal('draw'), draw: DrawRecordSchema }),
	/**
	 * A table card (its secret's hash only) and the devices that paired by it: their tokens stay
	 * scoped to the card's heat on the restored server, and the card still pairs spare tablets.
	 */
	tableCard: z.object({ kind: z.literal('tableCard'), card: BackupTableCardSchema }),
	/** A protest (issue 33 #3): its claim, decision, the correction events and the version that answered it; its photos by their hashes. */
	protest: z.object({ kind: z.literal('protest'), protest: ProtestSchema }),
	/** A photo of evidence (issue 33): what the organizer lists of it, and its bytes in base64; an erased event's backup holds none. */
	photo: z.object({ kind: z.literal('photo'), photo: PhotoInfoSchema, data: PhotoDataSchema })
} as const;

export type BackupItem = { [K in ItemKind]: z.infer<(typeof ITEM_SCHEMAS)[K]> }[ItemKind];

export const BackupEndSchema = z.object({ kind: z.literal('end'), counts: BackupCountsSchema });

export function zeroCounts(): BackupCounts {
	return Object.fromEntries(ITEM_KINDS.map((k) => [k, 0])) as BackupCounts;
}
