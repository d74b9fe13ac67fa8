import type { JudgeEvent } from '$lib/events/schema';
import type { BackupItem } from '../backup-format';
import { judgeEventRowOf } from '../judge-event-row';
import type { StagingTable } from '../restore-staging';
import { advancesToColumn } from '../store';
import { protestColumns } from '../protests';
import type { StagingPositions } from './staging-positions';

/** A row to stage: its table, and its columns in the table's order (restore-staging.ts), `src` left out. */
export type StagingRow = [table: StagingTable, values: unknown[]];

/** The rows one backup item is staged as: one, or a device's and one per judge device that pushed with its token. */
export function stagingRows(item: BackupItem, positions: StagingPositions): StagingRow[] {
	switch (item.kind) {
		case 'ruleset':
			return [['rulesets', [item.ruleset.id, item.ruleset.version, JSON.stringify(item.ruleset)]]];
		case 'competition': {
			const c = item.competition;
			return [['competitions', [c.id, c.name, c.ruleset.id, c.ruleset.version, positions.nextCompetition(), item.origin, advancesToColumn(c), c.advancesTo?.competitionId ?? null]]];
		}
		case 'heat': {
			const h = item.heat;
			return [['heats', [h.id, h.competitionId, h.name, positions.nextHeat(h.competitionId)]]];
		}
		case 'entry': {
			const e = item.entry;
			return [['entries', [e.id, e.competitionId, e.heatId, e.name, JSON.stringify(e.members), e.table ?? null, e.seat ?? null, positions.nextEntry(e.competitionId)]]];
		}
		case 'device': {
			const d = item.device;
			const device: StagingRow = ['devices', [d.id, d.role, d.label, d.tokenHash, d.createdAt, d.revokedAt, d.lastSeenAt, d.clock?.offsetMs ?? null, d.clock?.roundTripMs ?? null, d.clock?.measuredAt ?? null]];
			return [device, ...d.deviceIds.map((deviceId): StagingRow => ['device_logs', [d.id, deviceId]])];
		}
		case 'judgeEvent': {
			const r = judgeEventRowOf(item.event as JudgeEvent);
			return [['judge_events', [item.serverSeq, r.id, r.competitionId, r.heatId, r.entryId, r.deviceId, r.seq, r.at, r.json, item.tokenId, item.receivedAt]]];
		}
		case 'heatStart': {
			const h = item.heatStart;
			return [['heat_starts', [h.seq, h.id, h.competitionId, h.heatId, h.serverAt, h.tokenId, h.createdAt]]];
		}
		case 'publication': {
			const p = item.publication;
			return [['publications', [p.competitionId, p.version, p.state, p.publishedAt, p.protestUntil, p.finalizedAt, JSON.stringify(p.snapshot), p.note]]];
		}
		case 'merge':
			return [['merges', [item.merge.id, JSON.stringify(item.merge), item.merge.recordedAt]]];
		case 'person':
			return [['people', [item.person.id, item.person.version, JSON.stringify(item.person)]]];
		case 'registration': {
			const r = item.registration;
			return [['registrations', [r.id, r.competitionId, r.status, r.registeredAt, r.version, JSON.stringify(r)]]];
		}
		case 'registrationChange': {
			// The change's number has a column of its own: its JSON is the rest.
			const { seq, ...rest } = item.change;
			return [['registration_changes', [seq, item.change.personId, item.change.registrationId, JSON.stringify(rest)]]];
		}
		case 'rulesetChange': {
			const c = item.change;
			return [['ruleset_changes', [item.seq, c.competitionId, c.rulesetId, c.fromVersion, c.toVersion, JSON.stringify(c)]]];
		}
		case 'draw': {
			const d = item.draw;
			return [['draws', [d.id, d.competitionId, d.kind, d.at, JSON.stringify(d)]]];
		}
		case 'tableCard': {
			const c = item.card;
			return [['table_cards', [c.id, c.competitionId, c.heatId, c.table, c.secretHash, c.createdAt, c.expiresAt, c.revokedAt, JSON.stringify(c.tokenIds)]]];
		}
		case 'protest':
			return [['protests', protestColumns(item.protest)]];
		case 'photo': {
			const p = item.photo;
			// The bytes checked against what the line says of them (stager.ts, photo-item.ts).
			return [['photos', [p.hash, p.competitionId, p.heatId, p.entryId, p.puzzleId, p.judgeEventId, p.subject, p.takenAt, p.deviceId, p.mediaType, p.bytes, p.width, p.height, p.receivedAt, Buffer.from(item.data, 'base64')]]];
		}
	}
}
