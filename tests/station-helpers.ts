import { expect, type Locator, type Page } from '@playwright/test';
import { presetById } from '../src/lib/rules/presets';
import type { Ruleset } from '../src/lib/rules/schema';
import type { Competition, CompetitionEvent, Entry, Heat } from '../src/lib/setup/schema';

/** Where the station remembers the judge's name (src/lib/station/judge-name.ts, JUDGE_KEY). */
export const JUDGE_KEY = 'puzzle-judge.judge';

/**
 * Fills the station's quick set-up (already open at /station) as judge Eva and waits for the
 * seat grid. The form is folded away when the tablet already holds a heat: it is unfolded
 * first. The seat count follows the names typed: it is checked, not typed.
 */
export async function fillQuickSetup(page: Page, presetId: string, names: string[]): Promise<void> {
	await page.getByTestId('judge').fill('Eva');
	await unfoldQuickSetup(page);
	await page.getByTestId('preset').selectOption(presetId);
	await page.getByTestId('names').fill(names.join('\n'));
	await expect(page.getByTestId('seat-count')).toHaveValue(String(names.length));
	await page.getByTestId('quick-start').click();
	await expect(page.getByTestId('seat')).toHaveCount(names.length);
}

/**
 * Unfolds the station home's quick set-up unless it is open. The home paints before the tablet's
 * heats are read and its fold is set once they are, so the fold is read after that.
 */
export async function unfoldQuickSetup(page: Page): Promise<void> {
	await expect(page.getByTestId('reading-heats')).toHaveCount(0);
	if (!(await page.locator('details.quick-setup').evaluate((d) => (d as HTMLDetailsElement).open))) await page.getByTestId('quick-toggle').click();
	await expect(page.getByTestId('preset')).toBeVisible();
}

/**
 * Remembers a judge's name on the tablet, as the station does when a judge types it (the page
 * must be one of the app's, e.g. /pair after pairing): the station then opens heats without asking.
 */
export async function rememberJudge(page: Page, name: string): Promise<void> {
	await page.evaluate(([key, value]) => localStorage.setItem(key, value), [JUDGE_KEY, name] as const);
}

/** Types a seat's group tally on its keypad (open already), one group after the other; saves it unless told. */
export async function typeTally(card: Locator, groups: string[], { save = true }: { save?: boolean } = {}): Promise<void> {
	for (const g of groups) {
		await typeDigits(card, g);
		await card.getByTestId('tally-add').click();
	}
	if (save) await card.getByTestId('tally-save').click();
}

/** Taps the digits on a seat's tally keypad. */
export async function typeDigits(card: Locator, digits: string): Promise<void> {
	for (const d of digits) await card.getByRole('button', { name: d, exact: true }).click();
}

/** The seat card whose heading holds `name`. */
export function seatCard(page: Page, name: string): Locator {
	return page.getByTestId('seat').filter({ has: page.getByRole('heading', { name }) });
}

/** What a tablet holds, as the app stores it (src/lib/db/setup-store.ts, SetupBundle). */
export interface TabletSetup {
	days: CompetitionEvent[];
	rulesets: Ruleset[];
	competitions: Competition[];
	heats: Heat[];
	entries: Entry[];
}

/**
 * Stores set-up on the tablet the way the app does (src/lib/db/station-db.ts: rulesets under
 * `${id}@${version}`), straight into IndexedDB, and the judge's name (Eva unless told: null
 * leaves the tablet without one), then reloads. The page must be at /station already, so that
 * the app has made its database.
 */
