import { error, isHttpError } from '@sveltejs/kit';
import { dirname } from 'node:path';
import type { JudgeEvent } from '$lib/events/schema';
import type { RestoreAnswer } from '$lib/contract';
import { describeIssues, toIssues } from '$lib/validation';
import type { z } from 'zod/mini';
import {
	BACKUP_FORMAT,
	BACKUP_VERSION,
	BackupEndSchema,
	BackupHeaderSchema,
	ITEM_KINDS,
	ITEM_SCHEMAS,
	LEGACY_BACKUP_VERSION,
	LegacyHeaderSchema,
	zeroCounts,
	type BackupCounts,
	type BackupItem,
	type ItemKind,
	type RestoreHeader
} from './backup-format';
import { readBackup, type BackupValue } from './backup-reader';
import { judgeEventRowOf } from './judge-event-row';
import { plainBackupHeader, plainBackupItem } from './plain-text-migration';
import { commitStaged } from './restore-commit';
import { RestoreStaging } from './restore-staging';
import { advancesToColumn, type Store } from './store';
import { isUntouchedDemo } from './untouched-demo';

/**
 * Restores one event's backup (docs/sync.md, Backup) into a server that does not hold the event,
 * from the file's bytes as they arrive (an HTTP body, a file on disk): each line is read, checked
 * with zod and put aside in a staging file of its own (restore-staging.ts), in batches, so that no
 * backup is ever held whole in memory; once the file has been read to its last line, everything is
 * checked against the server and written in one transaction (restore-commit.ts), or nothing is.
 * Refusals are HTTP errors: 400 for a file that is not a valid backup or whose items do not all
 * belong to its event, 409 for what this server already holds, 413 for an over-long line.
 */

export interface RestoreProgress {
	phase: 'reading' | 'writing' | 'done';
	/** Items read so far, and how many the file says it holds (null for a version-1 file). */
	items: number;
	total: number | null;
	bytes: number;
}


export interface RestoreOptions {
	onProgress?: (progress: RestoreProgress) => void;
	/** Items between two progress reports while reading. */
	progressEvery?: number;
}

export async function restoreBackup(store: Store, body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options: RestoreOptions = {}): Promise<RestoreAnswer> {
	let bytes = 0;
	const values = readBackup(body, { onBytes: (n) => (bytes = n) });
	const staging = new RestoreStaging(dirname(store.file));
	try {
		const first = await values.next();
		if (first.done) error(400, 'the backup is empty');
		const header = readHeader(first.value);
		// Said before the file is read (the commit checks it again).
		if (store.getEvent(header.event.id) && !isUntouchedDemo(store, header.event.id))
			error(409, `the event "${header.event.id}" is already on this server: restore into a server without it`);
		const total = header.counts ? ITEM_KINDS.reduce((sum, k) => sum + header.counts![k], 0) : null;
		const progress = (phase: RestoreProgress['phase'], items: number) => options.onProgress?.({ phase, items, total, bytes });
		progress('reading', 0);
		const stage = new Stager(staging, header.event.id);
		const every = options.progressEvery ?? 10_000;
		let ended: BackupCounts | null = null;
		for await (const { where, value } of values) {
			if (ended) error(400, `${where}: the backup goes on after its last line`);
			const kind = (value as { kind?: unknown } | null)?.kind;
			if (kind === 'end') {
				ended = check(BackupEndSchema, value, where).counts;
				continue;
			}
			if (typeof kind !== 'string' || !(ITEM_KINDS as readonly string[]).includes(kind)) error(400, `${where}: not an item of a backup (kind: ${JSON.stringify(kind)?.slice(0, 40)})`);
			// A backup of an older version may hold names with control characters: cleaned as the store's migration cleans them (issue 29 #8).
			stage.add(check(ITEM_SCHEMAS[kind as ItemKind], plainBackupItem(value), where) as BackupItem, where);
			if (stage.items % every === 0) progress('reading', stage.items);
		}
		if (!ended) error(400, 'the backup ends before its last line: the file is incomplete (cut while it was downloaded or copied?)');
		for (const k of ITEM_KINDS)
			if (ended[k] !== stage.counts[k]) error(400, `the backup's last line counts ${ended[k]} items of kind ${k}, the file holds ${stage.counts[k]}: the file is incomplete or was changed`);
		staging.seal();
		progress('writing', stage.items);
		const outcome = commitStaged(store, staging.file, header);
		progress('done', stage.items);
		const c = outcome.counts;
		return {
			eventId: header.event.id,
			version: header.version,
			counts: {
				rulesets: c.ruleset,
				competitions: c.competition,
				heats: c.heat,
				entries: c.entry,
				devices: c.device,
				judgeEvents: c.judgeEvent,
				heatStarts: c.heatStart,
				publications: c.publication,
				merges: c.merge,
				people: c.person,
				registrations: c.registration,
				registrationChanges: c.registrationChange,
				rulesetChanges: c.rulesetChange,
				draws: c.draw,
				tableCards: c.tableCard
			},
			numbering: outcome.numbering,
			replacedDemo: outcome.replacedDemo
		};
	} catch (e) {
		// Every refusal says so: nothing of the file was stored.
		if (isHttpError(e)) error(e.status, `${e.body.message}; nothing was restored`);
		throw e;
	} finally {
		staging.discard();
		// Stop reading (an error before the end): the caller decides what to do with the rest of the body.
		await values.return(undefined);
	}
}

