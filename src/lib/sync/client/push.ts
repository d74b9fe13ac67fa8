import type { JudgeEvent } from '$lib/events/schema';
import { rulesetKey, type RejectedRow, type StationDb } from '$lib/db/station-db';
import { isQuickSetupCompetition } from '$lib/setup/quick-setup-ids';
import type { ClockReport, PushResponse } from '$lib/contract';
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
 * Never a competition of another event (see heldBack).
 */
export async function tabletSetups(db: StationDb, pairing: Pairing, competitionIds: Iterable<string>): Promise<Map<string, CompetitionSetupToPush>> {
	const setups = new Map<string, CompetitionSetupToPush>();
	for (const id of new Set(competitionIds)) {
		const competition = await db.competitions.get(id);
		if (!competition || competition.eventId === pairing.eventId || !isQuickSetupCompetition(competition)) continue;
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
 * The competitions whose events this tablet does not push to the paired event: those of another
 * event (the tablet was paired with it before, or its set-up came in a file). The server takes a
 * competition it does not hold as the paired event's own (competition IDs are each event's:
 * docs/sync.md, Events apart), so pushing them would file one event's results, names and seats
 * under another. Their events stay queued, not lost, for when the tablet is paired with their
 * event again. Pushed: the paired event's competitions, the tablet's quick set-ups, and events
 * of a competition the tablet does not hold (kept by the server under the paired event, as ever).
 */
async function heldBack(db: StationDb, pairing: Pairing): Promise<Set<string>> {
	const others = await db.competitions.where('eventId').notEqual(pairing.eventId).toArray();
	return new Set(others.filter((c) => !isQuickSetupCompetition(c)).map((c) => c.id));
}

/** The first `limit` queued events the tablet pushes to the paired event (heldBack's are passed over), in queue order; and queued IDs without their event. */
async function nextToPush(db: StationDb, pairing: Pairing, limit: number): Promise<{ events: JudgeEvent[]; lost: string[] }> {
	const skip = await heldBack(db, pairing);
	const events: JudgeEvent[] = [];
	const lost: string[] = [];
	for (let after = 0; events.length < limit && lost.length === 0; ) {
		const rows = await db.outbox.where('n').above(after).limit(limit).toArray();
		if (!rows.length) break;
		after = rows[rows.length - 1]!.n!;
		const held = await db.events.bulkGet(rows.map((r) => r.id));
		rows.forEach((r, i) => {
			const e = held[i];
			if (!e) lost.push(r.id);
			else if (!skip.has(e.competitionId)) events.push(e);
		});
	}
	return { events: events.slice(0, limit), lost };
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
		const { events, lost } = await nextToPush(db, pairing, maxEvents);
		if (lost.length) {
			// A queued ID without its event cannot happen (one transaction writes both); if it
			// ever does, there is nothing to push.
			await db.outbox.where('id').anyOf(lost).delete();
			continue;
		}
		if (!events.length) return outcome;
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
