import { z } from 'zod/mini';
import '$lib/zod-locale';
import { IdSchema } from '$lib/setup/schema';

/**
 * Photos of evidence (issue 33): a judge's photo of an unfinished puzzle's tally or of a confirmed
 * check with missing pieces. The bytes travel on their own endpoint, never inside the JSON push
 * (docs/sync.md, Photos): `PUT /api/events/{e}/photos/{sha256}` with the image as the body and
 * what it shows in the query. The content hash is the photo's ID, so a second upload of the same
 * bytes stores nothing new, and a tablet that lost the answer simply sends it again.
 */

/** The longest edge of a stored photo, px: enough to count the pieces of a 1000-piece puzzle's groups. */
export const PHOTO_MAX_EDGE = 1600;
/** What a tablet aims for: each photo at most this many bytes (it lowers the quality until it fits). */
export const PHOTO_TARGET_BYTES = 400 * 1024;
/** The most the server takes in one photo: the tablet's target with room for an odd camera; more is refused (413). */
export const MAX_PHOTO_BYTES = 1024 * 1024;
/** The image types the server keeps, told by their first bytes (never by a name or a header). */
export const PHOTO_MEDIA_TYPES = ['image/jpeg', 'image/webp'] as const;
export type PhotoMediaType = (typeof PHOTO_MEDIA_TYPES)[number];

/**
 * How a photo's bytes may be kept (`GET …/photos/{hash}`): by the organizer's browser only
 * (`private`: no shared cache), and for good, since the bytes of a hash never change.
 */
export const PHOTO_CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** A photo's ID: the SHA-256 of its bytes, lower-case hex. */
export const PhotoHashSchema = z.string().check(z.regex(/^[0-9a-f]{64}$/, 'a photo is named by the SHA-256 of its bytes (64 lower-case hex digits)'));

/** What a photo shows: the tally of an unfinished puzzle, or a confirmed check with missing pieces. */
export const PhotoSubjectSchema = z.enum(['tally', 'check']);
export type PhotoSubject = z.infer<typeof PhotoSubjectSchema>;

const moment = z.coerce.number().check(z.int(), z.minimum(0), z.maximum(8_640_000_000_000));
const pixels = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(20_000));

/**
 * The query of `PUT …/photos/{hash}`: what the photo shows and when it was taken. `judgeEventId`:
 * the tally.recorded or check.confirmed event it belongs to, once the tablet has recorded it;
 * `puzzleId`: the relay puzzle.
 */
export const PhotoMetaSchema = z.object({
	competitionId: IdSchema,
	heatId: IdSchema,
	entryId: IdSchema,
	puzzleId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
	judgeEventId: z.optional(IdSchema),
	subject: PhotoSubjectSchema,
	/** The tablet's clock at the shutter, ms since the epoch. */
	takenAt: moment,
	width: pixels,
	height: pixels
});
export type PhotoMeta = z.infer<typeof PhotoMetaSchema>;

/** A stored photo as the organizer lists it (never its bytes). */
export const PhotoInfoSchema = z.object({
	hash: PhotoHashSchema,
	competitionId: IdSchema,
	heatId: IdSchema,
	entryId: IdSchema,
	puzzleId: z.nullable(z.string()),
	judgeEventId: z.nullable(IdSchema),
	subject: PhotoSubjectSchema,
	takenAt: z.number(),
	/** The device that took it. */
	deviceId: IdSchema,
	mediaType: z.enum(PHOTO_MEDIA_TYPES),
	bytes: z.number().check(z.int(), z.minimum(1)),
	width: z.number(),
	height: z.number(),
	/** When the server first stored it. */
	receivedAt: z.number()
});
export type PhotoInfo = z.infer<typeof PhotoInfoSchema>;

/** The answer of `PUT …/photos/{hash}`: 201 with `stored: true`, or 200 with `stored: false` when the server held it already. */
export const PhotoUploadAnswerSchema = z.object({ photo: PhotoInfoSchema, stored: z.boolean() });
export type PhotoUploadAnswer = z.infer<typeof PhotoUploadAnswerSchema>;

/** `GET /api/events/{e}/photos?entryId=…` (organizer): the photos of an entry, or of the event without `entryId`, oldest first. */
export const PhotoListQuerySchema = z.object({ entryId: z.optional(IdSchema), competitionId: z.optional(IdSchema) });
export const PhotoListSchema = z.object({ photos: z.array(PhotoInfoSchema) });
export type PhotoList = z.infer<typeof PhotoListSchema>;

/**
 * The field a person's erasure records (`person.erased`, docs/sync.md, Erasure) when it erased the
 * photos of their entries: `after: { erased: n }`.
 */
export const PHOTOS_ERASED_FIELD = 'evidence.photos';

/** How long an event keeps its evidence (photos): days after the final lock of its last competition. */
export const DEFAULT_EVIDENCE_RETENTION_DAYS = 30;
export const MAX_EVIDENCE_RETENTION_DAYS = 3650;

/** `PUT /api/events/{e}/evidence` (organizer): the retention setting. */
export const EvidenceSettingRequestSchema = z.object({
	retentionDays: z.number().check(z.int(), z.minimum(0), z.maximum(MAX_EVIDENCE_RETENTION_DAYS))
});
export type EvidenceSettingRequest = z.infer<typeof EvidenceSettingRequestSchema>;

/**
 * `GET /api/events/{e}/evidence` (organizer), and the answer of the PUT and of
 * `POST /api/events/{e}/evidence/erase`: what the event keeps, and until when.
 */
export const EvidenceStateSchema = z.object({
	retentionDays: z.number(),
	photoCount: z.number(),
	photoBytes: z.number(),
	/** The final lock of the event's last competition; null while any competition is not final. */
	finalLockAt: z.nullable(z.number()),
	/** When the photos will be erased: `finalLockAt` + retention; null until every competition is final. */
	eraseAt: z.nullable(z.number()),
	/** When the organizer (or the retention) last erased the event's photos; null if never. */
	erasedAt: z.nullable(z.number())
});
export type EvidenceState = z.infer<typeof EvidenceStateSchema>;
