import { m } from '$lib/i18n';
import { PendingAction } from '$lib/organizer/pending-action.svelte';
import { PrintProblem } from '$lib/organizer/print-document';
import { heatTables, type HeatTable } from '$lib/setup/heat-tables';
import type { SyncApi } from '$lib/sync/client/api';
import type { PrintedCard, SetupResponse, TableCard } from '$lib/contract';
import { cardState } from '$lib/contract/table-card-rules';
import { cardSheet, type CardSheet } from './card-sheet';

type Setup = Pick<SetupResponse, 'event' | 'competitions' | 'heats' | 'entries'>;

/** A seated table of the heat on the cards page: its seats, how many live cards it has, whether the next print makes it one. */
export interface IssueRow extends HeatTable {
	live: number;
	chosen: boolean;
}

/**
 * A heat's table cards on the organizer's cards page (/organizer/seating/cards?heat=ID).
 * Opening the page only lists the cards (GET): each seated table with its count of live cards.
 * Printing is an explicit step, `issue()` (POST): a new card for every chosen table (all of
 * them unless some are left out, e.g. to reprint a lost card only), the earlier live cards of
 * those tables revoked with it when `revokeEarlier` (on unless turned off). The new cards'
 * links exist only in the answer to that step: `sheet` is the newest print, for paper.
 */
export class CardIssue {
	readonly heatName: string;
	readonly tables: readonly HeatTable[];
	/** The heat's cards, as the server last listed them. */
	cards = $state.raw<TableCard[]>([]);
	/** The tables the next print is for. */
	chosen = $state.raw<ReadonlySet<string>>(new Set());
	revokeEarlier = $state(true);
	/** The print step: busy while it runs, its failure (PendingAction). */
	readonly printing = new PendingAction();
	/** Why the last listing of the cards failed; null when it went through. */
	private listFailure = $state<string | null>(null);
	/** The cards of the last print on this page (their links shown this once), and whether it revoked the earlier ones of their tables. */
	printed = $state.raw<{ cards: PrintedCard[]; revokedEarlier: boolean } | null>(null);

	readonly rows: IssueRow[] = $derived.by(() => {
		const now = this.now();
		const live = new Map<string, number>();
		for (const c of this.cards) if (cardState(c, now) === 'live') live.set(c.table, (live.get(c.table) ?? 0) + 1);
		return this.tables.map((t) => ({ ...t, live: live.get(t.table) ?? 0, chosen: this.chosen.has(t.table) }));
	});
	/** The chosen tables, in the heat's order. */
	readonly chosenTables: string[] = $derived.by(() => this.tables.filter((t) => this.chosen.has(t.table)).map((t) => t.table));
	readonly allChosen: boolean = $derived.by(() => this.chosenTables.length === this.tables.length);
	readonly sheet: CardSheet | null = $derived.by(() => this.printed && cardSheet(this.setup, this.heatId, this.printed.cards));
	/**
	 * Whether the page has anything for paper (the frame's print button, OrganizerPrintPage's
	 * `printable`): true once cards were made in this visit, otherwise why not (printing the page
	 * before would give a sheet without cards).
	 */
	readonly printable: true | string = $derived.by(() => (this.sheet ? true : m.org_cards_print_first({ heat: this.heatName })));

	constructor(
		private readonly api: SyncApi,
		private readonly eventId: string,
		private readonly setup: Setup,
		readonly heatId: string,
		cards: readonly TableCard[],
		private readonly now: () => number = Date.now
	) {
		this.heatName = setup.heats.find((h) => h.id === heatId)?.name ?? heatId;
		this.tables = heatTables(setup.entries, heatId);
		this.cards = cards.filter((c) => c.heatId === heatId);
		this.chosen = new Set(this.tables.map((t) => t.table));
	}

	/** The cards page of heat `heatId`: the set-up and the event's cards read (nothing is printed); a PrintProblem for no heat or one not in the set-up. */
	static async open(api: SyncApi, eventId: string, heatId: string | null, now: () => number = Date.now): Promise<CardIssue> {
		if (!heatId) throw new PrintProblem(m.org_cards_no_heat());
		const [setup, cards] = await Promise.all([api.getSetup(eventId), api.tableCards(eventId)]);
		if (!setup.heats.some((h) => h.id === heatId)) throw new PrintProblem(m.org_cards_no_heat());
		return new CardIssue(api, eventId, setup, heatId, cards, now);
	}

	choose(table: string, chosen: boolean): void {
		const next = new Set(this.chosen);
		if (chosen) next.add(table);
		else next.delete(table);
		this.chosen = next;
	}

	chooseAll(chosen: boolean): void {
		this.chosen = new Set(chosen ? this.tables.map((t) => t.table) : []);
	}

	get busy(): boolean {
		return this.printing.busy;
	}

	/** What went wrong last: the print step, else the listing. */
	get error(): string | null {
		return this.printing.failure ?? this.listFailure;
	}

	/** Prints new cards for the chosen tables (every table: no list sent), then lists the heat's cards again. */
	async issue(): Promise<boolean> {
		if (this.chosenTables.length === 0) return false;
		return this.printing.run(async () => {
			const revokeEarlier = this.revokeEarlier;
			const cards = await this.api.printCards(this.eventId, this.heatId, { ...(!this.allChosen && { tables: this.chosenTables }), revokeEarlier });
			this.printed = { cards, revokedEarlier: revokeEarlier };
			await this.reload();
		});
	}

	/** Lists the heat's cards again (their live counts). */
	async reload(): Promise<void> {
		try {
			this.cards = (await this.api.tableCards(this.eventId)).filter((c) => c.heatId === this.heatId);
			this.listFailure = null;
		} catch (e) {
			this.listFailure = e instanceof Error ? e.message : String(e);
		}
	}
}
