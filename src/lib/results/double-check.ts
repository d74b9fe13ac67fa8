import type { Competition, Entry, Heat } from '$lib/setup/schema';
import type { EventOf, JudgeEvent } from '$lib/events/schema';
import { compareEvents, dedupeEvents } from '$lib/events/order';
import { applyCorrections, type EffectiveEvent, type Outcome } from '$lib/scoring';

/**
 * The organizer's double-check: every finish a tablet recorded, in the order of the tablets'
 * clocks, with what became of it, to compare against the paper sheets or someone's memory.
 * Pure: the merged log, the set-up and the scorer's outcomes in, rows out.
 */

type FinishEvent = EventOf<'hand.raised'> | EventOf<'relay.puzzle-finished'>;

/** What became of a recorded finish. */
export type FinishStatus =
	/** The scorer counts it: the entry's (or the relay puzzle's) finish. */
	| 'counts'
	/** It stands, but another finish counts (a double finish) or the scorer ignored it (before the start, after the limit). */
	| 'not-counted'
	/** A check rejected it: that finish never happened. */
	| 'rejected'
	/** A correction voided it (undo). */
	| 'voided'
	/** A correction put another event in its place. */
	| 'replaced';

export interface FinishRow {
	eventId: string;
	type: FinishEvent['type'];
	/** Relay: the puzzle finished. */
	puzzleId: string | null;
	/** The device's time of the tap, ms since the epoch. */
	at: number;
	/** Time from the clock's start the scorer computed (the heat's start, after any preview), ms; null before a start. */
	fromStartMs: number | null;
	/** The counted time when this finish (or its replacement) is the one that counts: pauses taken out, at the ruleset's resolution, ms. */
	countedMs: number | null;
	competitionId: string;
	competitionName: string;
	heatId: string | null;
	heatName: string;
	entryId: string;
	entryName: string;
	table: string | null;
	seat: string | null;
	deviceId: string;
	/** The event's sequence number on its device: orders taps of one millisecond. */
	seq: number;
	judge: string;
	check: 'confirmed' | 'rejected' | 'none';
	/** Pieces missing at a confirming check, and of them those missing from the box. */
	missingPieces: number;
	missingFromBox: number;
	status: FinishStatus;
	/** When replaced: what the correction put in its place, and whether that counts. */
	replacement: { type: JudgeEvent['type']; at: number; fromStartMs: number | null; counts: boolean; reason: string } | null;
}

export interface DoubleCheckInput {
	/** The merged log of every tablet (duplicates allowed: one copy counts). */
	log: readonly JudgeEvent[];
	setup: { competitions: readonly Competition[]; heats: readonly Heat[]; entries: readonly Entry[] };
	/** The scorer's outcomes, per competition (the standings the organizer's page computed). */
	standings: readonly { competition: { id: string }; standings: { rows: readonly { outcome: Outcome }[] } }[];
}

const isFinish = (type: JudgeEvent['type']): type is FinishEvent['type'] => type === 'hand.raised' || type === 'relay.puzzle-finished';

/** Every recorded finish, in the log's order (compareEvents: device time, device, sequence number, ID). */
export function finishRows(input: DoubleCheckInput): FinishRow[] {
	const competitions = new Map(input.setup.competitions.map((c) => [c.id, c]));
	const heats = new Map(input.setup.heats.map((h) => [`${h.competitionId}/${h.id}`, h]));
	const entries = new Map(input.setup.entries.map((e) => [`${e.competitionId}/${e.id}`, e]));
	const outcomes = new Map<string, Outcome>();
	for (const s of input.standings) for (const r of s.standings.rows) outcomes.set(`${s.competition.id}/${r.outcome.entryId}`, r.outcome);

	// Corrections and checks live in the entry's scope, as the scorer groups them.
	const byEntry = new Map<string, JudgeEvent[]>();
	for (const e of input.log) {
		if (e.entryId === null) continue;
		const key = `${e.competitionId}/${e.entryId}`;
		const list = byEntry.get(key);
		if (list) list.push(e);
		else byEntry.set(key, [e]);
	}

	const found: { event: JudgeEvent; row: FinishRow }[] = [];
	for (const [key, events] of byEntry) {
		const unique = dedupeEvents(events).events;
		const hasFinish = unique.some((e) => isFinish(e.type) || (e.type === 'correction' && e.payload.replacement && isFinish(e.payload.replacement.type)));
		if (!hasFinish) continue;
		const { effective } = applyCorrections(unique);
		const effectiveById = new Map(effective.map((e) => [e.id, e]));
		const corrections = new Map(unique.filter((e) => e.type === 'correction').map((c) => [c.id, c]));
		const outcome = outcomes.get(key);
		const counting = countingFinishes(outcome);
		const fromStart = (t: number) => (outcome?.startedAt != null && t >= outcome.startedAt ? t - outcome.startedAt : null);

		for (const e of unique) {
			if (e.type === 'correction') continue;
			const now = effectiveById.get(e.id);
			if (!isFinish(e.type) && !(now && isFinish(now.type))) continue;
			const entry = entries.get(key);
			const competition = competitions.get(e.competitionId);
			const heat = e.heatId === null ? undefined : heats.get(`${e.competitionId}/${e.heatId}`);
			const check = lastCheck(effective, e.id);
			const counts = counting.get(e.id);
			let status: FinishStatus;
			let replacement: FinishRow['replacement'] = null;
			if (!now) status = 'voided';
			else if (now.correctedBy !== undefined) {
				status = 'replaced';
				const c = corrections.get(now.correctedBy);
				replacement = {
					type: now.type,
					at: now.at,
					fromStartMs: fromStart(now.at),
					counts: counts !== undefined,
					reason: c?.type === 'correction' ? c.payload.reason : ''
				};
			} else if (check?.type === 'check.rejected') status = 'rejected';
			else status = counts !== undefined ? 'counts' : 'not-counted';
			found.push({
				event: e,
				row: {
					eventId: e.id,
					type: isFinish(e.type) ? e.type : (now!.type as FinishEvent['type']),
					puzzleId: e.type === 'relay.puzzle-finished' ? e.payload.puzzleId : now?.type === 'relay.puzzle-finished' ? now.payload.puzzleId : null,
					at: e.at,
					fromStartMs: fromStart(e.at),
					countedMs: counts ?? null,
					competitionId: e.competitionId,
					competitionName: competition?.name ?? e.competitionId,
					heatId: e.heatId,
					heatName: heat?.name ?? e.heatId ?? '',
					entryId: e.entryId!,
					entryName: entry?.name ?? e.entryId!,
					table: entry?.table ?? null,
					seat: entry?.seat ?? null,
					deviceId: e.deviceId,
					seq: e.seq,
					judge: e.judge,
					check: check === undefined ? 'none' : check.type === 'check.confirmed' ? 'confirmed' : 'rejected',
					missingPieces: check?.type === 'check.confirmed' ? check.payload.missingPieces : 0,
					missingFromBox: check?.type === 'check.confirmed' ? (check.payload.missingFromBox ?? 0) : 0,
					status,
					replacement
				}
			});
		}
	}
	return found.sort((a, b) => compareEvents(a.event, b.event)).map((f) => f.row);
}

