import { m } from '$lib/i18n';
import type { FeeTotals } from '$lib/registration/fees';
import type { Registration } from '$lib/registration/schema';
import { StaleRecordError } from '$lib/sync/client/errors';
import type { PreparedCompetition } from '$lib/contract';
import { PendingAction } from '../pending-action.svelte';
import type { RegisterData } from '../register-data.svelte';
import { competitionList, type CompetitionList } from './entries-list';

/** What a registration action answers: the registration after it, and those a cancellation moved up. */
type Answer = { registration: Registration; movedUp: Registration[] };
/** A payment or a cancellation, without the version it is made from (the screen adds the current one). */
type Act = { action: 'pay'; paid: { amount: number; at?: number } | null } | { action: 'cancel'; at?: number } | { action: 'change'; preferredTurn: string | null };

/**
 * The registrations' screen state (RegistrationsPanel): the competition shown (one at a time),
 * its list and totals, the open payment or cancellation (a registration's ID: the dialog reads
 * it afresh from the register, so that a retry after a stale edit starts from its current
 * version), and the actions — register a unit, record or take back a payment, cancel (the
 * first waiting ones move up). A stale edit (another organizer device changed the
 * registration first) reads the register again and says so; what was typed stays in the dialog.
 */
export class EntriesScreen {
	/** The competition shown (its ID); null: the first. */
	chosen = $state<string | null>(null);
	/** The registration whose payment or cancellation dialog is open. */
	paying = $state<string | null>(null);
	cancelling = $state<string | null>(null);
	/** The registration whose preferred turn (ES-SHIFT) is being chosen. */
	turning = $state<string | null>(null);
	readonly registering = new PendingAction();
	/** A payment or cancellation: its outcome shown in its dialog while it is open, above the list once closed. */
	readonly acting = new PendingAction();

	constructor(readonly register: RegisterData) {}

	get competition(): PreparedCompetition | undefined {
		const all = this.register.competitions;
		return all.find((c) => c.competition.id === this.chosen) ?? all[0];
	}

	get list(): CompetitionList | null {
		const c = this.competition;
		return c && this.register.data ? competitionList(this.register.data.registrations, c.competition.id, c.ruleset) : null;
	}

	get totals(): FeeTotals | undefined {
		const id = this.competition?.competition.id;
		return this.register.data?.totals.find((t) => t.competitionId === id);
	}

	get eventDay(): string {
		return this.register.data?.event.date ?? '';
	}

	registration(id: string | null): Registration | undefined {
		return id === null ? undefined : this.register.data?.registrations.find((r) => r.id === id);
	}

	choose(competitionId: string): void {
		this.chosen = competitionId;
		this.acting.clear();
		this.registering.clear();
	}

	/**
	 * Registers a unit of the shown competition; `despiteProblems` when the organizer saw its
	 * problems and registers it anyway. Says where it went (registered or waiting).
	 */
	registerUnit(unit: { name?: string; memberIds: string[] }, despiteProblems: boolean): Promise<boolean> {
		const c = this.competition;
		if (!c) return Promise.resolve(false);
		return this.registering.run(async () => {
			const { registration } = await this.register.api.createRegistration(this.register.eventId, {
				registration: { id: `r-${crypto.randomUUID()}`, competitionId: c.competition.id, memberIds: unit.memberIds, ...(unit.name ? { name: unit.name } : {}) },
				...(despiteProblems ? { despiteProblems: true } : {})
			});
			await this.register.changed();
			return registration.status === 'waiting' ? m.org_entries_registered_waiting({ name: registration.name }) : m.org_entries_registered_done({ name: registration.name });
		});
	}

	/** Records a payment (`amount` at `at`), or takes it back (null). */
	pay(id: string, paid: { amount: number; at: number } | null): Promise<boolean> {
		return this.#act(id, { action: 'pay', paid }, ({ registration: r }) =>
			r.paid ? m.org_entries_paid_done({ name: r.name }) : m.org_entries_unpaid_done({ name: r.name })
		);
	}

	/** Cancels at `at`; says whether the fee is refunded and who moved up from the waiting list. */
	cancel(id: string, at: number): Promise<boolean> {
		return this.#act(id, { action: 'cancel', at }, ({ registration: r, movedUp }) =>
			[
				r.cancelled?.refundDue ? m.org_entries_cancelled_refund({ name: r.name }) : m.org_entries_cancelled_no_refund({ name: r.name }),
				movedUp.length > 0 ? m.org_entries_moved_up({ names: movedUp.map((x) => x.name).join(', ') }) : ''
			]
				.filter(Boolean)
				.join(' ')
		);
	}

	/** The shown competition's turns (its heats) a registration may prefer (ES-SHIFT); none unless it has two or more. */
	get turns(): { id: string; name: string }[] {
		const heats = this.competition?.heats ?? [];
		return heats.length >= 2 ? heats.map(({ heat }) => ({ id: heat.id, name: heat.name })) : [];
	}

	/** Records the preferred turn (a heat of the competition), or clears it (null). */
	preferTurn(id: string, heatId: string | null): Promise<boolean> {
		return this.#act(id, { action: 'change', preferredTurn: heatId }, ({ registration: r }) => {
			const turn = this.turns.find((t) => t.id === r.preferredTurn);
			return turn ? m.org_draw_turn_preferred_done({ name: r.name, turn: turn.name }) : m.org_draw_turn_cleared_done({ name: r.name });
		});
	}

	/** One action on a registration from its current version; the dialog closes when it went through. */
	#act(id: string, action: Act, said: (answer: Answer) => string): Promise<boolean> {
		return this.acting.run(async () => {
			const current = this.registration(id);
			if (!current) throw new Error(m.org_entries_gone());
			let answer: Answer;
			try {
				answer = await this.register.api.actOnRegistration(this.register.eventId, id, { ...action, expectedVersion: current.version });
			} catch (e) {
				if (!(e instanceof StaleRecordError)) throw e;
				await this.register.load();
				throw new Error(m.org_entries_stale({ name: current.name }));
			}
			this.paying = null;
			this.cancelling = null;
			this.turning = null;
			await this.register.changed();
			return said(answer);
		});
	}
}
