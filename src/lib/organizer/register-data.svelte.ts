import { checkInsOf, type CheckIn } from '$lib/registration/check-ins';
import type { JudgeEvent } from '$lib/events/schema';
import type { Person, Registration } from '$lib/registration/schema';
import type { SyncApi } from '$lib/sync/client/api';
import type { PreparedCompetition, RegisterAnswer } from '$lib/contract';
import type { OrganizerSession } from './organizer-session.svelte';

/**
 * The register as the organizer's screens show it (/organizer/register): people,
 * registrations, unit problems and fee totals from the server (GET …/register), the
 * competitions with their rulesets (GET …/preparation), read again after every change; and who
 * is checked in, from the judge events this device holds (the door devices' check-ins arrive
 * with the organizer's sync). The people's and the registrations' actions build on it.
 */
export class RegisterData {
	data = $state.raw<RegisterAnswer | null>(null);
	competitions = $state.raw<PreparedCompetition[]>([]);
	loadError = $state<string | null>(null);
	/** A registration another panel asked to show (the problems' list links to it); the registrations' list shows it and clears this. */
	shownEntry = $state<string | null>(null);
	/** Check-ins in force by registration ID. */
	readonly checkIns: ReadonlyMap<string, CheckIn> = $derived.by(() => checkInsOf([...this.events()]));
	/**
	 * The check-ins in force, in short: changes when a desk's check-in, undo or payment arrives,
	 * not on every sync. The register is read again then (RegisterPage): the server has made a
	 * payment taken at the desk the registration's (issue 30 #1).
	 */
	readonly checkInsKey: string = $derived([...this.checkIns.values()].map((c) => c.id).sort().join(' '));

	constructor(
		readonly api: SyncApi,
		readonly eventId: string,
		/** The judge events the device holds (the organizer session's merged log). */
		private readonly events: () => Iterable<JudgeEvent>,
		/** Runs after a change went through (the organizer's sync brings the roster to the devices). */
		private readonly onchanged: () => void = () => {}
	) {}

	/** The register of the organizer signed in on this device (null until signed in): the register's screens and sub-pages make theirs so. */
	static ofSession(organizer: Pick<OrganizerSession, 'api' | 'pairing' | 'view' | 'syncNow'>): RegisterData | null {
		return organizer.api && organizer.pairing
			? new RegisterData(organizer.api, organizer.pairing.eventId, () => organizer.view?.eventsById.values() ?? [], () => organizer.syncNow())
			: null;
	}

	async load(): Promise<void> {
		try {
			const [register, preparation] = await Promise.all([this.api.register(this.eventId), this.api.preparation(this.eventId)]);
			this.data = register;
			this.competitions = preparation.competitions;
			this.loadError = null;
		} catch (e) {
			this.loadError = e instanceof Error ? e.message : String(e);
		}
	}

	/** Reads the register again after a change, then lets the session sync. */
	async changed(): Promise<void> {
		await this.load();
		this.onchanged();
	}

	person(id: string): Person | undefined {
		return this.data?.people.find((p) => p.id === id);
	}

	/** The person's registrations, in any competition. */
	registrationsOf(personId: string): Registration[] {
		return this.data?.registrations.filter((r) => r.memberIds.includes(personId)) ?? [];
	}

	/** Asks the registrations' list to show this registration (its competition chosen, the row in sight). */
	showEntry(registrationId: string): void {
		this.shownEntry = registrationId;
	}

	competition(id: string): PreparedCompetition | undefined {
		return this.competitions.find((c) => c.competition.id === id);
	}
}
