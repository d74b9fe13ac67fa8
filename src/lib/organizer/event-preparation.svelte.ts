import type { SyncApi } from '$lib/sync/client/api';
import type { EventDetails, Preparation, PreparedCompetition } from '$lib/contract';
import type { Ruleset } from '$lib/rules/schema';
import { PendingAction } from './pending-action.svelte';

/**
 * The event screen's state (/organizer/event): the event's preparation as the server has it
 * (GET /api/events/{e}/preparation), read again after every change, and one PendingAction per
 * kind of change, so that each says what came of it where it was made. `onchanged` runs after a
 * change went through (the organizer's sync then brings the set-up to this device's other screens).
 */
export class EventPreparation {
	data = $state<Preparation | null>(null);
	loadError = $state<string | null>(null);
	readonly details = new PendingAction();
	readonly adding = new PendingAction();
	readonly heats = new PendingAction();
	/** Saving the open ruleset form: its failure is shown in the form, its success at the competition. */
	readonly rules = new PendingAction();
	/** The competition whose rules were saved last. */
	revised = $state<string | null>(null);
	/** The competition whose rules are open in the form (its ID), or null. */
	editing = $state<string | null>(null);

	constructor(
		private readonly api: SyncApi,
		readonly eventId: string,
		private readonly onchanged: () => void = () => {}
	) {}

	/** The competition open in the form. */
	get edited(): PreparedCompetition | null {
		return this.data?.competitions.find((c) => c.competition.id === this.editing) ?? null;
	}

	async load(): Promise<void> {
		try {
			this.data = await this.api.preparation(this.eventId);
			this.loadError = null;
		} catch (e) {
			this.loadError = e instanceof Error ? e.message : String(e);
		}
	}

	async #changed(): Promise<void> {
		await this.load();
		this.onchanged();
	}

	saveDetails(details: EventDetails, saved: string): Promise<boolean> {
		return this.details.run(async () => {
			await this.api.saveEventDetails(this.eventId, details);
			await this.#changed();
			return saved;
		});
	}

	addCompetition(presetId: string, name: string): Promise<boolean> {
		return this.adding.run(async () => {
			const trimmed = name.trim();
			const { competition } = await this.api.addCompetition(this.eventId, trimmed ? { presetId, name: trimmed } : { presetId });
			await this.#changed();
			return competition.name;
		});
	}

	/**
	 * Saves the form's ruleset as the next version and closes the form; refused, the form stays
	 * open with the server's reason (started: CZ-GEN-CHANGES; changed meanwhile). `saved` words the version.
	 */
	reviseRuleset(competitionId: string, baseVersion: number, ruleset: Ruleset, reason: string, saved: (version: number) => string): Promise<boolean> {
		this.revised = competitionId;
		return this.rules.run(async () => {
			const answer = await this.api.reviseRuleset(this.eventId, competitionId, { baseVersion, ruleset, reason });
			this.editing = null;
			await this.#changed();
			return saved(answer.ruleset.version);
		});
	}

	/** Opens the form of a competition's rules (one at a time). */
	edit(competitionId: string | null): void {
		this.editing = competitionId;
		this.rules.clear();
	}

	/** Switching a competition's live results: its outcome is shown at the competition switched last. */
	readonly live = new PendingAction();
	liveOf = $state<string | null>(null);

	/** Shows the competition's provisional results live to the public, or stops; `said` words the outcome. */
	showLive(competitionId: string, show: boolean, said: string): Promise<boolean> {
		this.liveOf = competitionId;
		return this.live.run(async () => {
			await this.api.setLive(this.eventId, competitionId, show);
			await this.load();
			return said;
		});
	}

	/** The competition whose heats were changed last (where the outcome is shown). */
	heatsOf = $state<string | null>(null);

	addHeat(competitionId: string, name: string): Promise<boolean> {
		this.heatsOf = competitionId;
		return this.heats.run(async () => {
			await this.api.addHeat(this.eventId, competitionId, name);
			await this.#changed();
		});
	}

	renameHeat(competitionId: string, heatId: string, name: string): Promise<boolean> {
		this.heatsOf = competitionId;
		return this.heats.run(async () => {
			await this.api.renameHeat(this.eventId, heatId, name);
			await this.#changed();
		});
	}

	removeHeat(competitionId: string, heatId: string): Promise<boolean> {
		this.heatsOf = competitionId;
		return this.heats.run(async () => {
			await this.api.removeHeat(this.eventId, heatId);
			await this.#changed();
		});
	}
}
