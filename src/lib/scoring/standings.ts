import type { Ruleset } from '$lib/rules/schema';
import { formatResult } from './time';
import type { Outcome, RankBasis, StandingRow } from './types';
import { placeSharing, rankedCount, sharedPlaces } from './standings/places';
import { compareRankItems, type RankItem } from './standings/rank-item';
import { standingRow } from './standings/standing-row';
import { settleTieForFirst } from './standings/tie-for-first';

/**
 * The ranking key of an outcome: a tier, then a value, smaller first. Equal keys share a
 * place (CZ-IND-RANK-3). Tiers:
 *   0 finishers by final time incl. penalties (CZ-IND-RANK-1, ES-WIN); under a limit-plus-penalty
 *     ruleset with finishersFirst off, unfinished entries by their recorded time too (ES-UNFINISHED)
 *   1 unfinished entries: by counted pieces, more first (CZ-IND-RANK-2, CZ-TEAM-RANK), or by
 *     recorded time (ES-UNFINISHED, finishersFirst on)
 *   unranked: no result yet, disqualified (ES-DQ) or did not start: no place
 */
export function rankBasis(ruleset: Ruleset, o: Outcome): RankBasis {
	if (o.status === 'finished' && o.finalTimeMs !== null) return { kind: 'time', finalTimeMs: o.finalTimeMs, finished: true };
	if (o.status === 'unfinished') {
		if (o.tallyPending) return { kind: 'unranked', why: 'tally-pending' };
		if (ruleset.unfinished.policy === 'limit-plus-loose-penalty' && o.finalTimeMs !== null)
			return { kind: 'time', finalTimeMs: o.finalTimeMs, finished: false };
		if (o.countedPieces !== null) return { kind: 'pieces', countedPieces: o.countedPieces };
	}
	return { kind: 'unranked', why: o.status };
}

/** The ranking key of a basis: [tier, value], smaller first; null for unranked entries. */
export function rankKey(ruleset: Ruleset, b: RankBasis): [number, number] | null {
	switch (b.kind) {
		case 'time': {
			const tier = !b.finished && ruleset.unfinished.policy === 'limit-plus-loose-penalty' && ruleset.unfinished.finishersFirst ? 1 : 0;
			return [tier, b.finalTimeMs];
		}
		case 'pieces':
			return [1, -b.countedPieces];
		case 'unranked':
			return null;
	}
}

/** Where entries without a place are listed, in this order. */
const UNRANKED_ORDER: Record<string, number> = {
	'tally-pending': 0,
	finished: 1,
	running: 2,
	paused: 3,
	preview: 4,
	'not-started': 5,
	unfinished: 6,
	disqualified: 7,
	'did-not-start': 8
};

function reasonFor(ruleset: Ruleset, o: Outcome, b: RankBasis): string {
	const res = ruleset.timeResolution;
	const parts: string[] = [];
	const p = o.penalties;
	// The pieces penalised: those from the box the organizer confirmed cost nothing (missing-pieces.ts).
	const penalised = o.missingPieces - o.boxFaultExempt;
	if (p.missingPiecesMs) parts.push(`+${formatResult(p.missingPiecesMs, res)} for ${penalised} missing piece${penalised === 1 ? '' : 's'}`);
	if (p.assistanceMs) parts.push(`+${formatResult(p.assistanceMs, res)} assistance`);
	if (p.loosePiecesMs) parts.push(`+${formatResult(p.loosePiecesMs, res)} for ${o.loosePieces} loose piece${o.loosePieces === 1 ? '' : 's'}`);
	if (p.adjustmentMs) parts.push(`${p.adjustmentMs > 0 ? '+' : '−'}${formatResult(Math.abs(p.adjustmentMs), res)} adjustment`);
	const pen = parts.length ? ` (${parts.join(', ')})` : '';
	switch (b.kind) {
		case 'time':
			return b.finished
				? `finished: ${formatResult(b.finalTimeMs, res)} = ${formatResult(o.elapsedMs ?? 0, res)}${pen}`
				: `unfinished: ${formatResult(b.finalTimeMs, res)} = limit ${formatResult(o.elapsedMs ?? 0, res)}${pen}`;
		case 'pieces':
			return `unfinished: ${b.countedPieces} of ${o.totalPieces} pieces in groups of at least ${ruleset.unfinished.minGroupSize}`;
		case 'unranked':
			switch (b.why) {
				case 'tally-pending':
					return 'unfinished: group tally not entered yet';
				case 'disqualified':
					return `disqualified: ${o.disqualification ?? ''}`;
				case 'did-not-start':
					return 'did not start';
				default:
					return `no result yet (${b.why})`;
			}
	}
}

/** Names compare the same on every device, whatever its language. Made at the first ranking: a page's first collator is costly, and a heat's seat grid paints without one. */
let collator: Intl.Collator | null = null;

