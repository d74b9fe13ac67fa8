import type { Competition, CompetitionMergeRequest, Entry, Heat, MergeLink } from '$lib/setup/schema';
import { mergeProblems, type MergeProblem } from '$lib/setup/merge-problems';
import { defaultEntryLinks, defaultHeatLinks, foldOptions, keepOptions, mergeOutcome, type MergeSetup } from './merge-plan';

const EMPTY: MergeSetup = { competitions: [], heats: [], entries: [], merges: [], deviceCompetitionIds: [] };

/**
 * The merge the organizer is preparing (src/lib/organizer/ui/MergePanel.svelte): the competition
 * to keep, the one to fold into it, how their heats and entries pair up (by name by default, see
 * merge-plan.ts; each can be changed), the reason; and what is wrong with it, by the same check
 * the server makes (mergeProblems). The set-up comes from the server and may be replaced by a
 * newer answer: choices that are no longer possible are dropped, the others stay.
 */
export class MergeDraft {
	#setup = $state.raw<MergeSetup>(EMPTY);
	keptId = $state('');
	foldedId = $state('');
	heatLinks = $state.raw<MergeLink[]>([]);
	entryLinks = $state.raw<MergeLink[]>([]);
	reason = $state('');
	/** The request's ID, made once per merge: sent again after a lost answer, the merge is recorded once. */
	id: string;
	readonly #newId: () => string;

	constructor(newId: () => string) {
		this.#newId = newId;
		this.id = newId();
	}

	get setup(): MergeSetup {
		return this.#setup;
	}

	set setup(s: MergeSetup) {
		this.#setup = s;
		if (!keepOptions(s).some((c) => c.id === this.keptId)) this.chooseKept('');
		else if (this.foldedId && !this.foldable.some((c) => c.id === this.foldedId)) this.chooseFolded('');
	}

	readonly keepable: Competition[] = $derived(keepOptions(this.#setup));
	readonly kept: Competition | undefined = $derived(this.#setup.competitions.find((c) => c.id === this.keptId));
	readonly foldable: Competition[] = $derived(this.kept ? foldOptions(this.#setup, this.kept) : []);
	readonly folded: Competition | undefined = $derived(this.foldable.find((c) => c.id === this.foldedId));
	readonly keptHeats: Heat[] = $derived(this.#setup.heats.filter((h) => h.competitionId === this.keptId));
	readonly foldedHeats: Heat[] = $derived(this.#setup.heats.filter((h) => h.competitionId === this.foldedId));
	readonly keptEntries: Entry[] = $derived(this.#setup.entries.filter((e) => e.competitionId === this.keptId));
	readonly foldedEntries: Entry[] = $derived(this.#setup.entries.filter((e) => e.competitionId === this.foldedId));

	chooseKept(id: string): void {
		this.keptId = id;
		this.chooseFolded(this.foldable.length === 1 ? this.foldable[0]!.id : '');
	}

	/** Chooses the competition to fold in, with the default pairing of its heats and entries. */
	chooseFolded(id: string): void {
		this.foldedId = id;
		this.heatLinks = id ? defaultHeatLinks(this.keptHeats, this.foldedHeats) : [];
		this.entryLinks = id ? defaultEntryLinks(this.keptEntries, this.foldedEntries, this.heatLinks) : [];
	}

	/** Links a heat of the folded-in competition (`to` null: as a new heat); its entries pair again by name in the heat it goes to. */
	linkHeat(from: string, to: string | null): void {
		this.heatLinks = this.heatLinks.map((l) => (l.from === from ? { from, to } : l));
		const again = new Map(defaultEntryLinks(this.keptEntries, this.foldedEntries, this.heatLinks).map((l) => [l.from, l]));
		const moved = new Set(this.foldedEntries.filter((e) => e.heatId === from).map((e) => e.id));
		this.entryLinks = this.entryLinks.map((l) => (moved.has(l.from) ? again.get(l.from)! : l));
	}

	/** Links an entry of the folded-in competition to a kept entry, or (`to` null) adds it as a new entry. */
	linkEntry(from: string, to: string | null): void {
		this.entryLinks = this.entryLinks.map((l) => (l.from === from ? { from, to } : l));
	}

	/** The kept heat a heat of the folded-in competition goes to (null: it becomes a heat of its own). */
	heatTarget(heatId: string): string | null {
		return this.heatLinks.find((l) => l.from === heatId)?.to ?? null;
	}

	/** The kept entries an entry of the folded-in competition may go to: those of the heat its heat goes to. */
	entryTargets(entry: Entry): Entry[] {
		const heat = this.heatTarget(entry.heatId);
		return heat === null ? [] : this.keptEntries.filter((e) => e.heatId === heat);
	}

	readonly problems: MergeProblem[] = $derived.by(() => {
		const kept = this.kept;
		const folded = this.folded;
		if (!kept || !folded) return [];
		const { competitions, heats, entries, merges } = this.#setup;
		return mergeProblems(
			{ id: this.id, eventId: kept.eventId, keptCompetitionId: kept.id, foldedCompetitionId: folded.id, heats: this.heatLinks, entries: this.entryLinks },
			{ competitions, heats, entries, merges },
			{ complete: true }
		);
	});

	readonly outcome = $derived(mergeOutcome(this.keptEntries, this.entryLinks));

	/** Everything chosen, nothing wrong, a reason given. */
	readonly ready: boolean = $derived(!!this.kept && !!this.folded && this.problems.length === 0 && this.reason.trim().length > 0);

	request(): CompetitionMergeRequest {
		return { id: this.id, keptCompetitionId: this.keptId, foldedCompetitionId: this.foldedId, heats: this.heatLinks, entries: this.entryLinks, reason: this.reason.trim() };
	}

	/** After a merge was recorded: a new, empty draft. */
	reset(): void {
		this.id = this.#newId();
		this.reason = '';
		this.chooseKept('');
	}
}