export async function seedTablet(page: Page, setup: TabletSetup, { judge = 'Eva' }: { judge?: string | null } = {}): Promise<void> {
	await expect(page.getByTestId('judge')).toBeVisible();
	if (judge !== null) await rememberJudge(page, judge);
	await page.evaluate(
		(s) =>
			new Promise<void>((resolve, reject) => {
				const open = indexedDB.open('puzzle-judge');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const db = open.result;
					const tx = db.transaction(['days', 'rulesets', 'competitions', 'heats', 'entries'], 'readwrite');
					for (const d of s.days) tx.objectStore('days').put(d);
					for (const r of s.rulesets) tx.objectStore('rulesets').put({ key: `${r.id}@${r.version}`, ruleset: r });
					for (const c of s.competitions) tx.objectStore('competitions').put(c);
					for (const h of s.heats) tx.objectStore('heats').put(h);
					for (const e of s.entries) tx.objectStore('entries').put(e);
					tx.oncomplete = () => {
						db.close();
						resolve();
					};
					tx.onerror = () => reject(tx.error);
				};
			}),
		setup
	);
	await page.reload();
	await expect(page.getByTestId('judge')).toBeVisible();
}

function seats(competitionId: string, heatId: string, people: [name: string, table?: string][]): Entry[] {
	return people.map(([name, table], i) => ({ id: `${heatId}-s${i + 1}`, competitionId, heatId, name, members: [], seat: String(i + 1), ...(table ? { table } : {}) }));
}

/**
 * A tablet holding two events and a competition whose event it does not hold: the spring day
 * (Individuals: heat 1 at tables 1 and 2, heat 2 at table 1; Pairs: one heat, no tables), the
 * summer day (one competition with one heat at tables A and B), and "Club cup" (no event).
 */
export function twoEventTablet(): TabletSetup {
	const czjpa = presetById('czjpa-individual')!;
	const es = presetById('es-adult-individual')!;
	const cz = { id: czjpa.id, version: czjpa.version };
	return {
		days: [
			{ id: 'spring-2026', name: 'Jarní puzzle den', date: '2026-04-11', venue: 'Sokolovna, Brno' },
			{ id: 'summer-2026', name: 'Summer puzzle day', date: '2026-06-20', venue: 'Madrid' }
		],
		rulesets: [czjpa, es],
		competitions: [
			{ id: 'spring-ind', eventId: 'spring-2026', name: 'Individuals', ruleset: cz },
			{ id: 'spring-pairs', eventId: 'spring-2026', name: 'Pairs', ruleset: cz },
			{ id: 'summer-final', eventId: 'summer-2026', name: 'Final', ruleset: { id: es.id, version: es.version } },
			{ id: 'club-cup', eventId: 'club-2025', name: 'Club cup', ruleset: cz }
		],
		heats: [
			{ id: 'ind-h1', competitionId: 'spring-ind', name: 'Heat 1' },
			{ id: 'ind-h2', competitionId: 'spring-ind', name: 'Heat 2' },
			{ id: 'pairs-h1', competitionId: 'spring-pairs', name: 'Heat 1' },
			{ id: 'final-h1', competitionId: 'summer-final', name: 'Final heat' },
			{ id: 'club-h1', competitionId: 'club-cup', name: 'Round 1' }
		],
		entries: [
			...seats('spring-ind', 'ind-h1', [
				['Adéla', '1'],
				['Bára', '1'],
				['Cyril', '1'],
				['Dana', '2'],
				['Emil', '2'],
				['Filip', '2']
			]),
			...seats('spring-ind', 'ind-h2', [
				['Gustav', '1'],
				['Hana', '1']
			]),
			...seats('spring-pairs', 'pairs-h1', [['Ivo & Jana'], ['Karel & Lída']]),
			...seats('summer-final', 'final-h1', [
				['Lucía', 'A'],
				['Marta', 'A'],
				['Nuria', 'B'],
				['Olga', 'B'],
				['Pilar', 'B']
			]),
			...seats('club-cup', 'club-h1', [['Quido', '1']])
		]
	};
}

/** A judge event as stored on the tablet, the fields the tests look at. */
export interface StoredEvent {
	id: string;
	type: string;
	seq: number;
	at: number;
	competitionId: string;
	heatId: string | null;
	/** Who tapped. */
	judge: string;
	entryId: string | null;
	payload: { entryIds?: string[] };
}

