import type { Entry } from '$lib/setup/schema';
import type { RelayProgress } from '$lib/scoring/relay-progress';
import type { HeatSession } from '../heat-session.svelte';
import { relayPlan, shownStage, type RelayPlace } from './relay-plan';
import { rotationSignalDue } from './rotation-signal';

/** How long the screen flashes at a rotation signal (as --relay-flash-ms in tokens.css). */
export const FLASH_MS = 2400;

/**
 * One relay team's screen at the table: where the team is (relayProgress of its outcome at the
 * session's `now`, so every frame), the part's places shown, and the rotation signal as seen live.
 * Every action goes through the HeatSession (one write path, one undo).
 */
export class RelayTeamScreen {
	readonly session: HeatSession;
	readonly team: Entry;
	/** The last signal this screen has seen (undefined: it has not looked yet, e.g. after a reload). */
	#seen: number | null | undefined = undefined;
	/** Until when the full-screen flash shows (the session's clock). */
	flashUntil = $state(0);

	constructor(session: HeatSession, team: Entry) {
		this.session = session;
		this.team = team;
	}

	progress: RelayProgress | null = $derived.by(() => this.session.relay.progress(this.team.id));

	/** The part whose places are shown, and its places (clockwise for a rotation part). */
	stage: number = $derived(this.progress ? shownStage(this.progress) : 0);
	places: RelayPlace[] = $derived(this.progress ? relayPlan(this.progress, this.stage) : []);

	get flashing(): boolean {
		return this.session.now < this.flashUntil;
	}

	/** Member names of the team for people, in the team's order. */
	names(ids: readonly string[]): string {
		return this.team.members
			.filter((m) => ids.includes(m.id))
			.map((m) => m.name)
			.join(', ');
	}

	name(id: string): string {
		return this.team.members.find((m) => m.id === id)?.name ?? id;
	}

	/**
	 * Looks at the clock (every frame): true when a rotation signal has just sounded, seen live
	 * (not one that passed while the page was away); the flash starts then.
	 */
	observe(): boolean {
		const p = this.progress;
		const last = p?.lastSignalAtMs ?? null;
		const due = rotationSignalDue(this.#seen, last, this.session.outcome(this.team.id).clockMs);
		this.#seen = last;
		if (due) this.flashUntil = this.session.now + FLASH_MS;
		return due;
	}
}
