import { untrack } from 'svelte';
import type { MergedEvent } from '$lib/db/merged-event';
import { standingsOfMerged, type CompetitionStandings, type MergedEventFiles } from '$lib/files/merge';
import { CompetitionScorer, type Standings, type StandingRow } from '$lib/scoring';
import type { Ruleset } from '$lib/rules/schema';
import { chooseHeat, type HeatCandidate, type HeatRef } from './choose-heat';
import { heatClock, type HeatClock } from '$lib/scoring/heat-clock';
import { leaderboardRows } from './leaderboard';
import { relayTeams, type RelayTeamLine } from './relay-teams';
import { withOrganizerStarts, type OrganizerStartAt } from './organizer-starts';

/** The leaderboard is scored again at most this often (the clock itself repaints more often). */
const SCORE_EVERY_MS = 1000;

/**
 * The room display's state: what the device holds of its event (`read`: the merged event as
 * the device session last read it, src/lib/db/merged-event.ts; null when there is none),
 * scored with the shared scorer, which heat the room sees, its clock at `now` and the
 * competition's leaderboard. The heats the organizer started on every tablet (`starts`) count
 * as started where no tablet's start has arrived yet (organizer-starts.ts). The page sets `now`
 * from the device clock; nothing here reads one.
 */
export class DisplayBoard {
	readonly #source: () => MergedEvent | null | undefined;
	readonly #starts: () => readonly OrganizerStartAt[];
	/** The event as last read from the device, with the organizer's starts. */
	readonly merged: MergedEventFiles | null = $derived.by(() => {
		const merged = this.#source()?.merged;
		return merged ? withOrganizerStarts(merged, this.#starts()) : null;
	});
	/** The heat named in the address, or null: the board chooses. */
	readonly pinned: HeatRef | null;

	#now = $state(0);
	/** The moment the standings were last scored for. */
	#scoredAt = $state(0);

	constructor(opts: { read: () => MergedEvent | null | undefined; starts?: () => readonly OrganizerStartAt[]; pinned?: HeatRef | null; now: number }) {
		this.#source = opts.read;
		this.#starts = opts.starts ?? (() => []);
		this.pinned = opts.pinned ?? null;
		this.#now = this.#scoredAt = opts.now;
	}

	get now(): number {
		return this.#now;
	}

	/** The clock repaints every time; the standings once a second, or when time goes back. */
	set now(t: number) {
		this.#now = t;
		if (t - this.#scoredAt >= SCORE_EVERY_MS || t < this.#scoredAt) this.#scoredAt = t;
	}

	/** Every competition scored when the event was read (at that moment): enough to choose the heat. */
	#all: CompetitionStandings[] = $derived.by(() => {
		const merged = this.merged;
		return merged ? standingsOfMerged(merged, untrack(() => this.#now)) : [];
	});

	/** Every started-or-not heat of the event with its seats' outcomes at the last read. */
	#candidates: HeatCandidate[] = $derived.by(() => {
		const list: HeatCandidate[] = [];
		for (const c of this.#all) {
			const byHeat = new Map<string, HeatCandidate>();
			for (const r of c.standings.rows) {
				let h = byHeat.get(r.outcome.heatId);
				if (!h)
					byHeat.set(r.outcome.heatId, (h = { competitionId: c.competition.id, heatId: r.outcome.heatId, timeLimitMs: c.ruleset.timeLimitMs, outcomes: [] }));
				(h.outcomes as unknown[]).push(r.outcome);
			}
			list.push(...byHeat.values());
		}
		return list;
	});

	/** The heat the room sees (null: none has started, or the pinned one is not on the device). */
	shown: HeatRef | null = $derived.by(() => chooseHeat(this.#candidates, this.#scoredAt, this.pinned));

	#competition: CompetitionStandings | null = $derived(this.#all.find((c) => c.competition.id === this.shown?.competitionId) ?? null);

	/** A scorer of the shown competition, fed once per read; scoring it again each second is cheap. */
	#scorer: CompetitionScorer | null = $derived.by(() => {
		const c = this.#competition;
		if (!c || !this.merged) return null;
		const scorer = new CompetitionScorer({ competition: c.competition, ruleset: c.ruleset, entries: c.entries });
		scorer.add(this.merged.log.filter((e) => e.competitionId === c.competition.id));
		return scorer;
	});

	standings: Standings | null = $derived(this.#scorer?.standings(this.#scoredAt) ?? null);

	get ruleset(): Ruleset | null {
		return this.#competition?.ruleset ?? null;
	}

	get competitionName(): string {
		return this.#competition?.competition.name ?? '';
	}

	get heatName(): string {
		const shown = this.shown;
		if (!shown) return '';
		return this.merged?.setup.heats.find((h) => h.id === shown.heatId && h.competitionId === shown.competitionId)?.name ?? shown.heatId;
	}

	/** The room clock of the shown heat at `now`. */
	clock: HeatClock = $derived.by(() => {
		const s = this.standings;
		const heatId = this.shown?.heatId;
		const ruleset = this.ruleset;
		if (!s || !heatId || !ruleset) return { phase: 'waiting' };
		// Every entry of the heat, whichever table: one that has not started keeps the heat running.
		return heatClock(
			s.rows.filter((r) => r.outcome.heatId === heatId).map((r) => r.outcome),
			ruleset,
			this.#now
		);
	});

	/** A relay heat: each team's part and next rotation signal (empty for other competitions). */
	relayTeams: RelayTeamLine[] = $derived.by(() => {
		const s = this.standings;
		const c = this.#competition;
		const heatId = this.shown?.heatId;
		if (!s || !c || !heatId || c.ruleset.format.kind !== 'relay') return [];
		return relayTeams(
			c.ruleset,
			c.entries,
			s.rows.filter((r) => r.outcome.heatId === heatId).map((r) => r.outcome),
			s.at
		);
	});

	/** The leaderboard's rows, in standings order. */
	rows: StandingRow[] = $derived(this.standings ? leaderboardRows(this.standings, this.shown?.heatId ?? null) : []);
}
