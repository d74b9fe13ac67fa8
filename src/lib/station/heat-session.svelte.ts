import type { Ruleset } from '$lib/rules/schema';
import type { Entry } from '$lib/setup/schema';
import type { JudgeEvent } from '$lib/events/schema';
import type { CompetitionSetup, Outcome, Standings } from '$lib/scoring';
import type { EventLog } from '$lib/db/event-log';
import { Corrections } from './heat/corrections.svelte';
import { HeatFold } from './heat/heat-fold.svelte';
import { HeatTiming } from './heat/heat-timing.svelte';
import { HeatWriter } from './heat/heat-writer.svelte';
import { RelayActions } from './heat/relay-actions.svelte';
import { SeatActions } from './heat/seat-actions.svelte';
import { SeatPhotos } from './heat/seat-photos.svelte';

/**
 * One heat at one table, as the judge runs it: the heat's events folded into every seat's state
 * (`fold`), written through one path (`writer`), and what the judge does, by concern: the heat's
 * start and clock (`timing`), a seat's actions (`seat`), a relay team's (`relay`), undo and
 * corrections (`corrections`), the photos of evidence at its seats (`photos`). What every part of
 * the screen reads is here too.
 */
export class HeatSession {
	/** The heat's name for people (its ID when the tablet does not know the heat). */
	readonly heatName: string;
	readonly table: string | null;
	readonly fold: HeatFold;
	readonly writer: HeatWriter;
	readonly timing: HeatTiming;
	readonly seat: SeatActions;
	readonly relay: RelayActions;
	readonly corrections: Corrections;
	readonly photos: SeatPhotos;
	/** Stops following the other tabs' taps. */
	private readonly unfollow: () => void;

	constructor(opts: {
		setup: CompetitionSetup;
		heatId: string;
		heatName?: string;
		table: string | null;
		log: EventLog;
		judge: string;
		events: JudgeEvent[];
		/** How an event of another tab or device reads here (the organizer's merges: issue 30 #3); as it is by default. */
		read?: (event: JudgeEvent) => JudgeEvent;
	}) {
		this.heatName = opts.heatName ?? opts.heatId;
		this.table = opts.table;
		this.fold = new HeatFold(opts);
		this.writer = new HeatWriter(this.fold, opts.log, opts.judge);
		this.timing = new HeatTiming(this.fold, this.writer);
		this.seat = new SeatActions(this.fold, this.writer);
		this.corrections = new Corrections(this.fold, this.writer);
		this.relay = new RelayActions(this.fold, this.writer, this.corrections);
		this.photos = new SeatPhotos(this.fold, opts.log);
		const read = opts.read ?? ((e: JudgeEvent) => e);
		this.unfollow = opts.log.onOtherTab((raw) => {
			const e = read(raw);
			if (e.competitionId === this.setup.competition.id && e.heatId === this.heatId) this.merge([e]);
		});
	}

	/** The judge left the heat: the other tabs' taps are no longer followed. */
	close(): void {
		this.unfollow();
	}

	get setup(): CompetitionSetup {
		return this.fold.setup;
	}

	get heatId(): string {
		return this.fold.heatId;
	}

	get ruleset(): Ruleset {
		return this.fold.ruleset;
	}

	get seats(): Entry[] {
		return this.fold.seats;
	}

	/** The time the clocks are shown for (the page advances it every frame while visible). */
	get now(): number {
		return this.fold.now;
	}

	set now(t: number) {
		this.fold.now = t;
	}

	get outcomes(): Map<string, Outcome> {
		return this.fold.outcomes;
	}

	/** A seat's outcome at `now`, its running clock included. */
	outcome(entryId: string): Outcome {
		return this.fold.outcome(entryId);
	}

	get standings(): Standings {
		return this.fold.standings;
	}

	/** Events recorded elsewhere (another tablet, an import) join the fold. */
	merge(events: JudgeEvent[]): void {
		this.fold.merge(events);
	}

	/** Who taps now: changed when another judge takes over (each event keeps the name it was recorded under). */
	get judge(): string {
		return this.writer.judge;
	}

	set judge(name: string) {
		this.writer.judge = name;
	}

	/** A write is under way: the action buttons wait for it. */
	get saving(): boolean {
		return this.writer.saving;
	}

	/** The last write that failed, shown to the judge. */
	get error(): string | null {
		return this.writer.error;
	}
}
