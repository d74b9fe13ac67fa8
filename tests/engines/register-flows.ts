import assert from 'node:assert/strict';
import en from '../../messages/en.json';
import { presetById } from '../../src/lib/rules/presets';
import type { ServerProcess } from '../server-spawn';
import { until, type EnginePage } from './engine-page';
import { shown, textOf } from './page-reads';

/**
 * The check-in desk and the organizer's register in a real engine (issue 30 #24: iPads and
 * Firefox run them too), one step after the other on one browser against a server of its own:
 * a desk paired through its link checks a person in while the server is down, and the check-in
 * reaches the server once it is back; the organizer signs in, adds a person (a date of birth
 * the engine cannot read is an error beside the field, issue 30 #5b) and registers them.
 * Seeded through the API, as the Playwright specs are (tests/desk-kit.ts).
 */

const RULESET = presetById('czjpa-individual')!;
const JANA = 'Jana Nováková';
const NEW_PERSON = 'Tereza Šimková';
const FORM = '[data-testid="person-form"]';

/** One request to the server; the answer's JSON. */
async function api(origin: string, method: string, path: string, token: string | null, json?: unknown): Promise<{ status: number; body: any }> {
	const res = await fetch(`${origin}${path}`, {
		method,
		headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(json !== undefined ? { 'content-type': 'application/json' } : {}) },
		body: json === undefined ? undefined : JSON.stringify(json),
		signal: AbortSignal.timeout(30_000)
	});
	const text = await res.text();
	let body: unknown;
	try {
		body = JSON.parse(text);
	} catch {
		body = text;
	}
	return { status: res.status, body };
}

async function ok(origin: string, method: string, path: string, token: string | null, json: unknown, status: number): Promise<any> {
	const a = await api(origin, method, path, token, json);
	assert.equal(a.status, status, `${method} ${path}: ${JSON.stringify(a.body).slice(0, 400)}`);
	return a.body;
}

/** The message under the field whose control is `selector` (its hint or error), in the page. */
function fieldMessage(selector: string): string | null {
	const control = document.querySelector(selector);
	const message = control?.closest('.ui-field')?.querySelector('.ui-field-message');
	return message ? (message.textContent ?? '').replace(/\s+/g, ' ').trim() : null;
}

/** A date field's value and whether the engine could read what was typed (validity.badInput), in the page. */
function dateField(selector: string): { value: string; badInput: boolean } {
	const el = document.querySelector(selector) as HTMLInputElement;
	return { value: el.value, badInput: el.validity.badInput };
}

/** Sets a date field as its picker would (the value, then input and change events), in the page. */
function pickDate(selector: string, day: string): string {
	const el = document.querySelector(selector) as HTMLInputElement;
	el.value = day;
	el.dispatchEvent(new Event('input', { bubbles: true }));
	el.dispatchEvent(new Event('change', { bubbles: true }));
	return el.value;
}

/** Whether the page's text holds `text`, in the page. */
function pageSays(text: string): boolean {
	return (document.body.textContent ?? '').replace(/\s+/g, ' ').includes(text);
}

export class RegisterRun {
	eventId = '';
	eventName = '';
	orgToken = '';
	deskPairUrl = '';

	constructor(
		readonly page: EnginePage,
		public server: ServerProcess,
		/** Starts the server again on the same data and port (the reconnection). */
		readonly restart: () => Promise<ServerProcess>
	) {}

	get origin(): string {
		return this.server.origin;
	}

	/** An event with a CZJPA individual: Jana Nováková registered, paid and seated; a desk "Door 1". */
	async seed(): Promise<void> {
		const created = await ok(this.origin, 'POST', '/api/events', null, { event: { name: `Engines ${this.page.engine}`, date: '2026-05-16' } }, 201);
		this.eventId = created.eventId;
		this.eventName = created.event.name;
		this.orgToken = created.token;
		const e = `/api/events/${this.eventId}`;
		const competitionId = `${this.eventId}-ind`;
		const heatId = `${this.eventId}-h1`;
		await ok(this.origin, 'POST', `${e}/setup`, this.orgToken, {
			rulesets: [RULESET],
			competitions: [{ id: competitionId, eventId: this.eventId, name: 'Individual', ruleset: { id: RULESET.id, version: RULESET.version } }],
			heats: [{ id: heatId, competitionId, name: 'Heat 1' }],
			entries: [{ id: 'r-jana', competitionId, heatId, name: JANA, members: [], table: '1', seat: '1' }]
		}, 200);
		await ok(this.origin, 'POST', `${e}/people`, this.orgToken, { person: { id: 'p-jana', name: JANA, birthDate: '1990-01-02', country: 'CZ' } }, 201);
		const r = await ok(this.origin, 'POST', `${e}/registrations`, this.orgToken, { registration: { id: 'r-jana', competitionId, memberIds: ['p-jana'] } }, 201);
		await ok(this.origin, 'POST', `${e}/registrations/r-jana`, this.orgToken, { action: 'pay', expectedVersion: r.registration.version, paid: { amount: r.registration.fee.amount, at: Date.now() } }, 200);
		const desk = await ok(this.origin, 'POST', `${e}/devices`, this.orgToken, { role: 'desk', label: 'Door 1' }, 201);
		this.deskPairUrl = desk.pairUrl;
	}

