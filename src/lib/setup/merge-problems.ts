import type { Competition, CompetitionMerge, Entry, Heat } from './schema';

/**
 * What is wrong with a merge of two competitions (CompetitionMergeSchema) against the set-up it
 * names: the server checks a merge with it before recording it and when restoring a backup, a
 * file reader when reading a file (the self-contained rule), the organizer's screen before
 * offering to record one. Pure.
 *
 * - Both competitions exist, differ, belong to the merge's event and run the same ruleset version.
 * - No chains: the folded-in competition is not folded into another merge nor has others folded
 *   into it, and the kept one is not folded into another (a merge can't be merged into a third).
 * - Each heat link goes from a heat of the folded-in competition to a heat of the kept one (or
 *   is new); each entry link from an entry of the folded-in competition to an entry of the kept
 *   one in the heat its own heat goes to (or is new); nothing is linked twice, and no kept entry
 *   receives two entries.
 * - `complete`: every heat and entry of the folded-in competition is linked (when recording;
 *   a file may hold entries added after the merge, which are read as new).
 */

export type MergeProblemKind =
	| 'same-competition'
	| 'unknown-competition'
	| 'other-event'
	| 'other-ruleset'
	| 'chain'
	| 'unknown-heat'
	| 'heat-twice'
	| 'heat-missing'
	| 'unknown-entry'
	| 'entry-twice'
	| 'entry-missing'
	| 'target-taken'
	| 'target-heat';

export interface MergeProblem {
	kind: MergeProblemKind;
	/** Where in the merge: `keptCompetitionId`, `entries[3].to` … */
	path: (string | number)[];
	message: string;
}

/** The set-up a merge is checked against, and the merges already recorded (the merge itself excluded). */
export interface MergeWorld {
	competitions: readonly Competition[];
	heats: readonly Heat[];
	entries: readonly Entry[];
	merges: readonly Pick<CompetitionMerge, 'id' | 'keptCompetitionId' | 'foldedCompetitionId'>[];
}

export type MergeDraft = Pick<CompetitionMerge, 'id' | 'eventId' | 'keptCompetitionId' | 'foldedCompetitionId' | 'heats' | 'entries'>;

export function mergeProblems(merge: MergeDraft, world: MergeWorld, opts: { complete: boolean }): MergeProblem[] {
	const problems: MergeProblem[] = [];
	const add = (kind: MergeProblemKind, path: (string | number)[], message: string) => problems.push({ kind, path, message });
	const { keptCompetitionId: keptId, foldedCompetitionId: foldedId } = merge;
	if (keptId === foldedId) {
		add('same-competition', ['foldedCompetitionId'], `a competition cannot be merged into itself (${keptId})`);
		return problems;
	}
	const kept = world.competitions.find((c) => c.id === keptId);
	const folded = world.competitions.find((c) => c.id === foldedId);
	if (!kept) add('unknown-competition', ['keptCompetitionId'], `competition "${keptId}" is not in the set-up`);
	if (!folded) add('unknown-competition', ['foldedCompetitionId'], `competition "${foldedId}" is not in the set-up`);
	if (!kept || !folded) return problems;
	for (const [c, field] of [
		[kept, 'keptCompetitionId'],
		[folded, 'foldedCompetitionId']
	] as const)
		if (c.eventId !== merge.eventId) add('other-event', [field], `competition "${c.id}" belongs to event "${c.eventId}", not "${merge.eventId}"`);
	if (kept.ruleset.id !== folded.ruleset.id || kept.ruleset.version !== folded.ruleset.version)
		add(
			'other-ruleset',
			['foldedCompetitionId'],
			`competition "${foldedId}" runs ruleset ${folded.ruleset.id} v${folded.ruleset.version} and "${keptId}" ${kept.ruleset.id} v${kept.ruleset.version}: only competitions of the same ruleset merge`
		);
	for (const other of world.merges) {
		if (other.id === merge.id) continue;
		if (other.foldedCompetitionId === foldedId) add('chain', ['foldedCompetitionId'], `competition "${foldedId}" is already merged into "${other.keptCompetitionId}"`);
		else if (other.keptCompetitionId === foldedId) add('chain', ['foldedCompetitionId'], `competitions were merged into "${foldedId}": it cannot be merged into a third`);
		if (other.foldedCompetitionId === keptId) add('chain', ['keptCompetitionId'], `competition "${keptId}" is merged into "${other.keptCompetitionId}": merge into that one instead`);
	}

	const heatsOf = (competitionId: string) => new Map(world.heats.filter((h) => h.competitionId === competitionId).map((h) => [h.id, h]));
	const foldedHeats = heatsOf(foldedId);
	const keptHeats = heatsOf(keptId);
	/** Where each linked heat of the folded-in competition goes: a kept heat's ID, or its own (new). */
	const heatGoesTo = new Map<string, string>();
	merge.heats.forEach((link, i) => {
		if (!foldedHeats.has(link.from)) add('unknown-heat', ['heats', i, 'from'], `heat "${link.from}" is not a heat of competition "${foldedId}"`);
		else if (heatGoesTo.has(link.from)) add('heat-twice', ['heats', i, 'from'], `heat "${link.from}" is linked twice`);
		if (link.to !== null && !keptHeats.has(link.to)) add('unknown-heat', ['heats', i, 'to'], `heat "${link.to}" is not a heat of competition "${keptId}"`);
		if (foldedHeats.has(link.from) && !heatGoesTo.has(link.from)) heatGoesTo.set(link.from, link.to ?? link.from);
	});
	if (opts.complete)
		for (const id of foldedHeats.keys()) if (!heatGoesTo.has(id)) add('heat-missing', ['heats'], `heat "${id}" of competition "${foldedId}" is not linked: onto a heat of "${keptId}", or as a new heat`);

	const foldedEntries = new Map(world.entries.filter((e) => e.competitionId === foldedId).map((e) => [e.id, e]));
	const keptEntries = new Map(world.entries.filter((e) => e.competitionId === keptId).map((e) => [e.id, e]));
	const linked = new Set<string>();
	const taken = new Map<string, string>();
	merge.entries.forEach((link, i) => {
		const from = foldedEntries.get(link.from);
		if (!from) add('unknown-entry', ['entries', i, 'from'], `entry "${link.from}" is not an entry of competition "${foldedId}"`);
		else if (linked.has(link.from)) add('entry-twice', ['entries', i, 'from'], `entry "${link.from}" is linked twice`);
		else linked.add(link.from);
		if (link.to === null) return;
		const to = keptEntries.get(link.to);
		if (!to) {
			add('unknown-entry', ['entries', i, 'to'], `entry "${link.to}" is not an entry of competition "${keptId}"`);
			return;
		}
		const first = taken.get(link.to);
		if (first !== undefined && first !== link.from) add('target-taken', ['entries', i, 'to'], `entry "${link.to}" receives both "${first}" and "${link.from}"`);
		else taken.set(link.to, link.from);
		if (from) {
			const heat = heatGoesTo.get(from.heatId) ?? from.heatId;
			if (to.heatId !== heat)
				add('target-heat', ['entries', i, 'to'], `entry "${link.from}" goes to heat "${heat}", but entry "${link.to}" is in heat "${to.heatId}"`);
		}
	});
	if (opts.complete)
		for (const id of foldedEntries.keys()) if (!linked.has(id)) add('entry-missing', ['entries'], `entry "${id}" of competition "${foldedId}" is not linked: onto an entry of "${keptId}", or as a new entry`);
	return problems;
}
