import { error } from '@sveltejs/kit';
import { z } from 'zod/mini';
import '$lib/zod-locale';
import { JudgeEventSchema, type JudgeEvent } from '$lib/events/schema';
import {
	CompetitionMergeSchema,
	CompetitionSchema,
	EntrySchema,
	EventSchema,
	HeatSchema,
	IdSchema,
	RulesetSchema,
	type Competition,
	type CompetitionEvent,
	type CompetitionMerge,
	type Entry,
	type Heat
} from '$lib/setup/schema';
import type { Ruleset } from '$lib/rules/schema';
import { describeIssues, toIssues } from '$lib/validation';
import { PublicationSchema, type Publication } from '$lib/results/publication';
import { eventSetup } from './organizer-setup';
import { allPublications, restorePublication } from './publications';
import { insertMerge, problemsOnServer } from './competition-merges';
import { BACKUP_FORMAT } from '$lib/files/backup-as-event-file';
import type { Store } from './store';
import { ROLES, type Role } from './tokens';

/**
 * A full backup of one event (docs/sync.md): its set-up, every judge event in arrival order
 * with who pushed it and when, and its devices (their tokens' hashes only, so that a
 * restored server accepts the same tablets). Restored into a server without the event,
 * nothing is lost.
 */
export { BACKUP_FORMAT };
export const BACKUP_VERSION = 1;

const nullableInt = z.nullable(z.number().check(z.int(), z.minimum(0)));

const BackupDeviceSchema = z.object({
	id: IdSchema,
	role: z.enum(ROLES),
	label: z.string().check(z.minLength(1), z.maxLength(120)),
	tokenHash: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
	createdAt: z.number().check(z.int(), z.minimum(0)),
	revokedAt: nullableInt,
	lastSeenAt: nullableInt,
	clock: z.nullable(z.object({ offsetMs: z.number(), roundTripMs: z.number(), measuredAt: z.number() })),
	deviceIds: z.array(IdSchema)
});

export const BackupSchema = z.object({
	format: z.literal(BACKUP_FORMAT),
	version: z.literal(BACKUP_VERSION),
	exportedAt: z.number().check(z.int(), z.minimum(0)),
	event: EventSchema,
	rulesets: z.array(RulesetSchema),
	competitions: z.array(z.extend(CompetitionSchema, { origin: z.enum(['organizer', 'device']) })),
	heats: z.array(HeatSchema),
	entries: z.array(EntrySchema),
	judgeEvents: z.array(z.object({ event: JudgeEventSchema, receivedAt: nullableInt, tokenId: z.nullable(IdSchema) })),
	devices: z.array(BackupDeviceSchema),
	/** Every published version of the event's results (absent in backups made before publishing existed). */
	publications: z._default(z.array(PublicationSchema), []),
	/** Competitions the organizer merged (absent in backups made before merges existed). */
	merges: z._default(z.array(CompetitionMergeSchema), [])
});

export interface Backup {
	format: typeof BACKUP_FORMAT;
	version: typeof BACKUP_VERSION;
	exportedAt: number;
	event: CompetitionEvent;
	rulesets: Ruleset[];
	competitions: (Competition & { origin: 'organizer' | 'device' })[];
	heats: Heat[];
	entries: Entry[];
	judgeEvents: { event: JudgeEvent; receivedAt: number | null; tokenId: string | null }[];
	devices: z.infer<typeof BackupDeviceSchema>[];
	publications: Publication[];
	merges: CompetitionMerge[];
}

type DeviceRow = {
	id: string;
	role: Role;
	label: string;
	token_hash: string;
	created_at: number;
	revoked_at: number | null;
	last_seen_at: number | null;
	clock_offset_ms: number | null;
	clock_rtt_ms: number | null;
	clock_measured_at: number | null;
};

export function makeBackup(store: Store, eventId: string, now: number): Backup {
	const setup = eventSetup(store, eventId);
	if (!setup) error(404, `no event "${eventId}" on this server`);
	const origin = store.db.prepare('SELECT origin FROM competitions WHERE id = ?').pluck();
	const events = store.db
		.prepare('SELECT json, received_at, token_id FROM judge_events WHERE event_id = ? ORDER BY server_seq')
		.all(eventId) as { json: string; received_at: number | null; token_id: string | null }[];
	const devices = store.db.prepare('SELECT * FROM device_tokens WHERE event_id = ? ORDER BY created_at, rowid').all(eventId) as DeviceRow[];
	const logs = store.db.prepare('SELECT device_id FROM token_devices WHERE token_id = ? ORDER BY device_id').pluck();
	return {
		format: BACKUP_FORMAT,
		version: BACKUP_VERSION,
		exportedAt: now,
		event: setup.event,
		rulesets: setup.rulesets,
		competitions: setup.competitions.map((c) => ({ ...c, origin: origin.get(c.id) as 'organizer' | 'device' })),
		heats: setup.heats,
		entries: setup.entries,
		judgeEvents: events.map((r) => ({ event: JSON.parse(r.json) as JudgeEvent, receivedAt: r.received_at, tokenId: r.token_id })),
		devices: devices.map((d) => ({
			id: d.id,
			role: d.role,
			label: d.label,
			tokenHash: d.token_hash,
			createdAt: d.created_at,
			revokedAt: d.revoked_at,
			lastSeenAt: d.last_seen_at,
			clock: d.clock_offset_ms === null ? null : { offsetMs: d.clock_offset_ms, roundTripMs: d.clock_rtt_ms ?? 0, measuredAt: d.clock_measured_at ?? 0 },
			deviceIds: logs.all(d.id) as string[]
		})),
		publications: allPublications(store, eventId),
		merges: setup.merges ?? []
	};
}