/** The order of entries sharing a place: by name, then by ID (names alone do not tell every two apart). */
export function byName(a: { id: string; name: string }, b: { id: string; name: string }): number {
	collator ??= new Intl.Collator('en', { sensitivity: 'variant', numeric: true });
	return collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Outcomes → standings: places with shared places, awards and the tie-break flag. Kept by the
 * scorer between calls: an unchanged outcome keeps its key and reason, and the previous order
 * makes the next sort nearly free.
 */
export class Ranking {
	private readonly ruleset: Ruleset;
	private readonly names = new Map<string, string>();
	private readonly entries: readonly { id: string; name: string }[];
	/** Each entry's place in name order: sorted at the first ranking, not when the scorer is made (a heat's seat grid paints without ranking). */
	#nameOrder: Map<string, number> | null = null;
	private readonly items = new Map<string, RankItem>();
	private order: string[] = [];
	private last: { outcomes: Outcome[]; tiebreakOrder: readonly string[] | null; result: { rows: StandingRow[]; tieForFirst: string[] } } | null = null;

	constructor(ruleset: Ruleset, entries: readonly { id: string; name: string }[]) {
		this.ruleset = ruleset;
		this.entries = entries.map(({ id, name }) => ({ id, name }));
		for (const e of entries) this.names.set(e.id, e.name);
	}

	private get nameOrder(): Map<string, number> {
		return (this.#nameOrder ??= new Map([...this.entries].sort(byName).map((e, i) => [e.id, i])));
	}

	private item(o: Outcome): RankItem {
		const cached = this.items.get(o.entryId);
		if (cached?.o === o) return cached;
		const basis = rankBasis(this.ruleset, o);
		const key = rankKey(this.ruleset, basis);
		const item: RankItem = {
			o,
			basis,
			ranked: key !== null,
			primary: key ? key[0] : basis.kind === 'unranked' ? (UNRANKED_ORDER[basis.why] ?? 9) : 9,
			secondary: key ? key[1] : 0,
			nameOrder: this.nameOrder.get(o.entryId) ?? this.nameOrder.size,
			name: this.names.get(o.entryId) ?? o.entryId,
			reason: null,
			row: null
		};
		this.items.set(o.entryId, item);
		return item;
	}

	/** `tiebreakOrder` is the latest tie-break result, best first (ES-TIE). */
	rank(outcomes: readonly Outcome[], tiebreakOrder: readonly string[] | null = null): { rows: StandingRow[]; tieForFirst: string[] } {
		// Nothing changed since the last call (the usual case between events): the same rows.
		const last = this.last;
		if (last && last.tiebreakOrder === tiebreakOrder && last.outcomes.length === outcomes.length && last.outcomes.every((o, i) => o === outcomes[i]))
			return last.result;
		const result = this.rankAnew(outcomes, tiebreakOrder);
		this.last = { outcomes: outcomes.slice(), tiebreakOrder, result };
		return result;
	}

	private rankAnew(outcomes: readonly Outcome[], tiebreakOrder: readonly string[] | null): { rows: StandingRow[]; tieForFirst: string[] } {
		const ruleset = this.ruleset;
		const sorted = this.sorted(outcomes);
		const count = rankedCount(sorted);
		const places = sharedPlaces(sorted, count);
		const { tieForFirst, placedByTiebreak } = settleTieForFirst(sorted, places, tiebreakOrder, ruleset.ties.flagTieForFirst);
		const tieSet = new Set(tieForFirst);
		const sharing = placeSharing(places);
		const rows = sorted.map((it, i) => {
			it.reason ??= reasonFor(ruleset, it.o, it.basis);
			const place = i < count ? places[i]! : null;
			const shared = place === null ? 0 : sharing[place]!;
			return standingRow(ruleset, it, { place, shared, tieBreak: tieSet.has(it.o.entryId), byTiebreak: placedByTiebreak.has(it.o.entryId) });
		});
		return { rows, tieForFirst };
	}

	/** The items of `outcomes` in ranking order, remembered for next time. */
	private sorted(outcomes: readonly Outcome[]): RankItem[] {
		const known = this.items.size;
		for (const o of outcomes) this.item(o);
		// Start from the previous order: the sort then has almost nothing to do.
		let sorted: RankItem[];
		if (this.items.size === known && known === outcomes.length && this.order.length === known) sorted = this.order.map((id) => this.items.get(id)!);
		else {
			const byId = new Map(outcomes.map((o) => [o.entryId, this.items.get(o.entryId)!]));
			sorted = [];
			for (const id of this.order) {
				const it = byId.get(id);
				if (it) {
					sorted.push(it);
					byId.delete(id);
				}
			}
			sorted.push(...byId.values());
		}
		sorted.sort(compareRankItems);
		this.order = sorted.map((it) => it.o.entryId);
		return sorted;
	}
}

/**
 * Outcomes → standings in one call. `names` gives each entry's display name; `tiebreakOrder`
 * is the latest tie-break result, best first (ES-TIE).
 */
export function rankOutcomes(
	ruleset: Ruleset,
	outcomes: readonly Outcome[],
	names: ReadonlyMap<string, string>,
	tiebreakOrder: readonly string[] | null = null
): { rows: StandingRow[]; tieForFirst: string[] } {
	const entries = outcomes.map((o) => ({ id: o.entryId, name: names.get(o.entryId) ?? o.entryId }));
	return new Ranking(ruleset, entries).rank(outcomes, tiebreakOrder);
}