/** Every event stored on the tablet, in sequence order, read straight from IndexedDB (not through the app). */
export function storedEvents(page: Page): Promise<StoredEvent[]> {
	return page.evaluate(
		() =>
			new Promise<StoredEvent[]>((resolve, reject) => {
				const open = indexedDB.open('puzzle-judge');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const db = open.result;
					const get = db.transaction('events', 'readonly').objectStore('events').getAll();
					get.onerror = () => reject(get.error);
					get.onsuccess = () => {
						db.close();
						resolve((get.result as StoredEvent[]).sort((a, b) => a.seq - b.seq));
					};
				};
			})
	);
}

/**
 * A relay heat (czjpa-team-relay) of three teams of four at tables 1, 2 and 3: team i's members
 * are `${team}-m1` … `-m4`, named as given (member 1 starts at puzzle 1 of part 1).
 */
export function relayTablet(teams: { name: string; members: [string, string, string, string] }[]): TabletSetup {
	const relay = presetById('czjpa-team-relay')!;
	return {
		days: [{ id: 'relay-day', name: 'Štafetový den', date: '2026-05-16', venue: 'Sokolovna, Brno' }],
		rulesets: [relay],
		competitions: [{ id: 'relay-c', eventId: 'relay-day', name: 'Team relay', ruleset: { id: relay.id, version: relay.version } }],
		heats: [{ id: 'relay-h1', competitionId: 'relay-c', name: 'Relay' }],
		entries: teams.map((t, i) => ({
			id: `team-${i + 1}`,
			competitionId: 'relay-c',
			heatId: 'relay-h1',
			name: t.name,
			table: String(i + 1),
			seat: '1',
			members: t.members.map((name, k) => ({ id: `team-${i + 1}-m${k + 1}`, name }))
		}))
	};
}

/** The station's address of one table of the relay heat of `relayTablet`. */
export function relayTableUrl(table: number): string {
	return `/station?competition=relay-c&heat=relay-h1&table=${table}`;
}

/**
 * Records, from the page, every tone the app starts (its frequency) and every vibration, with the
 * page's clock: the signals a judge hears and feels. Read with `heardSignals`.
 */
export async function recordSignals(page: Page): Promise<void> {
	await page.addInitScript(() => {
		const w = window as unknown as { __signals: { kind: string; hz?: number; at: number }[] };
		w.__signals = [];
		const start = OscillatorNode.prototype.start;
		OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<OscillatorNode['start']>) {
			w.__signals.push({ kind: 'tone', hz: this.frequency.value, at: Date.now() });
			return start.apply(this, args);
		};
		Object.defineProperty(navigator, 'vibrate', {
			configurable: true,
			value: () => {
				w.__signals.push({ kind: 'vibrate', at: Date.now() });
				return true;
			}
		});
	});
}

export function heardSignals(page: Page): Promise<{ kind: string; hz?: number; at: number }[]> {
	return page.evaluate(() => (window as unknown as { __signals: { kind: string; hz?: number; at: number }[] }).__signals);
}

/**
 * Expects the heat's "Time left" to read `left` (m:ss), or up to five seconds less: after
 * `page.clock.install` the page's clock still runs in real time between the test's jumps, and a
 * loaded machine spends seconds on a reload or a jump's frames.
 */
export async function expectTimeLeft(page: Page, left: string): Promise<void> {
	const seconds = (text: string | null) => {
		const match = /Time left: (\d+):(\d\d)$/.exec(text ?? '');
		return match ? Number(match[1]) * 60 + Number(match[2]) : NaN;
	};
	const wanted = seconds(`Time left: ${left}`);
	await expect
		.poll(async () => wanted - seconds(await page.getByTestId('time-left').textContent()), { message: `time left ≈ ${left}` })
		.toBeGreaterThanOrEqual(0);
	expect(wanted - seconds(await page.getByTestId('time-left').textContent())).toBeLessThanOrEqual(5);
}