	/** The desk is paired through its link and pulls the roster. */
	async deskPairs(): Promise<void> {
		const { page } = this;
		await page.goto(this.deskPairUrl);
		await until(() => page.run(shown, 'pair-done'), 'the pairing to be done');
		await page.click({ css: 'a[href="/desk"]' });
		await until(async () => (await page.run(textOf, 'desk-counts')) === '0 of 1 checked in', 'the desk with its roster: 0 of 1 checked in');
	}

	/** The server stops; the desk finds "novakova" and checks her in (paid: one tap), kept on the device. */
	async checkInOffline(): Promise<void> {
		const { page } = this;
		await this.server.stop();
		await page.type({ testid: 'desk-search' }, 'novakova');
		await until(async () => (await page.run(textOf, 'desk-entry'))?.includes(JANA), 'Jana found at the desk');
		await page.click({ testid: 'desk-check-in' });
		// Asked nothing where nothing is needed; a desk that asks is answered with its confirm.
		if (await page.run(shown, 'desk-confirm')) await page.click({ testid: 'desk-confirm' });
		await until(() => page.run(shown, 'desk-checked-in'), 'Jana checked in at the desk');
		await until(async () => (await page.run(textOf, 'desk-counts')) === '1 of 1 checked in', 'the desk counting 1 of 1 checked in');
		assert.equal((await api(this.origin, 'GET', '/api/health', null).catch(() => ({ status: 0 }))).status, 0, 'the server is down');
	}

	/** The server is back: the desk's check-in reaches it (the sync's own retries; nothing tapped). */
	async reconnect(): Promise<void> {
		this.server = await this.restart();
		const checkIns = await until(
			async () => {
				const pulled = await ok(this.origin, 'GET', `/api/events/${this.eventId}/judge-events?after=0&limit=100`, this.orgToken, undefined, 200);
				const found = (pulled.events as { type: string; entryId: string | null; judge: string }[]).filter((e) => e.type === 'entry.checked-in');
				return found.length > 0 ? found : null;
			},
			'the check-in on the server',
			55_000
		);
		assert.deepEqual(
			checkIns.map((e) => [e.entryId, e.judge]),
			[['r-jana', 'Door 1']]
		);
	}

	/** The organizer signs in with the event's key and opens the register. */
	async organizerSignsIn(): Promise<void> {
		const { page } = this;
		await page.goto(`${this.origin}/organizer`);
		await page.type({ css: 'input[name="event-id"]' }, this.eventId);
		await page.type({ css: 'input[name="key"]' }, this.orgToken);
		await page.click({ button: 'Sign in' });
		await page.click({ css: 'nav a[href="/organizer/register"]' });
		await until(async () => (await page.run(textOf, 'people-count')) === '1 person', 'the register: 1 person');
	}

	/**
	 * Issue 30 #5b in this engine: a date of birth typed as this engine cannot read it (WebKit:
	 * 03041990, every digit into the month; Firefox: half typed, 0304) is an error beside the
	 * field and nothing is saved; picked whole, the person is added with it (and the country
	 * typed as CZE is kept as CZ: issue 30 #12).
	 */
	async addPersonWithUnreadableDate(): Promise<void> {
		const { page } = this;
		const date = `${FORM} input[name="birthDate"]`;
		await page.click({ button: en.org_people_add });
		await page.type({ css: `${FORM} input[name="name"]` }, NEW_PERSON);
		await page.type({ css: `${FORM} input[name="country"]` }, 'CZE');
		await page.type({ css: date }, page.engine === 'WebKit' ? '03041990' : '0304');
		const typed = await page.run(dateField, date);
		assert.deepEqual(typed, { value: '', badInput: true }, `${page.engine}: the date typed is one the engine cannot read`);
		await page.click({ button: en.org_people_add_save });
		await until(async () => (await page.run(fieldMessage, date)) === en.org_people_error_date_unread, 'the error beside the date of birth');
		const before = await ok(this.origin, 'GET', `/api/events/${this.eventId}/register`, this.orgToken, undefined, 200);
		assert.equal(before.people.length, 1, 'nothing saved while the date cannot be read');
		assert.equal(await page.run(pickDate, date, '1990-06-01'), '1990-06-01');
		await page.click({ button: en.org_people_add_save });
		await until(() => page.run(pageSays, `Added: ${NEW_PERSON}.`), 'the person added');
		const after = await ok(this.origin, 'GET', `/api/events/${this.eventId}/register`, this.orgToken, undefined, 200);
		const added = (after.people as { name: string; birthDate?: string; country?: string }[]).find((p) => p.name === NEW_PERSON);
		assert.deepEqual([added?.birthDate, added?.country], ['1990-06-01', 'CZ']);
	}

	/** The person found in the competition's registration form and registered. */
	async registerThem(): Promise<void> {
		const { page } = this;
		await page.click({ css: '[data-testid="register-unit"] summary' });
		await page.type({ testid: 'entries-person-search' }, 'simkova');
		await page.click({ button: en.org_entries_pick });
		await page.click({ button: en.org_entries_register });
		await until(
			async () => {
				const register = await ok(this.origin, 'GET', `/api/events/${this.eventId}/register`, this.orgToken, undefined, 200);
				const person = (register.people as { id: string; name: string }[]).find((p) => p.name === NEW_PERSON);
				return (register.registrations as { memberIds: string[]; status: string }[]).find((r) => person && r.memberIds.includes(person.id))?.status === 'registered';
			},
			`${NEW_PERSON} registered on the server`
		);
	}
}
