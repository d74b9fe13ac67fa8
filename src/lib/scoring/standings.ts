import type { Ruleset } from '$lib/rules/schema';
import { formatResult } from './time';
import type { Outcome, RankBasis, StandingRow } from './types';

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
	if (p.missingPiecesMs) parts.push(`+${formatResult(p.missingPiecesMs, res)} for ${o.missingPieces} missing piece${o.missingPieces === 1 ? '' : 's'}`);
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

interface RankItem {
	o: Outcome;
	basis: RankBasis;
	ranked: boolean;
	/** Ranked: tier and value of the key. Unranked: the status's listing order, and 0. */
	primary: number;
	secondary: number;
	/** The entry's position among all entries sorted by name, then id. */
	nameOrder: number;
	name: string;
	reason: string | null;
	/** The last row made for this item. */
	row: StandingRow | null;
}

/** Names compare the same on every device, whatever its language. */
const collator = new Intl.Collator('en', { sensitivity: 'variant', numeric: true });

/**
 * Outcomes → standings: places with shared places, awards and the tie-break flag. Kept by the
 * scorer between calls: an unchanged outcome keeps its key and reason, and the previous order
 * makes the next sort nearly free.
 */
export class Ranking {
	private readonly ruleset: Ruleset;
	private readonly names = new Map<string, string>();
	private readonly nameOrder = new Map<string, number>();
	private readonly items = new Map<string, RankItem>();
	private order: string[] = [];
	private last: { outcomes: Outcome[]; tiebreakOrder: readonly string[] | null; result: { rows: StandingRow[]; tieForFirst: string[] } } | null = null;

	constructor(ruleset: Ruleset, entries: readonly { id: string; name: string }[]) {
		this.ruleset = ruleset;
		for (const e of entries) this.names.set(e.id, e.name);
		[...entries]
			.sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
			.forEach((e, i) => this.nameOrder.set(e.id, i));
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
		sorted.sort(
			(a, b) =>
				(a.ranked === b.ranked ? 0 : a.ranked ? -1 : 1) || a.primary - b.primary || a.secondary - b.secondary || a.nameOrder - b.nameOrder
		);
		this.order = sorted.map((it) => it.o.entryId);
		let rankedCount = 0;
		while (rankedCount < sorted.length && sorted[rankedCount]!.ranked) rankedCount++;

		// Shared places: 1 + the number of entries with a strictly better key (CZ-IND-RANK-3).
		const places: number[] = new Array(rankedCount);
		for (let i = 0; i < rankedCount; i++) {
			const it = sorted[i]!;
			const prev = sorted[i - 1];
			places[i] = prev && prev.primary === it.primary && prev.secondary === it.secondary ? places[i - 1]! : i + 1;
		}

		// A tie for first (ES-TIE): a tie-break result orders the tied entries it lists, best first;
		// tied entries it does not list share the next place. Without a result the tie is flagged.
		let tieForFirst: string[] = [];
		const placedByTiebreak = new Set<string>();
		let firstCount = 0;
		while (firstCount < rankedCount && places[firstCount] === 1) firstCount++;
		if (firstCount > 1) {
			const firstGroup = sorted.slice(0, firstCount);
			const tied = new Set(firstGroup.map((i) => i.o.entryId));
			const order = (tiebreakOrder ?? []).filter((id) => tied.has(id));
			if (order.length > 0) {
				const pos = new Map(order.map((id, k) => [id, k]));
				const rank = (it: RankItem) => pos.get(it.o.entryId) ?? order.length;
				firstGroup.sort((a, b) => rank(a) - rank(b) || a.nameOrder - b.nameOrder);
				firstGroup.forEach((it, k) => {
					sorted[k] = it;
					places[k] = rank(it) + 1;
					if (pos.has(it.o.entryId)) placedByTiebreak.add(it.o.entryId);
				});
			} else if (ruleset.ties.flagTieForFirst) tieForFirst = firstGroup.map((i) => i.o.entryId);
		}
		const tieSet = new Set(tieForFirst);
		const sharing = new Uint32Array(rankedCount + 2);
		for (const p of places) sharing[p]!++;

		const rows: StandingRow[] = sorted.map((it, i) => {
			it.reason ??= reasonFor(ruleset, it.o, it.basis);
			const place = i < rankedCount ? places[i]! : null;
			const shared = place === null ? 0 : sharing[place]!;
			const tieBreak = tieSet.has(it.o.entryId);
			const byTiebreak = placedByTiebreak.has(it.o.entryId);
			// An entry whose place and company did not change keeps its row object.
			const r = it.row;
			if (r && r.place === place && r.shared === shared && r.tieBreak === tieBreak && r.byTiebreak === byTiebreak) return r;
			let reason = it.reason;
			if (shared > 1) reason += ` — shares place ${place} with ${shared - 1} other${shared > 2 ? 's' : ''}`;
			if (byTiebreak) reason += ' — placed by the tie-break';
			it.row = {
				entryId: it.o.entryId,
				name: it.name,
				place,
				awarded: place !== null && place <= ruleset.awards.topN,
				tieBreak,
				shared,
				byTiebreak,
				basis: it.basis,
				reason,
				outcome: it.o
			};
			return it.row;
		});
		return { rows, tieForFirst };
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
