import type { Competition, CompetitionMerge, Entry, Heat, MergeLink } from '$lib/setup/schema';

/**
 * What the organizer's screen offers when merging competitions set up on tablets (docs/sync.md,
 * Merging competitions), and how the folded-in competition's heats and entries pair up with the
 * kept one's by default. Pure; the screen's state is merge-draft.svelte.ts.
 */

/** The set-up the merge is chosen from: the server's answer to GET …/setup. */
export interface MergeSetup {
	competitions: readonly Competition[];
	heats: readonly Heat[];
	entries: readonly Entry[];
	merges: readonly CompetitionMerge[];
	/** The competitions a judge set up on a tablet: the only ones that may be folded into another. */
	deviceCompetitionIds: readonly string[];
}

/** A name as compared for pairing: trimmed, case-insensitive (and in one Unicode form). */
export function nameKey(name: string): string {
	return name.normalize('NFC').trim().toLocaleLowerCase();
}

/** Competitions that may be folded into `kept`: set up on a tablet, the same ruleset version, not merged yet, nothing merged into them. */
export function foldOptions(setup: MergeSetup, kept: Competition): Competition[] {
	const onTablets = new Set(setup.deviceCompetitionIds);
	const folded = new Set(setup.merges.map((m) => m.foldedCompetitionId));
	const keeping = new Set(setup.merges.map((m) => m.keptCompetitionId));
	return setup.competitions.filter(
		(c) =>
			c.id !== kept.id &&
			onTablets.has(c.id) &&
			!folded.has(c.id) &&
			!keeping.has(c.id) &&
			c.ruleset.id === kept.ruleset.id &&
			c.ruleset.version === kept.ruleset.version
	);
}

/** Competitions that may be kept: not folded into another, with at least one competition to fold into them. */
export function keepOptions(setup: MergeSetup): Competition[] {
	const folded = new Set(setup.merges.map((m) => m.foldedCompetitionId));
	return setup.competitions.filter((c) => !folded.has(c.id) && foldOptions(setup, c).length > 0);
}

/**
 * Each heat of the folded-in competition onto the kept heat of the same name (trimmed,
 * case-insensitive), or onto the kept competition's only heat when both have one; else new.
 */
export function defaultHeatLinks(keptHeats: readonly Heat[], foldedHeats: readonly Heat[]): MergeLink[] {
	const used = new Set<string>();
	return foldedHeats.map((h) => {
		const same = keptHeats.find((k) => !used.has(k.id) && nameKey(k.name) === nameKey(h.name));
		const only = keptHeats.length === 1 && foldedHeats.length === 1 ? keptHeats[0] : undefined;
		const to = same ?? only;
		if (to) used.add(to.id);
		return { from: h.id, to: to?.id ?? null };
	});
}

/** Each entry of the folded-in competition onto the first entry of the same name not taken yet in the kept heat its heat goes to; else new. */
export function defaultEntryLinks(keptEntries: readonly Entry[], foldedEntries: readonly Entry[], heatLinks: readonly MergeLink[]): MergeLink[] {
	const heatTo = new Map(heatLinks.map((l) => [l.from, l.to]));
	const used = new Set<string>();
	return foldedEntries.map((e) => {
		const heat = heatTo.get(e.heatId) ?? null;
		const to = heat === null ? undefined : keptEntries.find((k) => k.heatId === heat && !used.has(k.id) && nameKey(k.name) === nameKey(e.name));
		if (to) used.add(to.id);
		return { from: e.id, to: to?.id ?? null };
	});
}

/** How the merge comes out: entries paired with a kept one, entries added, and the kept competition's entries after it. */
export function mergeOutcome(keptEntries: readonly Entry[], entryLinks: readonly MergeLink[]): { paired: number; added: number; total: number } {
	const paired = entryLinks.filter((l) => l.to !== null).length;
	const added = entryLinks.length - paired;
	return { paired, added, total: keptEntries.length + added };
}
