import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { presetById } from '$lib/rules/presets';
import { backupStream, backupText } from './backup';
import { BACKUP_FORMAT, ITEM_KINDS } from './backup-format';
import { backupLinesOf, busyEvent, chunked, eventRows, EVENT, MIN, NOT_IN_A_BACKUP, restoreAnswer, restoreText, T0, tableCounts, textOf, withItems, type Line } from './backup.testkit';
import { openStore } from './db';
import { DEMO_EVENT_ID } from './demo';
import { demoOrganizerKey } from './demo-key';
import { addDevice, listDevices } from './devices';
import { reviseCompetitionRuleset, preparation } from './event-preparation';
import { heatStartsAfter } from './heat-starts';
import { eventSetup, saveOrganizerSetup } from './organizer-setup';
import { listDraws } from './draws';
import { publicCompetitionResult } from './public-results';
import { Store } from './store';
import { heatScopeOf } from './card-push-scope';
import { listCards } from './table-cards';
import type { Device } from '$lib/contract';
import { pushEvents } from './sync-push';
import { authenticate, issueToken } from './tokens';

let dirs: string[] = [];
let stores: Store[] = [];

/** A data directory of its own: with the demo event seeded (as the server starts), or empty. */
function fresh(seedDemo: boolean): Store {
	const dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-backup-'));
	dirs.push(dir);
	const store = seedDemo ? openStore(dir) : Store.open(dir);
	stores.push(store);
	return store;
}