function check<S extends z.ZodMiniType>(schema: S, value: unknown, where: string): z.infer<S> {
	const parsed = schema.safeParse(value);
	if (!parsed.success) error(400, `${where}: ${describeIssues(toIssues(parsed.error)).slice(0, 1000)}`);
	return parsed.data;
}

function readHeader({ where, value }: BackupValue): RestoreHeader {
	const o = (typeof value === 'object' && value !== null ? value : {}) as { format?: unknown; version?: unknown };
	const refuse = (why: string): never => error(400, `not a ${BACKUP_FORMAT} file of version ${LEGACY_BACKUP_VERSION} or ${BACKUP_VERSION}: ${where}: ${why.slice(0, 1000)}`);
	if (o.format !== BACKUP_FORMAT) refuse(`format: expected "${BACKUP_FORMAT}", found ${JSON.stringify(o.format)?.slice(0, 40) ?? 'none'}`);
	const schema = o.version === LEGACY_BACKUP_VERSION ? LegacyHeaderSchema : o.version === BACKUP_VERSION ? BackupHeaderSchema : refuse(`version: expected ${LEGACY_BACKUP_VERSION} or ${BACKUP_VERSION}, found ${JSON.stringify(o.version)?.slice(0, 40) ?? 'none'}`);
	const parsed = schema.safeParse(plainBackupHeader(value));
	if (!parsed.success) refuse(describeIssues(toIssues(parsed.error)));
	const h = parsed.data as z.infer<typeof LegacyHeaderSchema> & { counts?: BackupCounts };
	return { version: o.version as RestoreHeader['version'], exportedAt: h.exportedAt, event: h.event, counts: h.counts ?? null };
}

/** Checks each item against its own event and stages it, in the order read. */
class Stager {
	readonly counts = zeroCounts();
	items = 0;
	private competitions = 0;
	private readonly heatPositions = new Map<string, number>();
	private readonly entryPositions = new Map<string, number>();
	private lastServerSeq = 0;
	private lastStartSeq = 0;

	constructor(
		private readonly staging: RestoreStaging,
		private readonly eventId: string
	) {}

