import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { presetById } from '$lib/rules/presets';
import type { Device } from '$lib/contract';
import { backupText } from './backup';
import { busyEvent, eventRows, MIN, restoreAnswer, T0, tableCounts } from './backup.testkit';
import { openStore } from './db';
import { DEMO_EVENT_ID } from './demo';
import { demoOrganizerKey } from './demo-key';
import { bindDevice } from './device-binding';
import { putDraw } from './draws';
import { reviseCompetitionRuleset } from './event-preparation';
import { startHeat } from './heat-starts';
import { createPairingCode } from './pairing';
import { publish } from './publications';
import { createPerson, createRegistration } from './register';
import type { Store } from './store';
import { pushEvents } from './sync-push';
import { printCards } from './table-cards';
import { authenticate, issueToken } from './tokens';
import { deleteUntouchedDemo, isUntouchedDemo } from './untouched-demo';

let dirs: string[] = [];
let stores: Store[] = [];

/** A data directory as the server's first start leaves it: the demo event seeded, its organizer key printed. */
function firstStart(): { store: Store; org: Device } {
	const dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-demo-'));
	dirs.push(dir);
	const store = openStore(dir);
	stores.push(store);
	const key = demoOrganizerKey(store, T0)!;
	return { store, org: authenticate(store, key.token)! };
}