export interface RestoreCounts {
	competitions: number;
	heats: number;
	entries: number;
	judgeEvents: number;
	devices: number;
	publications: number;
	merges: number;
}

/**
 * Loads a backup into this server in one transaction: 400 when it is not a valid backup, 409
 * when the event (or one of its competitions, devices or judge events) is already here.
 */
export function restoreBackup(store: Store, body: unknown): { eventId: string; counts: RestoreCounts } {
	const parsed = BackupSchema.safeParse(body);
	if (!parsed.success) error(400, `not a ${BACKUP_FORMAT} file of version ${BACKUP_VERSION}: ${describeIssues(toIssues(parsed.error)).slice(0, 2000)}`);
	const b = parsed.data as Backup;
	return store.transaction(() => {
		if (store.getEvent(b.event.id)) error(409, `the event "${b.event.id}" is already on this server: restore into a server without it`);
		for (const c of b.competitions) if (store.getCompetition(c.id)) error(409, `competition ${c.id} is already on this server`);
		try {
			store.insertSetup({ events: [b.event], rulesets: b.rulesets });
			for (const origin of ['organizer', 'device'] as const) {
				const competitions = b.competitions.filter((c) => c.origin === origin).map(({ origin: _, ...c }) => c);
				store.insertSetup({ competitions, origin });
			}
			store.insertSetup({ heats: b.heats, entries: b.entries });
		} catch (e) {
			error(409, `the backup's set-up does not fit this server: ${e instanceof Error ? e.message : String(e)}`);
		}
		const insDevice = store.db.prepare(
			`INSERT INTO device_tokens (id, event_id, role, label, token_hash, created_at, revoked_at, last_seen_at, clock_offset_ms, clock_rtt_ms, clock_measured_at)
			 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
		);
		const link = store.db.prepare('INSERT OR IGNORE INTO token_devices (token_id, device_id) VALUES (?, ?)');
		for (const d of b.devices) {
			if (store.db.prepare('SELECT 1 FROM device_tokens WHERE id = ? OR token_hash = ?').get(d.id, d.tokenHash))
				error(409, `device ${d.id} is already on this server`);
			insDevice.run(d.id, b.event.id, d.role, d.label, d.tokenHash, d.createdAt, d.revokedAt, d.lastSeenAt, d.clock?.offsetMs ?? null, d.clock?.roundTripMs ?? null, d.clock?.measuredAt ?? null);
			for (const deviceId of d.deviceIds) link.run(d.id, deviceId);
		}
		// One event at a time keeps each one's time received and token.
		let restored = 0;
		for (const { event, receivedAt, tokenId } of b.judgeEvents) {
			const r = store.appendJudgeEvents([event], { eventId: b.event.id, tokenId: tokenId ?? undefined, receivedAt: receivedAt ?? b.exportedAt });
			if (r.conflicts.length > 0) error(409, `judge event ${event.id} is already on this server with other content`);
			restored += r.stored.length;
		}
		const competitionIds = new Set(b.competitions.map((c) => c.id));
		for (const p of b.publications) {
			if (p.eventId !== b.event.id || !competitionIds.has(p.competitionId))
				error(400, `publication ${p.competitionId} version ${p.version}: not of a competition of the event "${b.event.id}" in this backup`);
			if (!restorePublication(store, p)) error(409, `publication ${p.competitionId} version ${p.version} appears twice in the backup`);
		}
		// Checked as when they were recorded, against the restored set-up (entries added since are read as new).
		for (const merge of [...b.merges].sort((x, y) => x.recordedAt - y.recordedAt)) {
			if (merge.eventId !== b.event.id) error(400, `merge ${merge.id}: not of the event "${b.event.id}" in this backup`);
			const problems = problemsOnServer(store, merge, false);
			if (problems.length > 0) error(400, `merge ${merge.id}: ${problems.map((p) => `${p.path.join('.')}: ${p.message}`).join('; ')}`);
			if (store.db.prepare('SELECT 1 FROM competition_merges WHERE id = ?').get(merge.id)) error(409, `merge ${merge.id} appears twice in the backup, or is already on this server`);
			insertMerge(store, merge);
		}
		return {
			eventId: b.event.id,
			counts: {
				competitions: b.competitions.length,
				heats: b.heats.length,
				entries: b.entries.length,
				judgeEvents: restored,
				devices: b.devices.length,
				publications: b.publications.length,
				merges: b.merges.length
			}
		};
	});
}