/** The finishes the outcome counts, with their counted time (null while the entry is not finished). */
function countingFinishes(o: Outcome | undefined): Map<string, number | null> {
	const out = new Map<string, number | null>();
	if (!o) return out;
	for (const p of o.puzzles ?? []) if (p.finishEventId !== null) out.set(p.finishEventId, p.finishedAtMs);
	if (o.finishEventId !== null) out.set(o.finishEventId, o.elapsedMs);
	return out;
}

/**
 * The check in force for a finish: the later one counts, as in the scorer (fold.ts). A check
 * recorded after the record was locked still shows here: the conflicts panel reports it.
 */
function lastCheck(effective: readonly EffectiveEvent[], ref: string): EventOf<'check.confirmed'> | EventOf<'check.rejected'> | undefined {
	let last: EventOf<'check.confirmed'> | EventOf<'check.rejected'> | undefined;
	for (const e of effective) if ((e.type === 'check.confirmed' || e.type === 'check.rejected') && e.payload.ref === ref && (!last || compareEvents(last, e) < 0)) last = e;
	return last;
}

export interface DoubleCheckFilter {
	competitionId?: string;
	/** A heat by its key (`heatKey`): heats of two competitions may share an ID. */
	heat?: string;
	table?: string;
	/** The event logs of one tablet (a tablet whose storage was reset has two). */
	deviceIds?: readonly string[];
}

/** A heat's key in the filters: its competition and its ID. */
export const heatKey = (r: { competitionId: string; heatId: string }) => `${r.competitionId}/${r.heatId}`;

/** The rows that match every filter given; an empty or missing filter matches all. */
export function filterFinishRows(rows: readonly FinishRow[], filter: DoubleCheckFilter): FinishRow[] {
	return rows.filter(
		(r) =>
			(!filter.competitionId || r.competitionId === filter.competitionId) &&
			(!filter.heat || (r.heatId !== null && heatKey({ competitionId: r.competitionId, heatId: r.heatId }) === filter.heat)) &&
			(!filter.table || r.table === filter.table) &&
			(!filter.deviceIds || filter.deviceIds.length === 0 || filter.deviceIds.includes(r.deviceId))
	);
}

export interface HeatOption {
	key: string;
	id: string;
	name: string;
	competitionId: string;
	/** The heat's name; with its competition's when another heat listed has the same name ("Heat 1 · Solo"). */
	label: string;
}

export interface FilterOptions {
	competitions: { id: string; name: string }[];
	heats: HeatOption[];
	tables: string[];
	deviceIds: string[];
}

/** Numbers sort as numbers: table 2 before table 10. */
const collator = new Intl.Collator('en', { numeric: true });

/** The values the rows offer for each filter, sorted; heats of one competition only when it is chosen, each once. */
export function filterOptions(rows: readonly FinishRow[], competitionId?: string): FilterOptions {
	const competitions = new Map<string, string>();
	const heats = new Map<string, Omit<HeatOption, 'label'> & { competitionName: string }>();
	const tables = new Set<string>();
	const devices = new Set<string>();
	for (const r of rows) {
		competitions.set(r.competitionId, r.competitionName);
		if (r.heatId !== null && (!competitionId || r.competitionId === competitionId)) {
			const key = heatKey({ competitionId: r.competitionId, heatId: r.heatId });
			heats.set(key, { key, id: r.heatId, name: r.heatName, competitionId: r.competitionId, competitionName: r.competitionName });
		}
		if (r.table !== null && r.table !== '') tables.add(r.table);
		devices.add(r.deviceId);
	}
	const named = new Map<string, number>();
	for (const h of heats.values()) named.set(h.name, (named.get(h.name) ?? 0) + 1);
	return {
		competitions: [...competitions].map(([id, name]) => ({ id, name })).sort((a, b) => collator.compare(a.name, b.name) || cmp(a.id, b.id)),
		heats: [...heats.values()]
			.map(({ competitionName, ...h }) => ({ ...h, label: named.get(h.name)! > 1 ? `${h.name} · ${competitionName}` : h.name }))
			.sort((a, b) => collator.compare(a.label, b.label) || cmp(a.key, b.key)),
		tables: [...tables].sort(collator.compare),
		deviceIds: [...devices].sort(collator.compare)
	};
}

function cmp(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}
