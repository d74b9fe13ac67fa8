import type { JudgeEvent } from '$lib/events/schema';
import { rulesetKey, type RejectedRow, type StationDb } from '$lib/db/station-db';
import { peekOutbox } from '$lib/db/outbox';
import type { ClockReport, PushResponse } from '$lib/sync/contract';
import type { Pairing } from '$lib/sync/pairing';
import { buildBatch, PUSH_LIMITS, type BatchLimits, type CompetitionSetupToPush } from './batch';
import type { SyncApi } from './api';
import { isApiError } from './errors';

export interface PushOutcome {
	/** Events the server acknowledged (stored or already held), removed from the outbox. */
	acknowledged: number;
	/** Events moved to `rejected`. */
	rejected: number;
	/** Requests made. */
	requests: number;
	/** The competitions of the events the server acknowledged (a judge tablet pulls them from then on). */
	competitions: Set<string>;
}

export interface PushContext {
	db: StationDb;
	api: SyncApi;
	pairing: Pairing;
	clock: ClockReport | null;
	now: () => number;
	limits?: BatchLimits;
}

export const TOO_LARGE_REASON = 'too large to push, even alone';
export const CONFLICT_REASON = 'the server holds another event with this ID, or this device’s sequence number for another event';

/**
 * The set-up of the competitions that the events refer to and that were made on this tablet
 * (a quick set-up): not from the paired server's event, so the server may not know them.
 */
export async function tabletSetups(db: StationDb, pairing: Pairing, competitionIds: Iterable<string>): Promise<Map<string, CompetitionSetupToPush>> {
	const setups = new Map<string, CompetitionSetupToPush>();
	for (const id of new Set(competitionIds)) {
		const competition = await db.competitions.get(id);
		if (!competition || competition.eventId === pairing.eventId) continue;
		const [stored, heats, entries] = await Promise.all([
			db.rulesets.get(rulesetKey(competition.ruleset)),
			db.heats.where('competitionId').equals(id).toArray(),
			db.entries.where('competitionId').equals(id).toArray()
		]);
		setups.set(id, { competition, ruleset: stored?.ruleset ?? null, heats, entries });
	}
	return setups;
}

/**
 * Acts on the server's answer to a push, in one transaction: acknowledged events leave the
 * outbox, conflicts and refusals move to `rejected`. Events the answer does not mention stay
 * queued. Returns how many left the outbox.
 */
export async function applyPushAnswer(db: StationDb, batch: readonly JudgeEvent[], answer: PushResponse, at: number): Promise<{ acknowledged: number; rejected: number }> {
	const inBatch = new Set(batch.map((e) => e.id));
	const acknowledged = new Set([...answer.stored.map((s) => s.id), ...answer.duplicates].filter((id) => inBatch.has(id)));
	const rejected = new Map<string, RejectedRow>();
	for (const id of answer.conflicts) if (inBatch.has(id)) rejected.set(id, { id, kind: 'conflict', reason: CONFLICT_REASON, at });
	for (const r of answer.refused) {
		// By position first: a refused event's ID may be what was wrong with it.
		const id = batch[r.index]?.id ?? r.id;
		if (id !== null && inBatch.has(id)) rejected.set(id, { id, kind: 'refused', reason: r.reason, at });
	}
	for (const id of rejected.keys()) acknowledged.delete(id);
	await db.transaction('rw', db.outbox, db.rejected, async () => {
		await db.outbox.where('id').anyOf([...acknowledged, ...rejected.keys()]).delete();
		await db.rejected.bulkPut([...rejected.values()]);
	});
	return { acknowledged: acknowledged.size, rejected: rejected.size };
}

async function reject(db: StationDb, row: RejectedRow): Promise<void> {
	await db.transaction('rw', db.outbox, db.rejected, async () => {
		await db.outbox.where('id').equals(row.id).delete();
		await db.rejected.put(row);
	});
}

/**
 * Pushes the outbox in queue order until it is empty, batch by batch. An answer lost on the
 * way is harmless: the events stay queued and the next push sends them again (the server is
 * idempotent on the event ID). Throws the ApiError that stopped it.
 */
export async function pushOutbox(ctx: PushContext): Promise<PushOutcome> {
	const { db, api, pairing } = ctx;
	const limits = ctx.limits ?? PUSH_LIMITS;
	let maxEvents = limits.maxEvents;
	const outcome: PushOutcome = { acknowledged: 0, rejected: 0, requests: 0, competitions: new Set() };
	for (;;) {
		const rows = await peekOutbox(db, maxEvents);
		if (!rows.length) return outcome;
		const held = await db.events.bulkGet(rows.map((r) => r.id));
		const lost = rows.filter((_, i) => !held[i]).map((r) => r.id);
		if (lost.length) {
			// A queued ID without its event cannot happen (one transaction writes both); if it
			// ever does, there is nothing to push.
			await db.outbox.where('id').anyOf(lost).delete();
			continue;
		}
		const events = held as JudgeEvent[];
		const setups = await tabletSetups(db, pairing, events.map((e) => e.competitionId));
		const { batch, tooLarge } = buildBatch(events, setups, ctx.clock, { maxEvents, maxBytes: limits.maxBytes });
		if (tooLarge) {
			await reject(db, { id: tooLarge.id, kind: 'refused', reason: TOO_LARGE_REASON, at: ctx.now() });
			outcome.rejected++;
			continue;
		}
		if (!batch) return outcome;
		let answer: PushResponse;
		try {
			outcome.requests++;
			answer = await api.push(pairing.eventId, batch.body, batch.bodyText);
		} catch (e) {
			// The server's limit is smaller than ours: halve the batch, down to one event.
			if (isApiError(e, 'too-large')) {
				if (batch.events.length > 1) {
					maxEvents = Math.max(1, Math.floor(batch.events.length / 2));
					continue;
				}
				await reject(db, { id: batch.events[0]!.id, kind: 'refused', reason: TOO_LARGE_REASON, at: ctx.now() });
				outcome.rejected++;
				continue;
			}
			throw e;
		}
		const done = await applyPushAnswer(db, batch.events, answer, ctx.now());
		outcome.acknowledged += done.acknowledged;
		for (const e of batch.events) outcome.competitions.add(e.competitionId);
		outcome.rejected += done.rejected;
		// An answer that settles nothing would make this loop forever: try again next sync.
		if (done.acknowledged + done.rejected === 0) return outcome;
	}
}