beforeEach(() => {
	dirs = [];
	stores = [];
});
afterEach(() => {
	for (const s of stores) s.close();
	for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A server with the demo event and a busy event, and another event "other" with its own items that a crafted backup may name. */
function sourceServer() {
	const store = fresh(true);
	const busy = busyEvent(store);
	busyEvent(store, 'other', 'o');
	return { store, busy };
}

const without = (lines: Line[], header: (h: Line) => Line = (h) => h) => [header(lines[0]!), ...lines.slice(1)];
/** The header's and the end's counts, made to match the lines (for crafted backups). */
function recount(lines: Line[]): Line[] {
	const counts = Object.fromEntries(ITEM_KINDS.map((k) => [k, lines.filter((l) => l.kind === k).length]));
	return lines.map((l, i) => (i === 0 || l.kind === 'end' ? { ...l, counts } : l));
}

describe('backup (issue 12, point 5)', () => {
	it('holds everything the store has of the event, table by table, and a restore brings back every row as it was (server numbers too)', async () => {
		const { store, busy } = sourceServer();
		const lines = backupLinesOf(store, EVENT, T0 + 100 * MIN);
		expect(lines[0]).toMatchObject({ format: BACKUP_FORMAT, version: 2, exportedAt: T0 + 100 * MIN, event: { id: EVENT }, store: store.storeId });
		expect(lines.at(-1)).toEqual({ kind: 'end', counts: lines[0]!.counts });
		const kinds = Object.fromEntries(ITEM_KINDS.map((k) => [k, lines.filter((l) => l.kind === k).length]));
		// Two ruleset versions: the one the qualifying rounds use and the final's changed one (CZ-GEN-CHANGES), and that change.
		expect(kinds).toEqual({ ruleset: 2, competition: 4, heat: 5, entry: 8, device: 6, judgeEvent: 8, heatStart: 1, publication: 2, merge: 1, person: 2, registration: 2, registrationChange: 5, rulesetChange: 1, draw: 1, tableCard: 2, protest: 1, photo: 1 });
		expect(lines[0]!.counts).toEqual(kinds);
		// Nothing of another event.
		expect(JSON.stringify(lines)).not.toMatch(/"o-|Busy o/);

		const target = fresh(false);
		const restored = await restoreText(target, textOf(lines), { chunk: 1000 });
		expect(restored).toEqual({
			eventId: EVENT,
			version: 2,
			counts: { rulesets: 2, competitions: 4, heats: 5, entries: 8, devices: 6, judgeEvents: 8, heatStarts: 1, publications: 2, merges: 1, people: 2, registrations: 2, registrationChanges: 5, rulesetChanges: 1, draws: 1, tableCards: 2, protests: 1, photos: 1 },
			numbering: 'kept',
			replacedDemo: false
		});
		expect(eventRows(target, EVENT)).toEqual(eventRows(store, EVENT));
		expect(authenticate(target, busy.judge.token)?.id).toBe(busy.judge.id);
		expect(authenticate(target, busy.org.token)?.id).toBe(busy.org.id);
		expect(heatStartsAfter(target, EVENT, 0)).toEqual(heatStartsAfter(store, EVENT, 0));
		expect(listDevices(target, EVENT)).toEqual(listDevices(store, EVENT));
		// Its own backup is the same file, but for its store.
		expect(backupLinesOf(target, EVENT, T0 + 100 * MIN).slice(1)).toEqual(lines.slice(1));
		expect(target.storeId).not.toBe(store.storeId);
	});

	it('every table of the store is in the backup, or left out for a stated reason', () => {
		const { store } = sourceServer();
		const tables = store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
		const rows = eventRows(store, EVENT);
		for (const t of tables) expect(t in rows || t in NOT_IN_A_BACKUP, t).toBe(true);
		// Each table of the backup has rows of the busy event: the round trip above compares them all.
		for (const [t, r] of Object.entries(rows)) expect(r.length, t).toBeGreaterThan(0);
	});

	it('is read from a connection of its own, in one read transaction: pushes while it is sent neither wait nor change it', async () => {
		const store = fresh(true);
		const push = (from: number, n: number) => {
			// A judge's token pushes its own tablet's events only: a token a tablet.
			const judge = issueToken(store, { eventId: DEMO_EVENT_ID, role: 'judge', label: `T${from}`, now: T0 });
			const log = new DeviceLog({ deviceId: `tab-${from}`, judge: 'Eva', competitionId: 'demo-czjpa-individual', heatId: 'demo-czjpa-individual-h1' });
			log.start(T0, ['demo-czjpa-individual-e1']);
			for (let i = 1; log.events.length < n; i++) log.hand('demo-czjpa-individual-e1', T0 + i);
			const stored = [];
			for (let i = 0; i < n; i += 1000) stored.push(...pushEvents(store, judge, { events: log.events.slice(i, i + 1000) }, T0).stored);
			return stored;
		};
		push(1, 3000);
		const reader = backupStream(store, DEMO_EVENT_ID, T0, 16 * 1024).getReader();
		const chunks: Uint8Array[] = [(await reader.read()).value!];
		// A push between two chunks: stored at once, not in this backup.
		expect(push(2, 10).length).toBe(10);
		for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
		expect(chunks.length).toBeGreaterThan(10);
		const restored = await restoreText(fresh(false), Buffer.concat(chunks));
		expect(restored.counts.judgeEvents).toBe(3000);
		expect((await restoreText(fresh(false), backupText(store, DEMO_EVENT_ID, T0))).counts.judgeEvents).toBe(3010);
		expect(() => backupStream(store, 'nowhere', T0)).toThrow(expect.objectContaining({ status: 404 }));
	});
});

describe('restore: every item must belong to the event of the backup (issue 12, point 1)', () => {
	/** A target server with the demo event and another busy event, and a backup of a new event "fresh" to craft from. */
	function setUp() {
		const { store: source } = sourceServer();
		const target = fresh(true);
		busyEvent(target, 'other', 'o');
		const lines = backupLinesOf(source, EVENT, T0 + 100 * MIN);
		// The same backup under fresh IDs: valid on the target.
		const text = textOf(lines).replaceAll(`"${EVENT}"`, '"fresh"').replace(/"b-/g, '"f-').replace(/"q-b/g, '"q-f');
		const valid = text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);
		const before = { counts: tableCounts(target), demo: eventRows(target, DEMO_EVENT_ID), other: eventRows(target, 'other') };
		const unchanged = () => {
			expect(tableCounts(target)).toEqual(before.counts);
			expect(eventRows(target, DEMO_EVENT_ID)).toEqual(before.demo);
			expect(eventRows(target, 'other')).toEqual(before.other);
			expect(target.getEvent('fresh')).toBeUndefined();
		};
		return { target, valid, unchanged };
	}

	it('the issue: a new event whose competition claims "demo" and whose heat and entry point at demo\'s competition is refused (400, naming the item); demo is unchanged', async () => {
		const { target, unchanged } = setUp();
		const R = { id: 'czjpa-individual', version: 1 };
		const injected = (competitionEventId: string, heatCompetition: string, entryCompetition: string, entryHeat: string) =>
			textOf(
				recount([
					{ format: BACKUP_FORMAT, version: 2, exportedAt: T0, event: { id: 'injector', name: 'Injector', date: '2026-05-16' }, counts: {} },
					{ kind: 'ruleset', ruleset: presetById('czjpa-individual') },
					{ kind: 'competition', competition: { id: 'inj-c', eventId: competitionEventId, name: 'X', ruleset: R }, origin: 'organizer' },
					{ kind: 'heat', heat: { id: 'inj-h', competitionId: heatCompetition, name: 'H' } },
					{ kind: 'entry', entry: { id: 'inj-e', competitionId: entryCompetition, heatId: entryHeat, name: 'INJECTED COMPETITOR', members: [] } },
					{ kind: 'end', counts: {} }
				])
			);
		const demoC = 'demo-czjpa-individual';
		const demoH = 'demo-czjpa-individual-h1';
		for (const [text, message] of [
			[injected('demo', 'inj-c', 'inj-c', 'inj-h'), /^line 3: competition inj-c belongs to the event "demo", not to "injector" of this backup; nothing was restored$/],
			[injected('injector', demoC, demoC, demoH), /heat inj-h is in competition demo-czjpa-individual, which is not a competition of the event "injector" in this backup/],
			[injected('injector', 'inj-c', demoC, demoH), /entry inj-e is in competition demo-czjpa-individual, which is not a competition of the event "injector"/],
			[injected('injector', 'inj-c', 'inj-c', demoH), /entry inj-e is in heat demo-czjpa-individual-h1, which is not a heat of its competition in this backup/]
		] as const) {
			expect(await restoreAnswer(target, text)).toEqual({ status: 400, message: expect.stringMatching(message) });
			unchanged();
		}
		expect(JSON.stringify(eventRows(target, DEMO_EVENT_ID))).not.toContain('INJECTED');
	});

	it('refuses each kind of item of another event, or one it names, with 400 or 409 that says which item; nothing is stored', async () => {
		const { target, valid, unchanged } = setUp();
		// The valid backup would restore (checked last).
		const change = (kind: string, fn: (l: Line, i: number) => Line | null) => recount(withItems(valid, kind, fn));
		/** One more item, after the last of its kind. */
		const added = (item: Line) => {
			const at = valid.findLastIndex((l) => l.kind === item.kind);
			return recount([...valid.slice(0, at + 1), item, ...valid.slice(at + 1)]);
		};
		const first = <T>(fn: (x: T) => T) => (l: Line, i: number) => (i === 0 ? fn(l as T) : l);
		type L = Record<string, Record<string, unknown>>;
		const cases: [string, Line[], 400 | 409, RegExp][] = [
			['a competition of another event', change('competition', first<L>((l) => ({ ...l, competition: { ...l.competition, eventId: 'other' } }))), 400, /^line \d+: competition f-q belongs to the event "other"/],
			['a competition whose ruleset is not in the backup', change('competition', first<L>((l) => ({ ...l, competition: { ...l.competition, ruleset: { id: 'es-kids-group', version: 1 } } }))), 400, /competition f-q uses ruleset es-kids-group version 1, which the backup does not hold/],
			['a qualifying round advancing to another event\'s final', change('competition', first<L>((l) => ({ ...l, competition: { ...l.competition, advancesTo: { competitionId: 'o-f', rule: { mode: 'overall', count: 2 } } } }))), 400, /competition f-q advances to competition o-f, which is not a competition of the event "fresh"/],
			['a heat of another event\'s competition', change('heat', first<L>((l) => ({ ...l, heat: { ...l.heat, competitionId: 'o-q' } }))), 400, /heat f-q-h1 is in competition o-q, which is not a competition of the event "fresh"/],
			['an entry of another event\'s competition', change('entry', first<L>((l) => ({ ...l, entry: { ...l.entry, competitionId: 'o-q' } }))), 400, /entry f-q-e1 is in competition o-q, which is not a competition of the event "fresh"/],
			['an entry in another event\'s heat', change('entry', first<L>((l) => ({ ...l, entry: { ...l.entry, heatId: 'o-q-h1' } }))), 400, /entry f-q-e1 is in heat o-q-h1, which is not a heat of its competition in this backup/],
			['an entry in a heat of another competition of the backup', change('entry', first<L>((l) => ({ ...l, entry: { ...l.entry, heatId: 'f-f-h1' } }))), 400, /entry f-q-e1 is in heat f-f-h1, which is not a heat of its competition/],
			['a judge event pushed with a token not of the backup', change('judgeEvent', (l, i) => (i === 0 ? { ...l, tokenId: 'dev-elsewhere' } : l)), 400, /was pushed with the token dev-elsewhere, which is not a device of this backup/],
			['a device with another event\'s ID', added({ kind: 'device', device: { id: target.db.prepare("SELECT id FROM device_tokens WHERE event_id = 'other' LIMIT 1").pluck().get() as string, role: 'judge', label: 'Taken', tokenHash: 'a'.repeat(64), createdAt: T0, revokedAt: null, lastSeenAt: null, clock: null, deviceIds: [] } }), 409, /device dev-\S+ is already on this server, in another event/],
			['a device with another event\'s token', change('device', first<L>((l) => ({ ...l, device: { ...l.device, tokenHash: target.db.prepare("SELECT token_hash FROM device_tokens WHERE event_id = 'other' LIMIT 1").pluck().get() as string } }))), 409, /its token is already on this server, in another event/],
			['a heat start of another event\'s heat', change('heatStart', first<L>((l) => ({ ...l, heatStart: { ...l.heatStart, competitionId: 'o-q', heatId: 'o-q-h2' } }))), 400, /heat start f-start-1 names the heat o-q \/ o-q-h2, which is not a heat of a competition in this backup/],
			['a heat start made with a token not of the backup', change('heatStart', first<L>((l) => ({ ...l, heatStart: { ...l.heatStart, tokenId: 'dev-elsewhere' } }))), 400, /heat start f-start-1 was made with the token dev-elsewhere/],
			['a publication of another event', change('publication', first<L>((l) => ({ ...l, publication: { ...l.publication, eventId: 'other' } }))), 400, /publication f-q version 1 is not of a competition of the event "fresh"/],
			['a publication of another event\'s competition', change('publication', first<L>((l) => ({ ...l, publication: { ...l.publication, competitionId: 'o-q', snapshot: { ...(l.publication!.snapshot as object), competition: { id: 'o-q', name: 'Q' } } } }))), 400, /publication o-q version 1 is of competition o-q, which is not a competition of the event "fresh"/],
			['a publication whose snapshot shows another event', change('publication', first<L>((l) => ({ ...l, publication: { ...l.publication, snapshot: { ...(l.publication!.snapshot as object), event: { id: 'other', name: 'Other', date: '2026-05-16', venue: null } } } }))), 400, /publication f-q version 1 is not of a competition of the event "fresh"/],
			['a merge of another event', change('merge', first<L>((l) => ({ ...l, merge: { ...l.merge, eventId: 'other' } }))), 400, /merge f-merge-1 belongs to the event "other"/],
			['a merge folding in another event\'s competition', change('merge', first<L>((l) => ({ ...l, merge: { ...l.merge, foldedCompetitionId: 'o-q' } }))), 400, /merge f-merge-1: /],
			['a ruleset version already here with other content', change('ruleset', first<L>((l) => ({ ...l, ruleset: { ...l.ruleset, name: 'Changed' } }))), 409, /ruleset czjpa-individual version 1 is already on this server with other content/],
			['a person of another event', change('person', first<L>((l) => ({ ...l, person: { ...l.person, eventId: 'other' } }))), 400, /^line \d+: person f-person-0 belongs to the event "other"/],
			['a registration of another event', change('registration', first<L>((l) => ({ ...l, registration: { ...l.registration, eventId: 'other' } }))), 400, /registration f-reg-0 belongs to the event "other"/],
			['a registration for another event\'s competition', change('registration', first<L>((l) => ({ ...l, registration: { ...l.registration, competitionId: 'o-q' } }))), 400, /registration f-reg-0 is for competition o-q, which is not a competition of the event "fresh"/],
			['a registration naming another event\'s person', change('registration', first<L>((l) => ({ ...l, registration: { ...l.registration, memberIds: ['o-person-0'] } }))), 400, /registration f-reg-0 names the person o-person-0, who is not a person of the event "fresh"/],
			['a change of the register about another event\'s person', change('registrationChange', first<L>((l) => ({ ...l, change: { ...l.change, personId: 'o-person-0' } }))), 400, /change \d+ of the register is about o-person-0/],
			['CZ-TEAM-DRAW: a draw of another event', change('draw', first<L>((l) => ({ ...l, draw: { ...l.draw, eventId: 'other' } }))), 400, /draw f-draw-1 belongs to the event "other"/],
			['CZ-TEAM-DRAW: a draw of another event\'s competition', change('draw', first<L>((l) => ({ ...l, draw: { ...l.draw, competitionId: 'o-q' } }))), 400, /draw f-draw-1 is of competition o-q, which is not a competition of the event "fresh"/],
			['CZ-TEAM-DRAW: a draw twice', added(valid.find((l) => l.kind === 'draw')!), 400, /this draw appears twice in the backup/],
			['issue 33 #3: a protest of another event', change('protest', first<L>((l) => ({ ...l, protest: { ...l.protest, eventId: 'other' } }))), 400, /protest f-protest-1 belongs to the event "other"/],
			['issue 33 #3: a protest about another event\'s entry', change('protest', first<L>((l) => ({ ...l, protest: { ...l.protest, entryIds: ['o-q-e2'] } }))), 400, /protest f-protest-1 is about the entry o-q-e2, which is not an entry of its competition/],
			['issue 33 #3: a protest twice', added(valid.find((l) => l.kind === 'protest')!), 400, /this protest appears twice in the backup/],
			['a table card for another event\'s heat', change('tableCard', first<L>((l) => ({ ...l, card: { ...l.card, competitionId: 'o-q', heatId: 'o-q-h1' } }))), 400, /table card \S+ is for heat o-q-h1, which is not a heat of its competition in the event "fresh"/],
			['a table card naming a token not of the backup', change('tableCard', first<L>((l) => ({ ...l, card: { ...l.card, tokenIds: ['dev-elsewhere'] } }))), 400, /table card \S+ names the token dev-elsewhere, which is not a judge device of this backup/],
			['a table card with another event\'s card secret', change('tableCard', first<L>((l) => ({ ...l, card: { ...l.card, secretHash: target.db.prepare("SELECT secret_hash FROM table_cards WHERE event_id = 'other' LIMIT 1").pluck().get() as string } }))), 409, /table card \S+ is already on this server, in another event/],
			['a table card twice', added(valid.find((l) => l.kind === 'tableCard')!), 400, /this table card('s secret)? appears twice in the backup/],
			['a change of the register of another event', change('registrationChange', first<L>((l) => ({ ...l, change: { ...l.change, eventId: 'other' } }))), 400, /change \d+ of the register belongs to the event "other"/],
			['CZ-GEN-CHANGES: a ruleset change of another event', change('rulesetChange', first<Line>((l) => ({ ...l, eventId: 'other' }))), 400, /^line \d+: ruleset change \d+ belongs to the event "other", not to "fresh"/],
			['CZ-GEN-CHANGES: a ruleset change of another event\'s competition', change('rulesetChange', first<L>((l) => ({ ...l, change: { ...l.change, competitionId: 'o-f' } }))), 400, /ruleset change \d+ is of competition o-f, which is not a competition of the event "fresh" in this backup/],
			['CZ-GEN-CHANGES: a ruleset change from a version the backup does not hold', change('rulesetChange', first<L>((l) => ({ ...l, change: { ...l.change, fromVersion: 7 } }))), 400, /ruleset change \d+ names ruleset czjpa-individual version 7, which the backup does not hold/],
			['CZ-GEN-CHANGES: a ruleset change to a version the backup does not hold', change('rulesetChange', first<L>((l) => ({ ...l, change: { ...l.change, toVersion: 9 } }))), 400, /ruleset change \d+ names ruleset czjpa-individual version 9, which the backup does not hold/],
			['CZ-GEN-CHANGES: a ruleset change twice', added(valid.find((l) => l.kind === 'rulesetChange')!), 400, /this ruleset change's number appears twice in the backup/],
			['a person twice', added(valid.find((l) => l.kind === 'person')!), 400, /this person appears twice in the backup/],
			['a competition twice', recount([...valid.slice(0, 3), valid.find((l) => l.kind === 'competition')!, ...valid.slice(3)]), 400, /this competition appears twice in the backup/],
			['a judge event twice', change('judgeEvent', (l, i) => (i === 1 ? { ...l, event: valid.find((v) => v.kind === 'judgeEvent')!.event } : l)), 400, /this judge event('s device and number)? appears twice in the backup/]
		];
		// Issue 29 #10: a competition, heat, entry, merge or judge event ID another event holds is no longer refused (409 "already on this
		// server, in another event", or 400 "names … of another event": an oracle): "issue 29 #10: a backup holding another event's …" below.
		for (const [what, lines, status, message] of cases) {
			const answer = await restoreAnswer(target, textOf(lines));
			expect(answer, what).toEqual({ status, message: expect.stringMatching(message) });
			expect(answer.message, what).toMatch(/^line \d+: .*nothing was restored$/);
			unchanged();
		}
		const ok = await restoreAnswer(target, textOf(valid));
		expect(ok.status, ok.message).toBe(201);
		expect(ok.result!.eventId).toBe('fresh');
	});

	it('issue 29 #5: a restore refuses a draw that assigns to another event\'s heat', async () => {
		const { target, valid, unchanged } = setUp();
		type L = Record<string, Record<string, unknown>>;
		const relay = (valid.find((l) => l.kind === 'draw') as L).draw!;
		// ES-SHIFT: the qualifying round's entries drawn into its two heats (its turns), in force: a swap moves an entry to the heat it is assigned.
		const turns = {
			id: 'f-draw-turns', eventId: 'fresh', competitionId: 'f-q', kind: 'turns', seed: 'dice-5-6', at: T0 - 4 * MIN, by: relay.by, reason: null, superseded: null,
			slots: [{ heatId: 'f-q-h1', name: 'Heat 1', capacity: 2 }, { heatId: 'f-q-h2', name: 'Heat 2', capacity: 2 }],
			input: [1, 2, 3, 4].map((i) => ({ id: `f-q-e${i}`, name: `Solver ${i}`, prefers: null })),
			assigned: { 'f-q-e1': 'f-q-h1', 'f-q-e2': 'f-q-h1', 'f-q-e3': 'f-q-h2', 'f-q-e4': 'f-q-h2' } as Record<string, string>,
			moved: [], unplaced: [], swaps: []
		};
		/** The backup with these draws after its own. */
		const withDraws = (...draws: Record<string, unknown>[]) => {
			const at = valid.findLastIndex((l) => l.kind === 'draw');
			return recount([...valid.slice(0, at + 1), ...draws.map((draw) => ({ kind: 'draw', draw })), ...valid.slice(at + 1)]);
		};
		const assigning = (entryId: string, heatId: string, more: Record<string, unknown> = {}) => ({ ...turns, assigned: { ...turns.assigned, [entryId]: heatId }, ...more });
		const superseded = { superseded: { at: T0 - 3 * MIN, by: 'f-draw-later' } };
		const cases: [string, Line[], RegExp][] = [
			['the issue: a draw in force assigning an entry to the demo event\'s heat', withDraws(assigning('f-q-e1', 'demo-czjpa-individual-h1')), /^line \d+: draw f-draw-turns assigns f-q-e1 to heat demo-czjpa-individual-h1, which is not a heat of its competition in the event "fresh" of this backup/],
			['a draw in force assigning an entry to another event\'s heat', withDraws(assigning('f-q-e3', 'o-q-h1')), /draw f-draw-turns assigns f-q-e3 to heat o-q-h1, which is not a heat of its competition/],
			['a draw in force assigning an entry to a heat of another competition of the backup', withDraws(assigning('f-q-e1', 'f-f-h1')), /draw f-draw-turns assigns f-q-e1 to heat f-f-h1, which is not a heat of its competition/],
			['a draw in force assigning an entry to a heat that is nowhere', withDraws(assigning('f-q-e1', 'f-q-h9')), /draw f-draw-turns assigns f-q-e1 to heat f-q-h9, which is not a heat of its competition/]
			// Issue 29 #10: a draw naming a heat or entry ID another event holds is no longer refused for that (IDs are the event's own):
			// "issue 29 #10: a backup holding another event's competition, heat, entry, judge event, draw and merge IDs restores" below.
		];
		for (const [what, lines, message] of cases) {
			const answer = await restoreAnswer(target, textOf(lines));
			expect(answer, what).toEqual({ status: 400, message: expect.stringMatching(message) });
			expect(answer.message, what).toMatch(/^line \d+: .*nothing was restored$/);
			unchanged();
		}
		// A draw in force within its competition restores, and so does a superseded one naming a turn removed since (an empty heat may be removed).
		const ok = await restoreAnswer(target, textOf(withDraws(assigning('f-q-e1', 'f-q-h9', { ...superseded, id: 'f-draw-earlier' }), turns)));
		expect(ok.status, ok.message).toBe(201);
		expect(ok.result!.counts.draws).toBe(3);
	});

	it('a tablet paired by a table card stays scoped to the card’s heat on the restored server, and the card still pairs a spare tablet; a revoked card stays revoked', async () => {
		const { target, valid } = setUp();
		expect((await restoreAnswer(target, textOf(valid))).status).toBe(201);
		const cards = valid.filter((l) => l.kind === 'tableCard').map((l) => l.card as { id: string; heatId: string; tokenIds: string[]; revokedAt: number | null });
		const paired = cards.find((c) => c.tokenIds.length > 0)!;
		expect(heatScopeOf(target, { id: paired.tokenIds[0]! } as Device)).toEqual({ heatId: paired.heatId, competitionId: 'f-q' });
		const listed = listCards(target, 'fresh');
		expect(listed.map((c) => [c.id, c.revokedAt !== null]).sort()).toEqual(cards.map((c) => [c.id, c.revokedAt !== null]).sort());
	});

	it('judge event IDs, devices\' numbers and heat-start IDs are the event\'s own: the same ones in another event restore, and the other event is untouched', async () => {
		const { target, valid } = setUp();
		const other = (sql: string) => target.db.prepare(sql).get() as Record<string, unknown>;
		const taken = other("SELECT id, device_id AS deviceId, seq FROM judge_events WHERE event_id = 'other' ORDER BY server_seq LIMIT 1");
		const start = other("SELECT id FROM heat_starts WHERE event_id = 'other' LIMIT 1");
		const before = eventRows(target, 'other');
		type L = Record<string, Record<string, unknown>>;
		let lines = recount(withItems(valid, 'judgeEvent', (l, i) => (i === 0 ? ({ ...l, event: { ...(l as L).event, id: taken.id, deviceId: taken.deviceId, seq: taken.seq } } as Line) : l)));
		lines = recount(withItems(lines, 'heatStart', (l, i) => (i === 0 ? ({ ...l, heatStart: { ...(l as L).heatStart, id: start.id } } as Line) : l)));
		const answer = await restoreAnswer(target, textOf(lines));
		expect(answer.status, answer.message).toBe(201);
		expect(eventRows(target, 'other')).toEqual(before);
		expect(target.db.prepare("SELECT count(*) FROM judge_events WHERE id = ?").pluck().get(taken.id)).toBe(2);
	});

	it("issue 29 #10: a backup holding another event's competition, heat, entry, judge event, heat start, draw and merge IDs restores; the other event and its public results are unchanged", async () => {
		const { target } = setUp();
		const source = sourceServer().store;
		// The busy event under the IDs of the target's event "other" (busyEvent(target, 'other', 'o')): every competition, heat, entry, merge, draw… the same.
		const text = textOf(backupLinesOf(source, EVENT, T0 + 100 * MIN)).replaceAll(`"${EVENT}"`, '"fresh"').replace(/"b-/g, '"o-').replace(/"q-b/g, '"q-o');
		const before = { other: eventRows(target, 'other'), results: publicCompetitionResult(target, 'other', 'o-q') };
		const answer = await restoreAnswer(target, text);
		expect(answer.status, answer.message).toBe(201);
		expect(eventRows(target, 'other')).toEqual(before.other);
		expect(publicCompetitionResult(target, 'other', 'o-q')).toEqual(before.results);
		const fresh = eventSetup(target, 'fresh')!;
		expect(fresh.competitions.map((c) => c.id)).toEqual(eventSetup(target, 'other')!.competitions.map((c) => c.id));
		expect(fresh.merges.map((m) => m.id)).toEqual(['o-merge-1']);
		expect(listDraws(target, 'fresh').map((d) => d.id)).toEqual(['o-draw-1']);
		expect(target.judgeEventsOfEvent('fresh', 0, 100).events).toHaveLength(target.judgeEventsOfEvent('other', 0, 100).events.length);
		// Each event's results show its own versions only.
		const freshResults = publicCompetitionResult(target, 'fresh', 'o-q');
		expect(freshResults.versions.map((v) => v.eventId)).toEqual(['fresh', 'fresh']);
		expect(freshResults.publication.snapshot.event.id).toBe('fresh');
	});

	it('the same checks hold for a version-1 file, whose items are named by list and position', async () => {
		const { target, unchanged } = setUp();
		const v1 = JSON.parse(readFileSync('tests/fixtures/backup-v1-demo.json', 'utf8'));
		const crafted = { ...v1, event: { ...v1.event, id: 'injector' }, competitions: [], heats: [{ id: 'inj-h', competitionId: 'demo-czjpa-individual', name: 'H' }], entries: [], judgeEvents: [], devices: [], publications: [] };
		expect(await restoreAnswer(target, JSON.stringify(crafted))).toEqual({ status: 400, message: expect.stringMatching(/^heats\[0\]: heat inj-h is in competition demo-czjpa-individual, which is not a competition of the event "injector"/) });
		const stolen = { ...crafted, heats: [], competitions: [{ ...v1.competitions[0], eventId: 'demo', id: 'inj-c' }] };
		expect(await restoreAnswer(target, JSON.stringify(stolen))).toEqual({ status: 400, message: expect.stringMatching(/^competitions\[0\]: competition inj-c belongs to the event "demo", not to "injector"/) });
		unchanged();
	});
});

describe('restore: the file', () => {
	it('refuses what is not a complete backup with 400 (413 for an over-long line), saying where; nothing is stored', async () => {
		const { store } = sourceServer();
		const target = fresh(true);
		const before = tableCounts(target);
		const lines = backupLinesOf(store, EVENT, T0);
		const text = textOf(lines);
		const cases: [string, string | Buffer, number, RegExp][] = [
			['empty', '', 400, /the backup is empty/],
			['blank', '\n\n', 400, /not a puzzle-judge-backup file: the file is empty/],
			['not JSON', 'hello\nworld\n', 400, /not a puzzle-judge-backup file: expected a JSON object/],
			['another format', textOf(without(lines, (h) => ({ ...h, format: 'puzzle-judge-events' }))), 400, /^not a puzzle-judge-backup file of version 1 or 2: line 1: format: expected "puzzle-judge-backup"/],
			['another version', textOf(without(lines, (h) => ({ ...h, version: 3 }))), 400, /line 1: version: expected 1 or 2, found 3/],
			['a bad header', textOf(without(lines, (h) => ({ ...h, event: { id: 'bad id!' } }))), 400, /line 1: event\.id/],
			['a line that is not JSON', text.replace('{"kind":"heat"', '{"kind":heat'), 400, /^line \d+ is not JSON/],
			['an unknown kind', textOf([lines[0], { kind: 'secret', x: 1 }, ...lines.slice(1)]), 400, /^line 2: not an item of a backup \(kind: "secret"\)/],
			['an invalid item', textOf(withItems(lines, 'judgeEvent', (l, i) => (i === 2 ? { ...l, event: { id: 'x' } } : l))), 400, /^line \d+: event\./],
			['cut: no last line', textOf(lines.slice(0, -1)), 400, /the file is incomplete/],
			['cut in the middle of a line', text.slice(0, Math.floor(text.length / 2)), 400, /not JSON|the file is incomplete/],
			['counts that do not match', textOf(withItems(lines, 'judgeEvent', (l, i) => (i === 0 ? null : l))), 400, /the backup's last line counts 8 items of kind judgeEvent, the file holds 7/],
			['a line after the last', `${text}${JSON.stringify(lines[3])}\n`, 400, /goes on after its last line/],
			['events out of order', textOf(withItems(lines, 'judgeEvent', (l, i) => (i === 1 ? { ...l, serverSeq: 1 } : l))), 400, /judge events must come in the order of their server numbers/],
			['invalid UTF-8', Buffer.concat([Buffer.from(text.slice(0, text.indexOf('"kind":"entry"'))), Buffer.from([0xff, 0xfe]), Buffer.from(text.slice(text.indexOf('"kind":"entry"')))]), 400, new RegExp(`^line \\d+: \\(root\\): the body is not valid UTF-8 \\(byte ${Buffer.byteLength(text.slice(0, text.indexOf('"kind":"entry"')))} is 0xff\\)`)],
			['an over-long line', textOf([lines[0], { kind: 'entry', pad: 'x'.repeat(17 * 1024 * 1024) }]), 413, /^line 2 is longer than 16777216 bytes/],
			['a version-1 file cut short', readFileSync('tests/fixtures/backup-v1-demo.json').subarray(0, 20_000), 400, /ends in the middle/],
			['a version-1 file with a list that is not a list', JSON.stringify({ ...JSON.parse(readFileSync('tests/fixtures/backup-v1-demo.json', 'utf8')), judgeEvents: 5 }), 400, /judgeEvents: not a list/]
		];
		for (const [what, body, status, message] of cases) {
			expect(await restoreAnswer(target, body), what).toEqual({ status, message: expect.stringMatching(message) });
			expect(tableCounts(target), what).toEqual(before);
		}
		// The staging files are gone.
		expect(readdir(target)).toEqual([]);
	});

	it('checks every line and item as every JSON body is (issue 12, points 2 and 6): nested deeper than 64, bytes that are not UTF-8, lone surrogates refused with 400 naming the line or item, the field and the byte', async () => {
		const { store } = sourceServer();
		const target = fresh(true);
		const before = tableCounts(target);
		const text = backupText(store, EVENT, T0);
		const lineOf = (at: number) => text.slice(0, at).split('\n').length;
		/** The text with `find` (its first occurrence) replaced by bytes; the line it is on and its offset. */
		const spliced = (find: string, ...parts: (string | number[])[]) => {
			const at = text.indexOf(find);
			const body = Buffer.concat([Buffer.from(text.slice(0, at)), ...parts.map((p) => Buffer.from(p as string)), Buffer.from(text.slice(at + find.length))]);
			return { body, line: lineOf(at), byte: Buffer.byteLength(text.slice(0, at)) };
		};
		const notUtf8 = spliced('"name":"Solver 2"', '"name":"Sol', [0xff], 'ver 2"');
		const lone = spliced('"name":"Solver 3"', '"name":"Solver \\ud800 3"');
		const nested = (depth: number) => `{"kind":"entry","entry":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
		const endAt = text.indexOf('{"kind":"end"');
		const deep = Buffer.from(`${text.slice(0, endAt)}${nested(65)}\n${text.slice(endAt)}`);
		const cases: [string, Buffer, RegExp][] = [
			['a byte that is not UTF-8', notUtf8.body, new RegExp(`^line ${notUtf8.line}: entry\\.name: the body is not valid UTF-8 \\(byte ${notUtf8.byte + 11} is 0xff\\); send text as UTF-8; nothing was restored$`)],
			['a lone surrogate', lone.body, new RegExp(`^line ${lone.line}: entry\\.name: a lone UTF-16 surrogate escape \\(byte ${lone.byte + 15}\\) is not text`)],
			['a line nested 65 deep', deep, new RegExp(`^line ${lineOf(endAt)}: the body nests arrays and objects deeper than 64 levels \\(at byte ${Buffer.byteLength(text.slice(0, endAt)) + 24 + 63}\\)`)]
		];
		for (const [what, body, message] of cases) {
			expect(await restoreAnswer(target, body), what).toEqual({ status: 400, message: expect.stringMatching(message) });
			expect(tableCounts(target), what).toEqual(before);
		}
		// 64 levels are not refused for their depth (such a line is no item, though).
		const within = await restoreAnswer(target, `${text.slice(0, endAt)}${nested(64)}\n${text.slice(endAt)}`);
		expect(within.status).toBe(400);
		expect(within.message).not.toMatch(/deeper than 64/);
		// A beginning nested too deep is refused at its 65th level, whatever the file claims to be, without reading it all.
		const started = Date.now();
		expect(await restoreAnswer(target, Buffer.alloc(10 * 1024 * 1024, '['))).toEqual({ status: 400, message: expect.stringMatching(/^the body nests arrays and objects deeper than 64 levels \(at byte 64\)/) });
		expect(Date.now() - started).toBeLessThan(2000);

		// A version-1 file: its items named by list and position; nesting counted from the file's top (an item is two levels down).
		const v1 = readFileSync('tests/fixtures/backup-v1-demo.json', 'utf8');
		const empty = fresh(false);
		const v1At = (find: string, ...parts: (string | number[])[]) => {
			const at = v1.indexOf(find);
			return { body: Buffer.concat([Buffer.from(v1.slice(0, at)), ...parts.map((p) => Buffer.from(p as string)), Buffer.from(v1.slice(at + find.length))]), byte: Buffer.byteLength(v1.slice(0, at)) };
		};
		const firstEntry = '"name":"Jana Nováková","members"';
		const v1Bad = v1At(firstEntry, '"name":"Jana Nov', [0xe1, 0x6b], 'ková","members"');
		const v1Lone = v1At(firstEntry, '"name":"Jana \\udc00","members"');
		const v1Deep = (inner: number) => v1At('"table":"1"}', `"table":"1","x":${'['.repeat(inner)}${']'.repeat(inner)}}`);
		const deep1 = v1Deep(62);
		for (const [what, body, message] of [
			['version 1: a byte that is not UTF-8', v1Bad.body, new RegExp(`^entries\\[0\\]\\.name: the body is not valid UTF-8 \\(byte ${v1Bad.byte + 16} is 0xe1\\)`)],
			['version 1: a lone surrogate', v1Lone.body, new RegExp(`^entries\\[0\\]\\.name: a lone UTF-16 surrogate escape \\(byte ${v1Lone.byte + 13}\\)`)],
			['version 1: an item nested 65 deep from the top', deep1.body, new RegExp(`^entries\\[0\\]: the body nests arrays and objects deeper than 64 levels \\(at byte ${deep1.byte + 16 + 61}\\)`)]
		] as const) {
			expect(await restoreAnswer(empty, body), what).toEqual({ status: 400, message: expect.stringMatching(message) });
			expect(empty.getEvent(DEMO_EVENT_ID), what).toBeUndefined();
		}
		expect((await restoreAnswer(empty, v1Deep(61).body)).message).not.toMatch(/deeper than 64/);
	});

	it('a byte-order mark before the first line (an editor\'s) is not part of the file', async () => {
		const { store } = sourceServer();
		const target = fresh(true);
		const answer = await restoreAnswer(target, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(backupText(store, EVENT, T0))]));
		expect(answer.status, answer.message).toBe(201);
		const v1 = fresh(false);
		const old = await restoreAnswer(v1, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync('tests/fixtures/backup-v1-demo.json')]));
		expect(old.status, old.message).toBe(201);
	});

	it('restores a version-1 file (one JSON object, as backups were made before) of any size, read as it arrives', async () => {
		const text = readFileSync('tests/fixtures/backup-v1-demo.json');
		const target = fresh(false);
		const progress: number[] = [];
		const r = await restoreText(target, text, { chunk: 7, progressEvery: 10, onProgress: (p) => progress.push(p.items) });
		expect(r).toEqual({
			eventId: DEMO_EVENT_ID,
			version: 1,
			counts: { rulesets: 9, competitions: 10, heats: 10, entries: 33, devices: 3, judgeEvents: 3, heatStarts: 0, publications: 2, merges: 0, people: 0, registrations: 0, registrationChanges: 0, rulesetChanges: 0, draws: 0, tableCards: 0, protests: 0, photos: 0 },
			numbering: 'renumbered',
			replacedDemo: false
		});
		expect(progress.length).toBeGreaterThan(5);
		expect([...progress].sort((a, b) => a - b)).toEqual(progress);
		// Numbered in the file's order; received times and tokens as they were.
		const v1 = JSON.parse(text.toString('utf8'));
		const rows = target.db.prepare('SELECT server_seq, id, received_at, token_id FROM judge_events ORDER BY server_seq').all();
		expect(rows).toEqual(v1.judgeEvents.map((j: { event: { id: string }; receivedAt: number; tokenId: string }, i: number) => ({ server_seq: i + 1, id: j.event.id, received_at: j.receivedAt, token_id: j.tokenId })));
		// And its backup, made now, is a version-2 file that restores the same.
		const again = fresh(false);
		await restoreText(again, backupText(target, DEMO_EVENT_ID, T0));
		expect(eventRows(again, DEMO_EVENT_ID)).toEqual(eventRows(target, DEMO_EVENT_ID));
	});
});

describe('restore: server numbers and the store (issue 12, point 4)', () => {
	it('keeps the numbers when they are free here; numbers them after the highest, in order, when they are not; new pushes come after', async () => {
		const { store, busy } = sourceServer();
		const text = backupText(store, EVENT, T0);
		const source = store.db.prepare('SELECT server_seq FROM judge_events WHERE event_id = ? ORDER BY server_seq').pluck().all(EVENT) as number[];

		const free = fresh(true);
		expect((await restoreText(free, text)).numbering).toBe('kept');
		expect(free.judgeEventPage(EVENT, 0, 100).json).toEqual(store.judgeEventPage(EVENT, 0, 100).json);
		expect(free.db.prepare('SELECT server_seq FROM judge_events ORDER BY server_seq').pluck().all()).toEqual(source);

		// A server whose own events took those numbers.
		const busyHere = fresh(true);
		busyEvent(busyHere, 'other', 'o');
		busyEvent(busyHere, 'third', 't');
		const highest = busyHere.db.prepare('SELECT max(server_seq) FROM judge_events').pluck().get() as number;
		expect(highest).toBeGreaterThan(source.at(-1)!);
		expect((await restoreText(busyHere, text)).numbering).toBe('renumbered');
		const page = busyHere.judgeEventPage(EVENT, 0, 100);
		expect(page.json).toEqual(store.judgeEventPage(EVENT, 0, 100).json);
		expect(busyHere.db.prepare('SELECT server_seq FROM judge_events WHERE event_id = ? ORDER BY server_seq').pluck().all(EVENT)).toEqual(source.map((_, i) => highest + 1 + i));
		// Pushed after the restore: numbered after every restored event.
		const log = new DeviceLog({ deviceId: 'after', judge: 'Eva', competitionId: busy.competitions.q, heatId: 'b-q-h2' });
		// The organizer's device (it may push another device's events, as an imported file's).
		const pushed = pushEvents(busyHere, busy.org, { events: [log.start(T0 + 90 * MIN, ['b-q-e3'])] }, T0 + 90 * MIN);
		expect(pushed.stored[0]!.serverSeq).toBe(highest + source.length + 1);
		// Heat starts likewise.
		expect(heatStartsAfter(free, EVENT, 0).map((s) => s.seq)).toEqual(heatStartsAfter(store, EVENT, 0).map((s) => s.seq));
		expect(heatStartsAfter(busyHere, EVENT, 0).map((s) => s.seq)).toEqual([3]);
	});

	it("the store's identity is made with the data directory, kept when it is opened again, and never taken from a backup", async () => {
		const { store } = sourceServer();
		const id = store.storeId;
		expect(id).toMatch(/^[0-9a-f]{32}$/);
		const dir = dirs[0]!;
		store.close();
		const reopened = Store.open(dir);
		stores.push(reopened);
		expect(reopened.storeId).toBe(id);
		const target = fresh(false);
		const targetId = target.storeId;
		expect(targetId).not.toBe(id);
		await restoreText(target, backupText(reopened, EVENT, T0));
		expect(target.storeId).toBe(targetId);
	});
});

describe('the history of ruleset versions (issue 14, CZ-GEN-CHANGES)', () => {
	it('CZ-GEN-CHANGES: a backup carries every change and every version it names (one no competition uses now); restored where its numbers are taken, renumbered in order, pointing at rulesets that exist', async () => {
		const store = fresh(false);
		const busy = busyEvent(store);
		const R = presetById('czjpa-individual')!;
		reviseCompetitionRuleset(store, busy.org, EVENT, busy.competitions.f, { baseVersion: 2, ruleset: { ...R, timeLimitMs: 110 * MIN }, reason: 'Longer still' }, T0 - 5 * MIN);
		const lines = backupLinesOf(store, EVENT, T0);
		// Version 2 is used by no competition now (the final moved on to 3): carried because the history names it.
		expect(lines.filter((l) => l.kind === 'ruleset').map((l) => (l.ruleset as { version: number }).version)).toEqual([1, 3, 2]);
		expect(lines.filter((l) => l.kind === 'rulesetChange').map((l) => [l.seq, l.eventId, (l.change as { reason: string }).reason])).toEqual([
			[1, EVENT, 'A longer final'],
			[2, EVENT, 'Longer still']
		]);

		const target = fresh(false);
		busyEvent(target, 'other', 'o');
		const answer = await restoreText(target, textOf(lines));
		expect(answer.counts).toMatchObject({ rulesets: 3, rulesetChanges: 2 });
		const history = (s: Store) => preparation(s, EVENT).competitions.find((c) => c.competition.id === busy.competitions.f)!.changes;
		expect(history(target)).toEqual(history(store));
		expect(history(target).map((c) => [c.fromVersion, c.toVersion])).toEqual([[1, 2], [2, 3]]);
		for (const c of history(target)) for (const v of [c.fromVersion, c.toVersion]) expect(target.getRuleset(c.rulesetId, v), `${c.rulesetId} ${v}`).toEqual(store.getRuleset(c.rulesetId, v));
		// The other event's change took number 1 here: the restored ones follow it, in order.
		expect(target.db.prepare('SELECT seq FROM ruleset_changes WHERE event_id = ? ORDER BY seq').pluck().all(EVENT)).toEqual([2, 3]);
		expect(target.db.prepare('SELECT seq FROM ruleset_changes WHERE event_id = ? ORDER BY seq').pluck().all('other')).toEqual([1]);
		// On a server where they are free, the numbers are kept.
		const free = fresh(false);
		await restoreText(free, textOf(lines));
		expect(free.db.prepare('SELECT seq FROM ruleset_changes ORDER BY seq').pluck().all()).toEqual([1, 2]);
	});

	it('a version-2 file made before the ruleset history (no such count, no such line) still restores, with none', async () => {
		const store = fresh(true);
		const lines = backupLinesOf(store, DEMO_EVENT_ID, T0).map((l) => {
			if (!l.counts) return l;
			const { rulesetChange, ...counts } = l.counts as Record<string, number>;
			expect(rulesetChange).toBe(0);
			return { ...l, counts };
		});
		const answer = await restoreAnswer(fresh(false), textOf(lines));
		expect(answer.status, answer.message).toBe(201);
		expect(answer.result!.counts.rulesetChanges).toBe(0);
	});
});

describe('restore: the demo event (issue 12, point 5)', () => {
	it('a fresh data directory seeds its own demo; a backup of demo replaces it while nobody has used it', async () => {
		const source = fresh(true);
		busyEvent(source, 'elsewhere', 'e');
		const judge = issueToken(source, { eventId: DEMO_EVENT_ID, role: 'judge', label: 'Table 1', now: T0 });
		const log = new DeviceLog({ deviceId: 'tab-1', judge: 'Eva', competitionId: 'demo-czjpa-individual', heatId: 'demo-czjpa-individual-h1' });
		pushEvents(source, judge, { events: [log.start(T0, ['demo-czjpa-individual-e1'])] }, T0);
		saveOrganizerSetup(source, DEMO_EVENT_ID, { entries: [{ id: 'demo-extra', competitionId: 'demo-czjpa-individual', heatId: 'demo-czjpa-individual-h1', name: 'Late entry', members: [] }] });
		const text = backupText(source, DEMO_EVENT_ID, T0);

		// As the server's first start leaves it: the demo and its printed organizer key.
		const target = fresh(true);
		const key = demoOrganizerKey(target, T0)!;
		expect(authenticate(target, key.token)).not.toBeNull();
		const r = await restoreText(target, text);
		expect(r).toMatchObject({ eventId: DEMO_EVENT_ID, replacedDemo: true, numbering: 'kept' });
		expect(eventRows(target, DEMO_EVENT_ID)).toEqual(eventRows(source, DEMO_EVENT_ID));
		expect(authenticate(target, judge.token)?.id).toBe(judge.id);
		expect(authenticate(target, key.token)).toBeNull();
		// Restored once, it is somebody's: a second restore is refused.
		expect(await restoreAnswer(target, text)).toEqual({ status: 409, message: expect.stringMatching(/the event "demo" is already on this server/) });
	});

	it('a demo somebody used (judge events, a device, a changed set-up) is never replaced: 409, unchanged', async () => {
		const source = fresh(true);
		const text = backupText(source, DEMO_EVENT_ID, T0);
		const uses: [string, (s: Store) => void][] = [
			['a judge event', (s) => pushEvents(s, issueToken(s, { eventId: DEMO_EVENT_ID, role: 'judge', label: 'T', now: T0 }), { events: [new DeviceLog({ deviceId: 'x', judge: 'E', competitionId: 'demo-czjpa-individual', heatId: 'demo-czjpa-individual-h1' }).start(T0, [])] }, T0)],
			['a device', (s) => addDevice(s, DEMO_EVENT_ID, { role: 'display', label: 'Hall' }, 'http://x', T0)],
			['a changed heat', (s) => saveOrganizerSetup(s, DEMO_EVENT_ID, { heats: [{ id: 'demo-czjpa-individual-h1', competitionId: 'demo-czjpa-individual', name: 'Renamed' }] })]
		];
		for (const [what, use] of uses) {
			const target = fresh(true);
			use(target);
			const before = eventRows(target, DEMO_EVENT_ID);
			expect(await restoreAnswer(target, text), what).toEqual({ status: 409, message: expect.stringMatching(/the event "demo" is already on this server/) });
			expect(eventRows(target, DEMO_EVENT_ID), what).toEqual(before);
		}
	});
});

describe('restore at scale', () => {
	it('restores a backup of 20,000 judge events read in 64 KiB pieces, reporting progress', async () => {
		const source = fresh(true);
		for (let d = 0; d < 20; d++) {
			const judge = issueToken(source, { eventId: DEMO_EVENT_ID, role: 'judge', label: `T${d}`, now: T0 });
			const log = new DeviceLog({ deviceId: `tab-${d}`, judge: 'Eva', competitionId: 'demo-czjpa-individual', heatId: 'demo-czjpa-individual-h1' });
			log.start(T0, ['demo-czjpa-individual-e1']);
			for (let i = 1; log.events.length < 1000; i++) log.hand('demo-czjpa-individual-e1', T0 + i);
			pushEvents(source, judge, { events: log.events }, T0);
		}
		const text = backupText(source, DEMO_EVENT_ID, T0);
		const target = fresh(true);
		const progress: { phase: string; items: number; total: number | null }[] = [];
		const started = performance.now();
		const r = await restoreText(target, text, { onProgress: (p) => progress.push(p) });
		const ms = performance.now() - started;
		expect(r.counts.judgeEvents).toBe(20_000);
		expect(target.judgeEventPage(DEMO_EVENT_ID, 0, 20_000).json).toEqual(source.judgeEventPage(DEMO_EVENT_ID, 0, 20_000).json);
		expect(progress[0]).toEqual(expect.objectContaining({ phase: 'reading', items: 0, total: Object.values(r.counts).reduce((a, b) => a + b, 0) }));
		expect(progress.filter((p) => p.phase === 'reading').length).toBeGreaterThanOrEqual(3);
		expect(progress.slice(-2).map((p) => p.phase)).toEqual(['writing', 'done']);
		console.log(`restored 20,000 judge events in ${Math.round(ms)} ms (${chunked(text, 65536).length} pieces of 64 KiB)`);
	}, 60_000);
});

/** Files left in the store's directory beside the store itself. */
function readdir(store: Store): string[] {
	const dir = join(store.file, '..');
	return readdirSync(dir).filter((f) => !f.startsWith('puzzle-judge.sqlite'));
}