	add(item: BackupItem, where: string): void {
		const E = this.eventId;
		const s = this.staging;
		const next = (positions: Map<string, number>, parent: string) => {
			const p = positions.get(parent) ?? 0;
			positions.set(parent, p + 1);
			return p;
		};
		switch (item.kind) {
			case 'ruleset':
				s.add('rulesets', [item.ruleset.id, item.ruleset.version, JSON.stringify(item.ruleset)], where);
				break;
			case 'competition': {
				const c = item.competition;
				if (c.eventId !== E) error(400, `${where}: competition ${c.id} belongs to the event "${c.eventId}", not to "${E}" of this backup`);
				s.add('competitions', [c.id, c.name, c.ruleset.id, c.ruleset.version, this.competitions++, item.origin, advancesToColumn(c), c.advancesTo?.competitionId ?? null], where);
				break;
			}
			case 'heat': {
				const h = item.heat;
				s.add('heats', [h.id, h.competitionId, h.name, next(this.heatPositions, h.competitionId)], where);
				break;
			}
			case 'entry': {
				const e = item.entry;
				s.add('entries', [e.id, e.competitionId, e.heatId, e.name, JSON.stringify(e.members), e.table ?? null, e.seat ?? null, next(this.entryPositions, e.competitionId)], where);
				break;
			}
			case 'device': {
				const d = item.device;
				s.add('devices', [d.id, d.role, d.label, d.tokenHash, d.createdAt, d.revokedAt, d.lastSeenAt, d.clock?.offsetMs ?? null, d.clock?.roundTripMs ?? null, d.clock?.measuredAt ?? null], where);
				for (const deviceId of d.deviceIds) s.add('device_logs', [d.id, deviceId], where);
				break;
			}
			case 'judgeEvent': {
				if (item.serverSeq !== null) {
					if (item.serverSeq <= this.lastServerSeq) error(400, `${where}: judge events must come in the order of their server numbers (${item.serverSeq} after ${this.lastServerSeq})`);
					this.lastServerSeq = item.serverSeq;
				}
				const r = judgeEventRowOf(item.event as JudgeEvent);
				s.add('judge_events', [item.serverSeq, r.id, r.competitionId, r.heatId, r.entryId, r.deviceId, r.seq, r.at, r.json, item.tokenId, item.receivedAt], where);
				break;
			}
			case 'heatStart': {
				const h = item.heatStart;
				if (h.seq <= this.lastStartSeq) error(400, `${where}: heat starts must come in the order of their numbers (${h.seq} after ${this.lastStartSeq})`);
				this.lastStartSeq = h.seq;
				s.add('heat_starts', [h.seq, h.id, h.competitionId, h.heatId, h.serverAt, h.tokenId, h.createdAt], where);
				break;
			}
			case 'publication': {
				const p = item.publication;
				if (p.eventId !== E || p.snapshot.event.id !== E || p.snapshot.competition.id !== p.competitionId)
					error(400, `${where}: publication ${p.competitionId} version ${p.version} is not of a competition of the event "${E}" in this backup`);
				s.add('publications', [p.competitionId, p.version, p.state, p.publishedAt, p.protestUntil, p.finalizedAt, JSON.stringify(p.snapshot), p.note], where);
				break;
			}
			case 'merge': {
				const m = item.merge;
				if (m.eventId !== E) error(400, `${where}: merge ${m.id} belongs to the event "${m.eventId}", not to "${E}" of this backup`);
				s.add('merges', [m.id, JSON.stringify(m), m.recordedAt], where);
				break;
			}
			case 'person': {
				const p = item.person;
				if (p.eventId !== E) error(400, `${where}: person ${p.id} belongs to the event "${p.eventId}", not to "${E}" of this backup`);
				s.add('people', [p.id, p.version, JSON.stringify(p)], where);
				break;
			}
			case 'registration': {
				const r = item.registration;
				if (r.eventId !== E) error(400, `${where}: registration ${r.id} belongs to the event "${r.eventId}", not to "${E}" of this backup`);
				s.add('registrations', [r.id, r.competitionId, r.status, r.registeredAt, r.version, JSON.stringify(r)], where);
				break;
			}
			case 'registrationChange': {
				const c = item.change;
				if (c.eventId !== E) error(400, `${where}: change ${c.seq} of the register belongs to the event "${c.eventId}", not to "${E}" of this backup`);
				const { seq, ...rest } = c;
				s.add('registration_changes', [seq, c.personId, c.registrationId, JSON.stringify(rest)], where);
				break;
			}
			case 'rulesetChange': {
				const c = item.change;
				if (item.eventId !== E) error(400, `${where}: ruleset change ${item.seq} belongs to the event "${item.eventId}", not to "${E}" of this backup`);
				s.add('ruleset_changes', [item.seq, c.competitionId, c.rulesetId, c.fromVersion, c.toVersion, JSON.stringify(c)], where);
				break;
			}
			case 'draw': {
				const d = item.draw;
				if (d.eventId !== E) error(400, `${where}: draw ${d.id} belongs to the event "${d.eventId}", not to "${E}" of this backup`);
				s.add('draws', [d.id, d.competitionId, d.kind, d.at, JSON.stringify(d)], where);
				break;
			}
			case 'tableCard': {
				const c = item.card;
				s.add('table_cards', [c.id, c.competitionId, c.heatId, c.table, c.secretHash, c.createdAt, c.expiresAt, c.revokedAt, JSON.stringify(c.tokenIds)], where);
				break;
			}
		}
		this.counts[item.kind]++;
		this.items++;
	}
}
