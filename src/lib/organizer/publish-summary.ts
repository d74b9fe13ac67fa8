import type { Standings } from '$lib/scoring';
import type { DeviceListing } from '$lib/contract';
import type { PublicationSnapshot } from '$lib/results/publication';

/**
 * What the organizer is told before publishing a competition's results or making them final
 * (issue 11, point 5): what will be public, and what is not settled yet. The organizer may
 * publish anyway; the confirmation says it plainly. Pure: the standings this screen computed,
 * the latest publication, the server's device list and the time in, facts out.
 */

/** A judge tablet not heard from for this long may hold results the server does not have. */
export const STALE_SYNC_MINUTES = 10;

export type PublishStep = 'publish' | 'final';

export interface PublishSummaryInput {
	step: PublishStep;
	competition: { id: string; name: string };
	/** The competition's standings as this screen computes them now. */
	standings: Pick<Standings, 'rows' | 'conflicts' | 'tieForFirst'>;
	/** The latest published version (what of it is read here); null when never published. */
	status: { version: number; snapshot?: Pick<PublicationSnapshot, 'tieForFirst' | 'conflicts'> & { rows: readonly PublishedRowRead[] } } | null;
	/** The event's devices (the server's list); judge tablets are checked for their last sync. */
	devices: readonly DeviceListing[];
	/** The event-log devices that recorded this competition's events (recordersByCompetition): the tablets of what is published. */
	recordedBy: ReadonlySet<string>;
	now: number;
}

type PublishedRowRead = Pick<PublicationSnapshot['rows'][number], 'entryId' | 'name' | 'place' | 'status' | 'awarded' | 'finalTimeMs'>;

export interface PublishSummary {
	step: PublishStep;
	competition: string;
	/** The version published now, or the one made final. */
	version: number;
	/** Whether the facts below are of the published version (making it final) rather than of this screen's standings. */
	fromPublished: boolean;
	entries: number;
	/** Entries with a place. */
	ranked: number;
	/** The awarded places, best first. */
	awards: { place: number; name: string }[];
	unresolved: {
		/** Conflicts of this competition the scorer reports now. */
		conflicts: number;
		/** Entries still running, paused, not started, or waiting for their tally. */
		withoutResult: string[];
		/** Finishes whose check is not recorded yet (missing pieces may still change them). */
		unchecked: string[];
		/** Entries tied for first, waiting for a tie-break. */
		tieForFirst: string[];
		/** Judge tablets of this competition (or of none known yet) not synced in the last STALE_SYNC_MINUTES (or never). */
		staleTablets: { label: string; lastSeenAt: number | null }[];
		/** Making final: this screen's standings differ from the published version. */
		changedSincePublished: boolean;
	};
	/** How many of the items above there are: 0 when everything is settled. */
	unresolvedCount: number;
}

const SETTLED = new Set(['disqualified', 'did-not-start']);

export function publishSummary(input: PublishSummaryInput): PublishSummary {
	const { step, standings, status, now } = input;
	const rows = standings.rows;
	const snapshot = step === 'final' ? status?.snapshot : undefined;
	const shown = snapshot
		? snapshot.rows.map((r) => ({ name: r.name, place: r.place, awarded: r.awarded }))
		: rows.map((r) => ({ name: r.name, place: r.place, awarded: r.awarded }));
	const nameOf = new Map(rows.map((r) => [r.entryId, r.name]));

	const withoutResult = rows.filter((r) => r.basis.kind === 'unranked' && !SETTLED.has(r.basis.why)).map((r) => r.name);
	const unchecked = rows.filter((r) => r.outcome.check === 'pending' && !SETTLED.has(r.outcome.status)).map((r) => r.name);
	const tieForFirst = standings.tieForFirst.map((id) => nameOf.get(id) ?? id);
	const staleTablets = input.devices
		.filter((d) => d.role === 'judge' && !d.revokedAt && timesThis(d, input.recordedBy) && (d.lastSeenAt == null || now - d.lastSeenAt > STALE_SYNC_MINUTES * 60_000))
		.map((d) => ({ label: d.label, lastSeenAt: d.lastSeenAt ?? null }))
		.sort((a, b) => (a.lastSeenAt ?? -Infinity) - (b.lastSeenAt ?? -Infinity) || a.label.localeCompare(b.label));
	const changedSincePublished = snapshot ? differs(snapshot.rows, rows) : false;

	const unresolved = { conflicts: standings.conflicts.length, withoutResult, unchecked, tieForFirst, staleTablets, changedSincePublished };
	return {
		step,
		competition: input.competition.name,
		version: step === 'final' ? (status?.version ?? 0) : (status?.version ?? 0) + 1,
		fromPublished: snapshot !== undefined,
		entries: shown.length,
		ranked: shown.filter((r) => r.place !== null).length,
		awards: shown.filter((r) => r.awarded && r.place !== null).map((r) => ({ place: r.place!, name: r.name })),
		unresolved,
		unresolvedCount:
			unresolved.conflicts + withoutResult.length + unchecked.length + tieForFirst.length + staleTablets.length + (changedSincePublished ? 1 : 0)
	};
}

/**
 * Whether a judge tablet may hold results of the competition: it recorded some of its events, or
 * it has sent none yet (what it times is not known: it may be timing this one offline). A tablet
 * whose events are all of other competitions is not this publication's concern.
 */
function timesThis(d: DeviceListing, recordedBy: ReadonlySet<string>): boolean {
	return d.deviceIds.length === 0 || d.deviceIds.some((id) => recordedBy.has(id));
}

/** The event-log devices that recorded each competition's events (the log with merges applied: a folded-in competition's under the kept one). */
export function recordersByCompetition(log: readonly { competitionId: string; deviceId: string }[]): Map<string, Set<string>> {
	const by = new Map<string, Set<string>>();
	for (const e of log) {
		const set = by.get(e.competitionId);
		if (set) set.add(e.deviceId);
		else by.set(e.competitionId, new Set([e.deviceId]));
	}
	return by;
}

/** Whether any entry's place, state or final time differs between a published version and the standings now. */
function differs(
	published: readonly { entryId: string; place: number | null; status: string; finalTimeMs: number | null }[],
	now: readonly { entryId: string; place: number | null; outcome: { status: string; finalTimeMs: number | null } }[]
): boolean {
	if (published.length !== now.length) return true;
	const byId = new Map(now.map((r) => [r.entryId, r]));
	return published.some((p) => {
		const r = byId.get(p.entryId);
		return !r || r.place !== p.place || r.outcome.status !== p.status || r.outcome.finalTimeMs !== p.finalTimeMs;
	});
}