beforeEach(() => {
	dirs = [];
	stores = [];
});
afterEach(() => {
	for (const s of stores) s.close();
	for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const C = 'demo-czjpa-individual';
const H = `${C}-h1`;
const R = presetById('czjpa-individual')!;

/** Work an organizer may do in the demo with its printed key, each leaving rows of the demo beyond its set-up and that key. */
const USES: [string, (s: Store, org: Device) => void][] = [
	['a person in the register', (s, org) => createPerson(s, org, DEMO_EVENT_ID, { person: { id: 'p1', name: 'Jana Nováková', birthDate: '1990-02-01', email: 'jana@example.org' } }, T0)],
	[
		'a person and a registration',
		(s, org) => {
			createPerson(s, org, DEMO_EVENT_ID, { person: { id: 'p1', name: 'Jana Nováková', birthDate: '1990-02-01' } }, T0);
			createRegistration(s, org, DEMO_EVENT_ID, { registration: { id: 'r1', competitionId: C, memberIds: ['p1'], registeredAt: T0 } }, T0);
		}
	],
	[
		'a draw',
		(s, org) =>
			putDraw(s, {
				id: 'draw-1', eventId: DEMO_EVENT_ID, competitionId: C, kind: 'teams', seed: 'dice-1-2', input: [{ id: 'x', name: 'X' }], teams: [], leftovers: ['x'],
				leftoverChoice: 'waiting', at: T0, by: { tokenId: org.id, label: org.label }, reason: null, superseded: null, renames: []
			})
	],
	['a ruleset change', (s, org) => reviseCompetitionRuleset(s, org, DEMO_EVENT_ID, C, { baseVersion: R.version, ruleset: { ...R, timeLimitMs: 100 * MIN }, reason: 'A longer round' }, T0)],
	['table cards printed for a heat', (s) => printCards(s, DEMO_EVENT_ID, H, 'https://judge.example', T0)],
	['a heat started', (s, org) => startHeat(s, org, { id: 'start-1', competitionId: C, heatId: H, organizerAt: T0, offsetMs: 0 }, T0)],
	['results published', (s) => publish(s, DEMO_EVENT_ID, C, { now: T0 })],
	[
		'a judge event (and a judge device)',
		(s) =>
			pushEvents(s, issueToken(s, { eventId: DEMO_EVENT_ID, role: 'judge', label: 'T', now: T0 }), { events: [new DeviceLog({ deviceId: 'tab', judge: 'E', competitionId: C, heatId: H }).start(T0, [])] }, T0)
	]
];

describe('untouched demo', () => {
	it('untouched demo: as the first start leaves it (with its organizer key signed in on a device and a pairing code of it) it is untouched; another event never is', () => {
		const { store, org } = firstStart();
		bindDevice(store, org.id, 'organizer-laptop');
		createPairingCode(store, org.id, T0);
		expect(isUntouchedDemo(store, DEMO_EVENT_ID)).toBe(true);
		busyEvent(store);
		expect(isUntouchedDemo(store, DEMO_EVENT_ID)).toBe(true);
		expect(isUntouchedDemo(store, 'busy')).toBe(false);
	});

	it('untouched demo: every table of the store reaches an event through an event_id column (any row of the demo there makes it touched), or is named here with how it does', () => {
		const { store } = firstStart();
		const withoutEventId: Record<string, string> = {
			events: 'the event itself (deleted with the demo)',
			rulesets: 'shared by every event: never deleted',
			token_devices: 'through device_tokens: the devices that used the organizer key are deleted with it; any other token makes the demo touched',
			pairing_codes: 'through device_tokens, likewise',
			card_tokens: "through table_cards and a judge's device_tokens, both of which make the demo touched",
			store_meta: "the store's own identity, of no event"
		};
		const tables = store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
		for (const table of tables) {
			const columns = store.db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[];
			if (!columns.includes('event_id')) expect(withoutEventId, `table ${table}: how does it belong to an event? (untouched-demo.ts)`).toHaveProperty(table);
		}
	});

	it.each(USES)('untouched demo: %s makes it touched (any row of the demo beyond its set-up and its organizer key)', (_what, use) => {
		const { store, org } = firstStart();
		use(store, org);
		expect(isUntouchedDemo(store, DEMO_EVENT_ID)).toBe(false);
	});

	it.each(USES)('untouched demo: with %s in the demo, a backup of demo is refused (409, never a 500) and the demo is left exactly as it was', async (_what, use) => {
		const text = backupText(firstStart().store, DEMO_EVENT_ID, T0);
		const { store, org } = firstStart();
		use(store, org);
		const before = { rows: eventRows(store, DEMO_EVENT_ID), counts: tableCounts(store) };
		const answer = await restoreAnswer(store, text).catch((e: unknown) => ({ status: 500, message: String(e) }));
		expect(answer).toEqual({ status: 409, message: expect.stringMatching(/the event "demo" is already on this server/) });
		expect(eventRows(store, DEMO_EVENT_ID)).toEqual(before.rows);
		expect(tableCounts(store)).toEqual(before.counts);
	});

	it('untouched demo: deleteUntouchedDemo removes everything of it (set-up, organizer key, the devices that used it, its pairing codes) and nothing else; shared rulesets stay', () => {
		const { store, org } = firstStart();
		bindDevice(store, org.id, 'organizer-laptop');
		createPairingCode(store, org.id, T0);
		busyEvent(store);
		const busy = eventRows(store, 'busy');
		const codes = () => store.db.prepare('SELECT count(*) FROM pairing_codes').pluck().get() as number;
		const codesBefore = codes();
		const rulesets = store.db.prepare('SELECT * FROM rulesets ORDER BY id, version').all();
		deleteUntouchedDemo(store);
		expect(store.getEvent(DEMO_EVENT_ID)).toBeUndefined();
		for (const [table, rows] of Object.entries(eventRows(store, DEMO_EVENT_ID))) if (table !== 'rulesets') expect(rows, table).toEqual([]);
		expect(codes()).toBe(codesBefore - 1);
		expect(eventRows(store, 'busy')).toEqual(busy);
		expect(store.db.prepare('SELECT * FROM rulesets ORDER BY id, version').all()).toEqual(rulesets);
	});

	it.each(USES)('untouched demo: with %s in the demo, deleteUntouchedDemo refuses and deletes nothing', (_what, use) => {
		const { store, org } = firstStart();
		use(store, org);
		const before = tableCounts(store);
		expect(() => deleteUntouchedDemo(store)).toThrow(/not the untouched demo/);
		expect(tableCounts(store)).toEqual(before);
	});
});
