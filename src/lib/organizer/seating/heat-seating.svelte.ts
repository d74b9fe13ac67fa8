import type { RegisterData } from '$lib/organizer/register-data.svelte';
import { PendingAction } from '$lib/organizer/pending-action.svelte';
import { changedEntries } from '$lib/seating/changed-entries';
import { doubleSeats } from '$lib/seating/double-seats';
import { seatCandidates } from '$lib/seating/seat-candidates';
import { defaultLayout, layoutOfSeated, MAX_SEATS_PER_TABLE, MAX_TABLES, seatKey, seatsOf, type Seat, type SeatLayout } from '$lib/seating/seat-layout';
import { moveEntry } from '$lib/seating/seat-move';
import { drawSeats, fillTables, rankedOrder, snakeSeats, type SeatingMethod } from '$lib/seating/seat-order';
import type { Entry } from '$lib/setup/schema';
import type { SetupResponse } from '$lib/contract';

/** A previous round's ranking the organizer's device computed (its standings). */
export interface RankingSource {
	competitionId: string;
	name: string;
	rows: readonly { entryId: string; name: string; place: number | null }[];
}

/**
 * The seating of one heat on the organizer's screen (issue 15, Seating): who the heat seats
 * (seatCandidates), its tables and seats, everyone seated by a seeded draw, by registration
 * order or by a previous round's ranking in snake order, one entry moved to a free seat, and
 * the result written as set-up entries (the server refuses a seat given twice, so two organizer
 * devices cannot seat two people on one chair). A draft until saved.
 */
export class HeatSeating {
	readonly register: RegisterData;
	/** The previous rounds' rankings this device computed (the organizer's standings). */
	private readonly rankings: () => readonly RankingSource[];
	setup = $state.raw<SetupResponse | null>(null);
	heatId = $state<string | null>(null);
	method = $state<SeatingMethod>('draw');
	seed = $state('');
	rankingFrom = $state<string | null>(null);
	/** The tables and seats chosen for the heat; null: from the seats given, or the proposal for its count. */
	chosenLayout = $state<SeatLayout | null>(null);
	/** The seating not saved yet; null: as saved. */
	draft = $state.raw<Entry[] | null>(null);
	/** The last move refused: who sits on that seat. */
	refused = $state<{ name: string; table: string; seat: string } | null>(null);
	readonly saving = new PendingAction();
	readonly loading = new PendingAction();

	constructor(register: RegisterData, rankings: () => readonly RankingSource[]) {
		this.register = register;
		this.rankings = rankings;
	}

	async load(): Promise<void> {
		await this.loading.run(async () => {
			this.setup = await this.register.api.getSetup(this.register.eventId);
		});
	}

	/** Every heat of the event with its competition's name, in the competitions' order. */
	readonly heats = $derived.by(() => this.register.competitions.flatMap((c) => c.heats.map((h) => ({ heat: h.heat, competition: c }))));
	readonly chosen = $derived(this.heats.find((h) => h.heat.id === this.heatId) ?? this.heats[0]);

	/** Who the heat seats, as saved (the register's registered and the heat's entries). */
	readonly saved: Entry[] = $derived.by(() => {
		const c = this.chosen;
		const data = this.register.data;
		if (!c || !data || !this.setup) return [];
		return seatCandidates(c.heat, data.registrations, data.people, this.setup.entries);
	});

	/** The seating shown: the draft, or as saved. */
	readonly entries: Entry[] = $derived(this.draft ?? this.saved);

	readonly layout: SeatLayout = $derived(
		this.chosenLayout ?? layoutOfSeated(this.entries) ?? defaultLayout(this.entries.length, this.chosen?.competition.ruleset.unit.kind ?? 'individual')
	);

	/** Entry by seat key ("table/seat"). */
	readonly bySeat: ReadonlyMap<string, Entry> = $derived(
		new Map(this.entries.filter((e) => e.table && e.seat).map((e) => [seatKey({ table: e.table!, seat: e.seat! }), e]))
	);
	readonly freeSeats: Seat[] = $derived(seatsOf(this.layout).filter((s) => !this.bySeat.has(seatKey(s))));
	readonly unseated: Entry[] = $derived(this.entries.filter((e) => !e.table || !e.seat));
	readonly fits = $derived(this.entries.length <= this.layout.tables * this.layout.seatsPerTable);
	/** The other competitions whose ranking can seat this heat. */
	readonly rankingSources = $derived.by(() => this.rankings().filter((r) => r.competitionId !== this.chosen?.competition.competition.id));

	choose(heatId: string): void {
		this.heatId = heatId;
		this.draft = null;
		this.chosenLayout = null;
		this.refused = null;
		this.saving.clear();
	}

	setLayout(tables: number, seatsPerTable: number): void {
		if (!Number.isInteger(tables) || !Number.isInteger(seatsPerTable)) return;
		this.chosenLayout = { tables: Math.min(MAX_TABLES, Math.max(1, tables)), seatsPerTable: Math.min(MAX_SEATS_PER_TABLE, Math.max(1, seatsPerTable)) };
	}

	randomSeed(): void {
		const bytes = crypto.getRandomValues(new Uint8Array(5));
		this.seed = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
	}

	/** Everyone seated by the method; false when it cannot be done (no seed, no ranking, too few seats). */
	seatEveryone(): boolean {
		const ids = this.entries.map((e) => e.id);
		if (!this.fits || ids.length === 0) return false;
		let seats: Map<string, Seat>;
		if (this.method === 'draw') {
			if (this.seed.trim() === '') return false;
			seats = drawSeats(ids, this.layout, this.seed.trim());
		} else if (this.method === 'registration') seats = fillTables(ids, this.layout);
		else {
			const source = this.rankingSources.find((r) => r.competitionId === this.rankingFrom) ?? this.rankingSources[0];
			if (!source) return false;
			seats = snakeSeats(rankedOrder(this.entries, source.rows), this.layout);
		}
		this.draft = this.entries.map((e) => ({ ...e, ...seats.get(e.id)! }));
		this.refused = null;
		this.saving.clear();
		return true;
	}

	/** One entry to a seat: refused when another entry sits there. */
	move(entryId: string, to: Seat): boolean {
		const result = moveEntry(this.entries, entryId, to);
		if (!result.ok) {
			this.refused = { name: result.takenBy.name, table: to.table, seat: to.seat };
			return false;
		}
		this.refused = null;
		this.saving.clear();
		this.draft = result.entries;
		return true;
	}

	/** Writes the draft's changes as set-up entries (the tablets get them by sync); the server's refusal said as it is. */
	async save(done: (count: number) => string): Promise<boolean> {
		const draft = this.draft;
		if (!draft) return false;
		return this.saving.run(async () => {
			const clash = doubleSeats(draft)[0];
			if (clash) throw new Error(`table ${clash.table} seat ${clash.seat}: ${clash.entryIds.join(', ')}`);
			try {
				const changed = changedEntries(draft, this.saved);
				if (changed.length > 0) await this.register.api.writeSetup(this.register.eventId, { entries: changed });
			} finally {
				// Refused (another organizer device seated someone meanwhile): the seats as they now are, for "Discard the changes".
				this.setup = await this.register.api.getSetup(this.register.eventId);
			}
			this.draft = null;
			await this.register.changed();
			return done(draft.length);
		});
	}

	discard(): void {
		this.draft = null;
		this.refused = null;
	}
}
