import type { DrawRecord, LeftoverChoice, PreparedCompetition, TeamDraw } from '$lib/contract';
import type { RegisterData } from '../register-data.svelte';
import { PendingAction } from '../pending-action.svelte';
import { checkTeamDraw } from './draw-check';
import { randomSeed, seedFromDice } from './draw-seed';

/**
 * The relay's team draw on the organizer's screen (CZ-TEAM-DRAW): the competition, the seed
 * shown before the draw (typed, from dice, random), what happens to leftovers, the reason of a
 * redraw; the server draws and records; the record of every draw; a team renamed; and "check a
 * draw", computed on this device from a seed and a printed sorted input.
 */
export class TeamDrawScreen {
	competitionId = $state('');
	seed = $state('');
	dice = $state('');
	diceError = $state(false);
	leftoverChoice = $state<LeftoverChoice>('waiting');
	reason = $state('');
	draws = $state.raw<DrawRecord[]>([]);
	readonly drawing = new PendingAction();
	readonly renaming = new PendingAction();
	checkSeed = $state('');
	checkInput = $state('');

	constructor(
		readonly register: RegisterData,
		/** The default team name before its number, in the event's language (it is printed and public), asked at the draw. */
		private readonly teamName: () => string,
		private readonly words: { drawn: (n: number) => string; renamed: (name: string) => string }
	) {}

	/** Competitions of teams: the relay's teams are drawn from people registered alone. */
	get teamCompetitions(): PreparedCompetition[] {
		return this.register.competitions.filter((c) => c.ruleset.unit.kind === 'team');
	}

	get competition(): PreparedCompetition | undefined {
		return this.teamCompetitions.find((c) => c.competition.id === this.competitionId) ?? this.teamCompetitions[0];
	}

	/** Registered alone, not waiting, not cancelled: who the teams are drawn from. */
	get individuals(): number {
		const id = this.competition?.competition.id;
		return this.register.data?.registrations.filter((r) => r.competitionId === id && r.status === 'registered' && r.memberIds.length === 1).length ?? 0;
	}

	get leftovers(): number {
		return this.individuals % 4;
	}

	/** The draw in force of the competition shown (none superseded it). */
	get inForce(): TeamDraw | undefined {
		return this.record.find((d) => d.superseded === null);
	}

	get record(): TeamDraw[] {
		return this.draws.filter((d): d is TeamDraw => d.kind === 'teams' && d.competitionId === this.competition?.competition.id);
	}

	get canDraw(): boolean {
		return !!this.competition && this.seed.trim() !== '' && this.individuals >= 4 && (!this.inForce || this.reason.trim() !== '');
	}

	get checked() {
		return this.checkSeed.trim() && this.checkInput.trim() ? checkTeamDraw(this.checkSeed, this.checkInput) : null;
	}

	async load(): Promise<void> {
		this.draws = await this.register.api.draws(this.register.eventId);
	}

	useRandomSeed(): void {
		this.seed = randomSeed();
	}

	useDice(): void {
		const seed = seedFromDice(this.dice);
		this.diceError = seed === null;
		if (seed) this.seed = seed;
	}

	async draw(): Promise<void> {
		const competition = this.competition;
		if (!competition || !this.canDraw) return;
		await this.drawing.run(async () => {
			const draw = await this.register.api.drawTeams(this.register.eventId, {
				competitionId: competition.competition.id,
				seed: this.seed.trim(),
				leftoverChoice: this.leftoverChoice,
				teamName: this.teamName(),
				...(this.reason.trim() ? { reason: this.reason.trim() } : {})
			});
			this.reason = '';
			await this.load();
			await this.register.changed();
			return this.words.drawn(draw.teams.length);
		});
	}

	async rename(drawId: string, teamId: string, name: string): Promise<void> {
		if (!name.trim()) return;
		await this.renaming.run(async () => {
			await this.register.api.renameTeam(this.register.eventId, drawId, teamId, name.trim());
			await this.load();
			this.register.changed();
			return this.words.renamed(name.trim());
		});
	}
}
