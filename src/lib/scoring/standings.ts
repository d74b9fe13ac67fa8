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

function rankKey(ruleset: Ruleset, b: RankBasis): [number, number] | null {
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

/**
 * Outcomes → standings: places with shared places, awards and the tie-break flag.
 * `names` gives each entry's display name; `tiebreakOrder` is the latest tie-break result,
 * best first (ES-TIE): it orders the entries tied for first that it lists.
 */
export function rankOutcomes(
	ruleset: Ruleset,
	outcomes: readonly Outcome[],
	names: ReadonlyMap<string, string>,
	tiebreakOrder: readonly string[] | null = null
): { rows: StandingRow[]; tieForFirst: string[] } {
	const items = outcomes.map((o) => {
		const basis = rankBasis(ruleset, o);
		return { o, basis, key: rankKey(ruleset, basis), name: names.get(o.entryId) ?? o.entryId };
	});
	const byName = (a: (typeof items)[number], b: (typeof items)[number]) =>
		a.name.localeCompare(b.name) || (a.o.entryId < b.o.entryId ? -1 : a.o.entryId > b.o.entryId ? 1 : 0);
	const ranked = items.filter((i) => i.key !== null).sort((a, b) => a.key![0] - b.key![0] || a.key![1] - b.key![1] || byName(a, b));
	const unranked = items
		.filter((i) => i.key === null)
		.sort((a, b) => {
			const wa = a.basis.kind === 'unranked' ? (UNRANKED_ORDER[a.basis.why] ?? 9) : 9;
			const wb = b.basis.kind === 'unranked' ? (UNRANKED_ORDER[b.basis.why] ?? 9) : 9;
			return wa - wb || byName(a, b);
		});

	// Shared places: 1 + the number of entries with a strictly better key.
	const places: number[] = [];
	ranked.forEach((it, i) => {
		const prev = ranked[i - 1];
		places.push(prev && prev.key![0] === it.key![0] && prev.key![1] === it.key![1] ? places[i - 1]! : i + 1);
	});

	// A tie for first (ES-TIE): a tie-break result orders the tied entries it lists, best first;
	// tied entries it does not list share the next place. Without a result the tie is flagged.
	let tieForFirst: string[] = [];
	const placedByTiebreak = new Set<string>();
	const firstGroup = ranked.filter((_, i) => places[i] === 1);
	if (firstGroup.length > 1) {
		const tied = new Set(firstGroup.map((i) => i.o.entryId));
		const order = (tiebreakOrder ?? []).filter((id) => tied.has(id));
		if (order.length > 0) {
			const pos = new Map(order.map((id, k) => [id, k]));
			const rank = (it: (typeof items)[number]) => pos.get(it.o.entryId) ?? order.length;
			firstGroup.sort((a, b) => rank(a) - rank(b) || byName(a, b));
			firstGroup.forEach((it, k) => {
				ranked[k] = it;
				places[k] = rank(it) + 1;
				if (pos.has(it.o.entryId)) placedByTiebreak.add(it.o.entryId);
			});
		} else if (ruleset.ties.flagTieForFirst) tieForFirst = firstGroup.map((i) => i.o.entryId);
	}
	const tieSet = new Set(tieForFirst);
	const sharing = new Map<number, number>();
	for (const p of places) sharing.set(p, (sharing.get(p) ?? 0) + 1);

	const rows: StandingRow[] = [
		...ranked.map((it, i) => {
			const place = places[i]!;
			const n = sharing.get(place)!;
			let reason = reasonFor(ruleset, it.o, it.basis);
			if (n > 1) reason += ` — shares place ${place} with ${n - 1} other${n > 2 ? 's' : ''}`;
			if (placedByTiebreak.has(it.o.entryId)) reason += ' — placed by the tie-break';
			return {
				entryId: it.o.entryId,
				name: it.name,
				place,
				awarded: place <= ruleset.awards.topN,
				tieBreak: tieSet.has(it.o.entryId),
				basis: it.basis,
				reason,
				outcome: it.o
			};
		}),
		...unranked.map((it) => ({
			entryId: it.o.entryId,
			name: it.name,
			place: null,
			awarded: false,
			tieBreak: false,
			basis: it.basis,
			reason: reasonFor(ruleset, it.o, it.basis),
			outcome: it.o
		}))
	];
	return { rows, tieForFirst };
}
