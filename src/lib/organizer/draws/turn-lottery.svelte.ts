import type { PreparedCompetition, TurnDraw } from '$lib/contract';
import type { RegisterData } from '../register-data.svelte';
import { PendingAction } from '../pending-action.svelte';
import { randomSeed } from './draw-seed';

/**
 * The turns by lot on the organizer's screen (ES-SHIFT): a competition with two or more heats
 * (its turns), a capacity per turn, the seed shown first; the server draws and records; the
 * result per turn; a swap of two entries in different turns (their tables and seats too); the
 * record of draws.
 */
export class TurnLotteryScreen {
	competitionId = $state('');
	seed = $state('');
	reason = $state('');
	capacities = $state<Record<string, number>>({});
	swapA = $state('');
	swapB = $state('');
	draws = $state.raw<TurnDraw[]>([]);
	readonly drawing = new PendingAction();
	readonly swapping = new PendingAction();

	constructor(
		readonly register: RegisterData,
		private readonly words: { drawn: (n: number) => string; swapped: (a: string, b: string) => string }
	) {}

	/** Competitions with two or more heats: turns to draw into. */
	get competitions(): PreparedCompetition[] {
		return this.register.competitions.filter((c) => c.heats.length >= 2);
	}

	get competition(): PreparedCompetition | undefined {
		return this.competitions.find((c) => c.competition.id === this.competitionId) ?? this.competitions[0];
	}

	get registered(): number {
		const id = this.competition?.competition.id;
		return this.register.data?.registrations.filter((r) => r.competitionId === id && r.status === 'registered').length ?? 0;
	}

	/** A turn's capacity: as typed, or an equal share of those registered. */
	capacityOf(heatId: string): number {
		const n = this.competition?.heats.length ?? 1;
		return this.capacities[heatId] ?? Math.ceil(this.registered / n);
	}

	get record(): TurnDraw[] {
		return this.draws.filter((d) => d.competitionId === this.competition?.competition.id);
	}

	get inForce(): TurnDraw | undefined {
		return this.record.find((d) => d.superseded === null);
	}

	get canDraw(): boolean {
		return !!this.competition && this.seed.trim() !== '' && this.registered > 0 && (!this.inForce || this.reason.trim() !== '');
	}

	/** The entries of a turn in the draw in force, by name. */
	inTurn(heatId: string): { id: string; name: string }[] {
		const d = this.inForce;
		if (!d) return [];
		return d.input.filter((r) => d.assigned[r.id] === heatId).sort((a, b) => a.name.localeCompare(b.name));
	}

	async load(): Promise<void> {
		this.draws = (await this.register.api.draws(this.register.eventId)).filter((d): d is TurnDraw => d.kind === 'turns');
	}

	useRandomSeed(): void {
		this.seed = randomSeed();
	}

	async draw(): Promise<void> {
		const competition = this.competition;
		if (!competition || !this.canDraw) return;
		await this.drawing.run(async () => {
			const capacities = Object.fromEntries(competition.heats.map((h) => [h.heat.id, this.capacityOf(h.heat.id)]));
			const draw = await this.register.api.drawTurns(this.register.eventId, {
				competitionId: competition.competition.id,
				seed: this.seed.trim(),
				capacities,
				...(this.reason.trim() ? { reason: this.reason.trim() } : {})
			});
			this.reason = '';
			await this.load();
			await this.register.changed();
			return this.words.drawn(Object.keys(draw.assigned).length);
		});
	}

	async swap(): Promise<void> {
		const d = this.inForce;
		if (!d || !this.swapA || !this.swapB) return;
		await this.swapping.run(async () => {
			const after = await this.register.api.swapTurns(this.register.eventId, d.id, this.swapA, this.swapB);
			const last = after.swaps.at(-1)!;
			this.swapA = '';
			this.swapB = '';
			await this.load();
			this.register.changed();
			return this.words.swapped(last.aName, last.bName);
		});
	}
}
