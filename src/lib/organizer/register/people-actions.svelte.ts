import { m } from '$lib/i18n';
import { PersonSchema, type Person, type RegistrationChange } from '$lib/registration/schema';
import { StaleRecordError } from '$lib/sync/client/errors';
import { PendingAction } from '../pending-action.svelte';
import type { RegisterData } from '../register-data.svelte';
import { emptyPersonDraft, personDraftOf, personFromDraft, type PersonDraft, type PersonFormResult } from './people-form';

/**
 * The open form of a person: what is typed, the version it was opened at (the save names it),
 * and, when another organizer device saved the person meanwhile, the person as saved now.
 */
export class PersonFormState {
	draft = $state<PersonDraft>(emptyPersonDraft());
	/** The version the form was opened at; null: a new person. */
	baseVersion = $state<number | null>(null);
	/** The person as saved now, when the last save was refused as made from an older version. */
	conflict = $state.raw<Person | null>(null);
	/** A save was tried: the errors show. */
	tried = $state(false);
	/** The person's ID (a new one's, chosen by this device). */
	readonly id: string;
	/** The browser could not read the date of birth typed (validity.badInput: its value is then empty). */
	birthDateUnreadable = $state(false);
	readonly result: PersonFormResult = $derived.by(() => personFromDraft(this.id, this.draft, undefined, this.birthDateUnreadable ? ['birthDate'] : []));

	constructor(id: string, person: Person | null) {
		this.id = id;
		if (person) {
			this.draft = personDraftOf(person);
			this.baseVersion = person.version;
		}
	}

	get adding(): boolean {
		return this.baseVersion === null;
	}
}

/**
 * The register's people on the organizer's screen: which person is open, the form of one being
 * added or edited, saving it from the version it was opened at (a stale save keeps what was
 * typed and shows both: keep mine, or take the saved one), the history, the erasure of the
 * personal data. Each action says what came of it (PendingAction).
 */
export class PeopleActions {
	/** The person whose card is open (their ID). */
	selected = $state<string | null>(null);
	form = $state<PersonFormState | null>(null);
	readonly saving = new PendingAction();
	readonly erasing = new PendingAction();
	readonly reading = new PendingAction();
	/** The history open in the dialog. */
	history = $state.raw<{ personId: string; changes: RegistrationChange[] } | null>(null);

	constructor(
		private readonly register: RegisterData,
		private readonly newId: () => string = () => `p-${crypto.randomUUID()}`
	) {}

	select(personId: string | null): void {
		this.selected = personId;
		this.form = null;
		this.saving.clear();
		this.erasing.clear();
	}

	openNew(): void {
		this.selected = null;
		this.form = new PersonFormState(this.newId(), null);
		this.saving.clear();
	}

	openEdit(person: Person): void {
		this.selected = person.id;
		this.form = new PersonFormState(person.id, person);
		this.saving.clear();
	}

	closeForm(): void {
		this.form = null;
		this.saving.clear();
	}

	/** Saves the form from the version it was opened at (or `fromVersion`: keep mine over the saved one). */
	save(fromVersion?: number): Promise<boolean> {
		const form = this.form;
		if (!form) return Promise.resolve(false);
		form.tried = true;
		const result = form.result;
		if (!result.ok) return Promise.resolve(false);
		const { eventId, api } = this.register;
		return this.saving.run(async () => {
			const { id, ...values } = result.person;
			try {
				const saved =
					form.adding
						? await api.createPerson(eventId, result.person)
						: await api.changePerson(eventId, id, { person: values, expectedVersion: fromVersion ?? form.baseVersion! });
				this.form = null;
				this.selected = saved.id;
				await this.register.changed();
				return form.adding ? m.org_people_added({ name: saved.name }) : m.org_people_saved({ name: saved.name });
			} catch (e) {
				const current = e instanceof StaleRecordError ? PersonSchema.safeParse(e.conflict.current) : null;
				if (!current?.success) throw e;
				form.conflict = current.data;
				throw new Error(m.org_people_stale({ name: current.data.name }));
			}
		});
	}

	/** After a refused save: saves what this organizer typed over the person as saved now. */
	keepMine(): Promise<boolean> {
		const saved = this.form?.conflict;
		return saved ? this.save(saved.version) : Promise.resolve(false);
	}

	/** After a refused save: the form takes the person as saved now (what was typed is given up). */
	takeSaved(): void {
		const form = this.form;
		if (!form?.conflict) return;
		form.draft = personDraftOf(form.conflict);
		form.baseVersion = form.conflict.version;
		form.conflict = null;
		form.tried = false;
		this.saving.clear();
	}

	/** Erases the person's personal data (their name, country, registrations and results stay). */
	erase(person: Person): Promise<boolean> {
		const { eventId, api } = this.register;
		return this.erasing.run(async () => {
			await api.erasePerson(eventId, person.id);
			await this.register.changed();
			return m.org_people_erase_done({ name: person.name });
		});
	}

	/** Reads the person's history into the dialog. */
	showHistory(person: Person): Promise<boolean> {
		const { eventId, api } = this.register;
		this.history = null;
		return this.reading.run(async () => {
			this.history = { personId: person.id, changes: await api.personHistory(eventId, person.id) };
		});
	}
}
