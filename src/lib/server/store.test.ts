import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRESETS } from '$lib/rules/presets';
import { ageOn, checkUnit } from '$lib/rules/registration';
import { openStore } from './db';
import { DEMO_EVENT_DATE, DEMO_EVENT_ID, birthDateFor, demoSetup } from './demo';
import { canonicalJson } from '$lib/events/order';
import { MIGRATIONS } from './migrations';
import { DB_FILE, Store } from './store';
import { formatHMM, formatPieces, formatUnit } from './summary';

let dir: string;
const open: Store[] = [];

function track(s: Store): Store {
	open.push(s);
	return s;
}

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-store-'));
});

afterEach(() => {
	for (const s of open.splice(0)) s.close();
	rmSync(dir, { recursive: true, force: true });
});

describe('Store', () => {
	it('creates the data directory, runs every migration and turns WAL on', () => {
		const store = track(Store.open(join(dir, 'nested', 'data')));
		expect(store.file).toBe(join(dir, 'nested', 'data', DB_FILE));
		expect(store.userVersion).toBe(MIGRATIONS.length);
		expect(store.journalMode).toBe('wal');
		expect(store.db.pragma('synchronous', { simple: true })).toBe(2); // FULL
		expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
		const tables = store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
		expect(tables).toEqual(expect.arrayContaining(['competitions', 'entries', 'events', 'heats', 'judge_events', 'rulesets']));
	});

	it('refuses a database from a newer schema version', () => {
		track(Store.open(dir)).close();
		const raw = new Database(join(dir, DB_FILE));
		raw.pragma(`user_version = ${MIGRATIONS.length + 1}`);
		raw.close();
		expect(() => Store.open(dir)).toThrow(/newer than this program knows/);
	});

	it('validates set-up on the way in and inserts nothing of a failing batch', () => {
		const store = track(Store.open(dir));
		expect(() => store.insertSetup({ events: [{ id: 'x', name: 'X', date: 'not a date' }] })).toThrow();
		expect(() =>
			store.insertSetup({
				events: [{ id: 'e1', name: 'Event', date: '2026-05-16' }],
				competitions: [{ id: 'c1', eventId: 'e1', name: 'C', ruleset: { id: 'nope', version: 1 } }]
			})
		).toThrow(/FOREIGN KEY/);
		expect(store.countEvents()).toBe(0);
	});

	it('keeps a stored ruleset version immutable', () => {
		const store = track(Store.open(dir));
		const preset = PRESETS[0]!;
		store.insertSetup({ rulesets: [preset] });
		store.insertSetup({ rulesets: [preset] }); // identical: fine
		expect(() => store.insertSetup({ rulesets: [{ ...preset, timeLimitMs: preset.timeLimitMs + 60_000 }] })).toThrow(/new version/);
		expect(store.getRuleset(preset.id, preset.version)).toEqual(preset);
	});

	it('keeps judge events stored before the sync migrations, under the event of their competition, in order', () => {
		// A store file that only ever saw the first two migrations, holding the demo event and two judge events.
		const v2 = new Database(join(dir, DB_FILE));
		for (const m of MIGRATIONS.slice(0, 2)) v2.exec(m);
		v2.pragma('user_version = 2');
		const setup = demoSetup();
		v2.prepare('INSERT INTO events (id, name, date) VALUES (?, ?, ?)').run(DEMO_EVENT_ID, 'Demo', DEMO_EVENT_DATE);
		v2.prepare('INSERT INTO rulesets (id, version, json) VALUES (?, ?, ?)').run(setup.rulesets[0]!.id, setup.rulesets[0]!.version, JSON.stringify(setup.rulesets[0]));
		const c = setup.competitions[0]!;
		v2.prepare('INSERT INTO competitions (id, event_id, name, ruleset_id, ruleset_version, position) VALUES (?, ?, ?, ?, ?, 0)').run(c.id, DEMO_EVENT_ID, c.name, c.ruleset.id, c.ruleset.version);
		const event = (id: string, seq: number) => ({ id, deviceId: 't', seq, at: 1000 + seq, mono: seq, judge: 'E', competitionId: c.id, heatId: 'h', entryId: 'e', type: 'hand.raised', payload: {} });
		const ins = v2.prepare('INSERT INTO judge_events (id, competition_id, heat_id, entry_id, device_id, seq, at, json, server_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
		for (const [id, seq] of [['b', 2], ['a', 1]] as const) ins.run(id, c.id, 'h', 'e', 't', seq, 1000 + seq, JSON.stringify(event(id, seq)), seq === 2 ? 1 : 2);
		v2.close();

		const store = track(Store.open(dir));
		expect(store.userVersion).toBe(MIGRATIONS.length);
		expect(store.judgeEventsOfEvent(DEMO_EVENT_ID, 0, 10)).toEqual({ events: [event('b', 2), event('a', 1)], cursor: 2, more: false });
		expect(store.appendJudgeEvents([event('c', 3)], { eventId: DEMO_EVENT_ID }).stored).toEqual([{ id: 'c', serverSeq: 3 }]);
	});

	it('stores judge events idempotently with increasing server sequence numbers', () => {
		const store = track(Store.open(dir));
		const ev = (id: string, seq: number, extra: Record<string, unknown> = {}) => ({
			id,
			deviceId: 'tablet-1',
			seq,
			at: 1_770_000_000_000 + seq,
			mono: seq,
			judge: 'Eva',
			competitionId: 'c1',
			heatId: 'h1',
			entryId: 'e1',
			type: 'hand.raised',
			payload: {},
			...extra
		});
		const first = store.appendJudgeEvents([ev('a', 1), ev('b', 2)], { eventId: 'x' });
		expect(first.stored).toEqual([
			{ id: 'a', serverSeq: 1 },
			{ id: 'b', serverSeq: 2 }
		]);
		// Re-sent (keys in another order), a changed copy, a reused seq, and a new one.
		const { entryId, ...rest } = ev('a', 1);
		const second = store.appendJudgeEvents([{ entryId, ...rest }, ev('b', 2, { at: 5 }), ev('c', 2), ev('d', 3)], { eventId: 'x' });
		expect(second).toEqual({ stored: [{ id: 'd', serverSeq: 3 }], duplicates: ['a'], conflicts: ['b', 'c'] });
		expect(store.judgeEventsOfEvent('x', 0, 10).events.map((e) => e.id)).toEqual(['a', 'b', 'd']);
		expect(store.judgeEventsOfEvent('x', 1, 1)).toMatchObject({ cursor: 2, more: true, events: [{ id: 'b', type: 'hand.raised' }] });
		expect(store.judgeEventsOfEvent('x', 3, 10)).toEqual({ events: [], cursor: 3, more: false });
		expect(store.judgeEventsOfEvent('other', 0, 10).events).toEqual([]);
		// The pull answer's bytes, joined by SQLite: the same events, pages and cursors.
		const bytes = (cursor: number, limit: number) => {
			const page = store.judgeEventPageBytes('x', cursor, limit);
			return { events: JSON.parse(`[${page.joined.toString('utf8')}]`), cursor: page.cursor, more: page.more };
		};
		expect(bytes(0, 10)).toEqual(store.judgeEventsOfEvent('x', 0, 10));
		expect(bytes(1, 1)).toEqual(store.judgeEventsOfEvent('x', 1, 1));
		expect(bytes(3, 10)).toEqual({ events: [], cursor: 3, more: false });
		expect(store.judgeEventPageBytes('other', 0, 10)).toEqual({ joined: Buffer.alloc(0), cursor: 0, more: false });
	});

	it('gives pull pages in arrival order, two events interleaved, cut at the page size', () => {
		const store = track(Store.open(dir));
		const ev = (i: number) => ({ id: `e${i}`, deviceId: `d${i % 7}`, seq: i, at: 1_000_000 - i, mono: i, judge: 'Eva', competitionId: 'c1', heatId: 'h1', entryId: 'e1', type: 'hand.raised', payload: {} });
		for (let i = 1; i <= 600; i++) store.appendJudgeEvents([ev(i)], { eventId: i % 3 === 0 ? 'y' : 'x' });
		const ids: string[] = [];
		let cursor = 0;
		for (let more = true; more; ) {
			const page = store.judgeEventPageBytes('x', cursor, 64);
			const events = JSON.parse(`[${page.joined.toString('utf8')}]`) as { id: string }[];
			expect(events.length).toBeLessThanOrEqual(64);
			ids.push(...events.map((e) => e.id));
			({ cursor, more } = page);
		}
		const expected = Array.from({ length: 600 }, (_, i) => i + 1).filter((i) => i % 3 !== 0).map((i) => `e${i}`);
		expect(ids).toEqual(expected);
		expect(cursor).toBe(599);
	});

	it('keeps events of different events apart: the same ID, or a device\'s number, in another event is another event', () => {
		const store = track(Store.open(dir));
		const ev = (id: string, seq: number, extra: Record<string, unknown> = {}) => ({
			id, deviceId: 'tab-a', seq, at: 1_770_000_000_000 + seq, mono: seq, judge: 'Eva', competitionId: 'c1', heatId: 'h1', entryId: 'e1', type: 'hand.raised', payload: {}, ...extra
		});
		expect(store.appendJudgeEvents([ev('tab-a-1', 1), ev('tab-a-2', 2)], { eventId: 'a' }).stored.map((s) => s.id)).toEqual(['tab-a-1', 'tab-a-2']);
		// Event B: the same ID with other content, and another ID with A's device and number: both stored, nothing said of A.
		const inB = [ev('tab-a-1', 7, { at: 5 }), ev('spoof', 2, { at: 6 })];
		expect(store.appendJudgeEvents(inB, { eventId: 'b' })).toEqual({ stored: [{ id: 'tab-a-1', serverSeq: 3 }, { id: 'spoof', serverSeq: 4 }], duplicates: [], conflicts: [] });
		// A's own log goes on as before: its next number is its own, a re-sent event a duplicate, a changed one a conflict.
		expect(store.appendJudgeEvents([ev('tab-a-3', 3), ev('tab-a-2', 2), ev('tab-a-1', 1, { at: 9 })], { eventId: 'a' })).toEqual({
			stored: [{ id: 'tab-a-3', serverSeq: 5 }],
			duplicates: ['tab-a-2'],
			conflicts: ['tab-a-1']
		});
		expect(store.judgeEventsOfEvent('a', 0, 10).events.map((e) => [e.id, e.seq, e.at])).toEqual([['tab-a-1', 1, ev('x', 1).at], ['tab-a-2', 2, ev('x', 2).at], ['tab-a-3', 3, ev('x', 3).at]]);
		expect(store.judgeEventsOfEvent('b', 0, 10).events.map((e) => [e.id, e.seq])).toEqual([['tab-a-1', 7], ['spoof', 2]]);
		// Within B the keys hold as within A.
		expect(store.appendJudgeEvents([ev('other', 7)], { eventId: 'b' }).conflicts).toEqual(['other']);
	});

	it('migration 9 keeps every judge event, heat start and device of a store made before it, and numbers on', () => {
		const mine = MIGRATIONS.findIndex((m) => m.includes('judge_events_event_id'));
		const old = new Database(join(dir, DB_FILE));
		for (const m of MIGRATIONS.slice(0, mine)) old.exec(m);
		old.pragma(`user_version = ${mine}`);
		const setup = demoSetup();
		old.prepare('INSERT INTO events (id, name, date) VALUES (?, ?, ?)').run(DEMO_EVENT_ID, 'Demo', DEMO_EVENT_DATE);
		old.prepare('INSERT INTO rulesets (id, version, json) VALUES (?, ?, ?)').run(setup.rulesets[0]!.id, setup.rulesets[0]!.version, JSON.stringify(setup.rulesets[0]));
		const c = setup.competitions[0]!;
		old.prepare('INSERT INTO competitions (id, event_id, name, ruleset_id, ruleset_version, position) VALUES (?, ?, ?, ?, ?, 0)').run(c.id, DEMO_EVENT_ID, c.name, c.ruleset.id, c.ruleset.version);
		old.prepare('INSERT INTO heats (id, competition_id, name, position) VALUES (?, ?, ?, 0)').run('h', c.id, 'Heat');
		const event = (id: string, seq: number) => ({ id, deviceId: 't', seq, at: 1000 + seq, mono: seq, judge: 'E', competitionId: c.id, heatId: 'h', entryId: 'e', type: 'hand.raised', payload: {} });
		const ins = old.prepare('INSERT INTO judge_events (server_seq, id, event_id, competition_id, heat_id, entry_id, device_id, seq, at, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
		ins.run(1, 'a', DEMO_EVENT_ID, c.id, 'h', 'e', 't', 1, 1001, JSON.stringify(event('a', 1)));
		ins.run(2, 'lost', null, 'gone', 'h', 'e', 'u', 1, 1001, '{}'); // of no known event (before migration 3)
		ins.run(3, 'b', DEMO_EVENT_ID, c.id, 'h', 'e', 't', 2, 1002, JSON.stringify(event('b', 2)));
		const start = old.prepare('INSERT INTO heat_starts (id, event_id, competition_id, heat_id, server_at, token_id, created_at) VALUES (?, ?, ?, ?, 1, ?, 1)');
		for (const id of ['s1', 's2', 's3']) start.run(id, DEMO_EVENT_ID, c.id, 'h', 'tok');
		old.prepare('INSERT INTO device_tokens (id, event_id, role, label, token_hash, created_at) VALUES (?, ?, ?, ?, ?, 0)').run('dev-1', DEMO_EVENT_ID, 'judge', 'T1', 'hash');
		old.prepare('INSERT INTO token_devices (token_id, device_id) VALUES (?, ?)').run('dev-1', 't');
		old.close();

		const store = track(Store.open(dir));
		expect(store.userVersion).toBe(MIGRATIONS.length);
		expect(store.judgeEventsOfEvent(DEMO_EVENT_ID, 0, 10)).toEqual({ events: [event('a', 1), event('b', 2)], cursor: 3, more: false });
		expect(store.db.prepare("SELECT server_seq FROM judge_events WHERE event_id = ''").pluck().all()).toEqual([2]);
		expect(store.appendJudgeEvents([event('c', 3)], { eventId: DEMO_EVENT_ID }).stored).toEqual([{ id: 'c', serverSeq: 4 }]);
		expect(store.appendJudgeEvents([event('b', 2)], { eventId: DEMO_EVENT_ID })).toEqual({ stored: [], duplicates: ['b'], conflicts: [] });
		// Heat starts number on after the last one; the devices that pushed with a token stay its own.
		store.db.prepare('INSERT INTO heat_starts (id, event_id, competition_id, heat_id, server_at, token_id, created_at) VALUES (?, ?, ?, ?, 1, ?, 1)').run('s4', DEMO_EVENT_ID, c.id, 'h', 'tok');
		expect(store.db.prepare('SELECT seq, id FROM heat_starts ORDER BY seq').all()).toEqual([1, 2, 3, 4].map((n) => ({ seq: n, id: `s${n}` })));
		expect(store.db.prepare('SELECT token_id, device_id, bound FROM token_devices').all()).toEqual([{ token_id: 'dev-1', device_id: 't', bound: 1 }]);
		expect(store.db.pragma('foreign_key_check')).toEqual([]);
		// Pulls still walk the event's index in arrival order (the row ID), not the new keys.
		const plan = store.db.prepare('EXPLAIN QUERY PLAN SELECT json FROM judge_events WHERE event_id = ? AND server_seq > ? ORDER BY server_seq LIMIT 10').all(DEMO_EVENT_ID, 0) as { detail: string }[];
		expect(plan.map((p) => p.detail)).toEqual(['SEARCH judge_events USING INDEX judge_events_event (event_id=? AND rowid>?)']);
	});

	it('the display mode’s migration (16) keeps every device, unknown, and takes only an installed app or a browser tab', () => {
		const mine = MIGRATIONS.findIndex((m) => m.includes('ADD COLUMN display_mode TEXT'));
		expect(mine).toBe(15);
		const old = new Database(join(dir, DB_FILE));
		old.pragma('foreign_keys = ON');
		for (const m of MIGRATIONS.slice(0, mine)) old.exec(m);
		old.pragma(`user_version = ${mine}`);
		old.prepare('INSERT INTO events (id, name, date) VALUES (?, ?, ?)').run('spring', 'Spring', '2026-05-16');
		old.prepare('INSERT INTO device_tokens (id, event_id, role, label, token_hash, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run('dev-a', 'spring', 'judge', 'T1', 'hash-a', 5, 7);
		old.close();

		const store = track(Store.open(dir));
		expect(store.userVersion).toBe(MIGRATIONS.length);
		expect(store.db.prepare('SELECT id, last_seen_at, display_mode, display_mode_at FROM device_tokens').all()).toEqual([
			{ id: 'dev-a', last_seen_at: 7, display_mode: null, display_mode_at: null }
		]);
		store.db.prepare("UPDATE device_tokens SET display_mode = 'standalone', display_mode_at = 9 WHERE id = 'dev-a'").run();
		expect(() => store.db.prepare("UPDATE device_tokens SET display_mode = 'kiosk' WHERE id = 'dev-a'").run()).toThrow(/CHECK/);
	});

	it('the desk role’s migration keeps every device, its bound tablets and pairing codes, and takes desk tokens', () => {
		const mine = MIGRATIONS.findIndex((m) => m.includes("'display', 'desk'"));
		expect(mine).toBeGreaterThan(0);
		const old = new Database(join(dir, DB_FILE));
		old.pragma('foreign_keys = ON');
		for (const m of MIGRATIONS.slice(0, mine)) old.exec(m);
		old.pragma(`user_version = ${mine}`);
		old.prepare('INSERT INTO events (id, name, date) VALUES (?, ?, ?)').run('spring', 'Spring', '2026-05-16');
		const token = old.prepare('INSERT INTO device_tokens (id, event_id, role, label, token_hash, created_at, revoked_at, last_seen_at, clock_offset_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
		token.run('dev-b', 'spring', 'judge', 'T2', 'hash-b', 5, null, 7, -12.5);
		token.run('dev-a', 'spring', 'display', 'Screen', 'hash-a', 5, 9, null, null);
		expect(() => token.run('dev-d', 'spring', 'desk', 'Door', 'hash-d', 6, null, null, null)).toThrow(/CHECK/);
		old.prepare('INSERT INTO token_devices (token_id, device_id, bound) VALUES (?, ?, ?)').run('dev-b', 'tab-1', 0);
		old.prepare('INSERT INTO pairing_codes (code_hash, token_id, expires_at, used_at) VALUES (?, ?, ?, ?)').run('code', 'dev-a', 100, null);
		const before = (table: string, db: Database.Database) => db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all();
		const tables = ['device_tokens', 'pairing_codes'].map((t) => before(t, old));
		const bound = old.prepare('SELECT * FROM token_devices').all();
		old.close();

		const store = track(Store.open(dir));
		expect(store.userVersion).toBe(MIGRATIONS.length);
		// Every row as it was, with the columns later migrations add (16: the display mode) empty.
		const later = { display_mode: null, display_mode_at: null };
		expect(['device_tokens', 'pairing_codes'].map((t) => before(t, store.db))).toEqual([tables[0]!.map((r) => ({ ...(r as object), ...later })), tables[1]]);
		expect(store.db.prepare('SELECT * FROM token_devices').all()).toEqual(bound);
		store.db.prepare('INSERT INTO device_tokens (id, event_id, role, label, token_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)').run('dev-d', 'spring', 'desk', 'Door', 'hash-d', 6);
		expect(() => store.db.prepare('INSERT INTO device_tokens (id, event_id, role, label, token_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)').run('dev-x', 'spring', 'janitor', 'X', 'hash-x', 6)).toThrow(/CHECK/);
		expect(() => store.db.prepare('INSERT INTO token_devices (token_id, device_id) VALUES (?, ?)').run('dev-nobody', 'x')).toThrow(/FOREIGN KEY/);
		expect(store.db.pragma('foreign_key_check')).toEqual([]);
		expect(store.db.prepare("SELECT name FROM sqlite_temp_schema WHERE name LIKE 'saved_%'").pluck().all()).toEqual([]);
	});

	it('issue 29 #10: the migration scoping IDs per event (19) upgrades a store made by the earlier ones: every row, its order and the counters kept; then another event may use the same IDs', () => {
		const mine = MIGRATIONS.findIndex((m) => m.includes('CREATE TABLE competitions_new'));
		expect(mine).toBe(18);
		const old = new Database(join(dir, DB_FILE));
		old.pragma('foreign_keys = ON');
		for (const m of MIGRATIONS.slice(0, mine)) old.transaction(() => old.exec(m))();
		old.pragma(`user_version = ${mine}`);
		const run = (sql: string, ...args: unknown[]) => old.prepare(sql).run(...args);
		const R = demoSetup().rulesets[0]!;
		run("INSERT INTO events (id, name, date) VALUES ('a', 'A', '2026-05-16'), ('b', 'B', '2026-05-17')");
		run('INSERT INTO rulesets (id, version, json) VALUES (?, ?, ?)', R.id, R.version, JSON.stringify(R));
		const competition = old.prepare('INSERT INTO competitions (id, event_id, name, ruleset_id, ruleset_version, position, origin) VALUES (?, ?, ?, ?, ?, ?, ?)');
		// Equal positions: the row ID orders them (c2 before c1).
		competition.run('c2', 'a', 'Two', R.id, R.version, 0, 'device');
		competition.run('c1', 'a', 'One', R.id, R.version, 0, 'organizer');
		competition.run('cb', 'b', 'Bee', R.id, R.version, 0, 'organizer');
		run("INSERT INTO heats (id, competition_id, name, position) VALUES ('h2', 'c1', 'Second', 0), ('h1', 'c1', 'First', 0), ('h9', 'c2', 'Tablet', 0), ('hb', 'cb', 'Bee heat', 0)");
		const entry = old.prepare('INSERT INTO entries (id, competition_id, heat_id, name, members, table_label, seat, position) VALUES (?, ?, ?, ?, ?, ?, ?, 0)');
		for (const [id, c, h] of [['e2', 'c1', 'h1'], ['e1', 'c1', 'h1'], ['e9', 'c2', 'h9'], ['eb', 'cb', 'hb']] as const) entry.run(id, c, h, `Entry ${id}`, '[]', '1', id.slice(1));
		const start = old.prepare("INSERT INTO heat_starts (id, event_id, competition_id, heat_id, server_at, token_id, created_at) VALUES (?, 'a', 'c1', 'h1', 1, 'tok', 1)");
		for (const id of ['s1', 's2', 's3']) start.run(id);
		run("DELETE FROM heat_starts WHERE id = 's3'"); // the counter stays at 3
		run("INSERT INTO publications (event_id, competition_id, version, state, published_at, snapshot) VALUES ('a', 'c1', 1, 'published', 1, '{}'), ('a', 'c1', 2, 'final', 2, '{}')");
		run("INSERT INTO competition_merges (id, event_id, kept_competition_id, folded_competition_id, json, recorded_at) VALUES ('m1', 'a', 'c1', 'c2', '{}', 1)");
		run("INSERT INTO registrations (event_id, id, competition_id, status, registered_at, version, json) VALUES ('a', 'r1', 'c1', 'registered', 1, 1, '{}')");
		for (let i = 0; i < 4; i++) run("INSERT INTO ruleset_changes (event_id, competition_id, json) VALUES ('a', 'c1', '{}')");
		run('DELETE FROM ruleset_changes WHERE seq = 4');
		run("INSERT INTO draws (event_id, id, competition_id, kind, made_at, json) VALUES ('a', 'd1', 'c1', 'teams', 1, '{}')");
		const tables = ['competitions', 'heats', 'entries', 'heat_starts', 'publications', 'competition_merges', 'registrations', 'ruleset_changes', 'draws'];
		const rowsOf = (db: Database.Database) => Object.fromEntries(tables.map((t) => [t, db.prepare(`SELECT rowid AS _rowid, * FROM ${t} ORDER BY rowid`).all()]));
		const before = rowsOf(old);
		const counters = old.prepare('SELECT name, seq FROM sqlite_sequence ORDER BY name').all();
		old.close();

		const store = track(Store.open(dir));
		expect(store.userVersion).toBe(MIGRATIONS.length);
		expect(store.db.pragma('foreign_key_check')).toEqual([]);
		// Every row as it was, in its row ID; heats and entries now say their event (their competition's).
		const eventOf = (competitionId: unknown) => (competitionId === 'cb' ? 'b' : 'a');
		const withEvent = (rows: unknown[]) => rows.map((r) => ({ ...(r as Record<string, unknown>), event_id: eventOf((r as Record<string, unknown>).competition_id) }));
		expect(rowsOf(store.db)).toEqual({ ...before, heats: withEvent(before.heats!), entries: withEvent(before.entries!) });
		expect(store.db.prepare('SELECT name, seq FROM sqlite_sequence ORDER BY name').all()).toEqual(counters);
		expect(store.listCompetitions('a').map((c) => c.competition.id)).toEqual(['c2', 'c1']);
		expect(store.listHeats('a', 'c1').map((h) => h.id)).toEqual(['h2', 'h1']);
		expect(store.listEntries('a', 'c1').map((e) => e.id)).toEqual(['e2', 'e1']);
		// The counters carry on; B may now use A's IDs, and nothing of A changes.
		store.db.prepare("INSERT INTO heat_starts (id, event_id, competition_id, heat_id, server_at, token_id, created_at) VALUES ('s4', 'a', 'c1', 'h1', 1, 'tok', 1)").run();
		expect(store.db.prepare('SELECT seq, id FROM heat_starts ORDER BY seq').all()).toEqual([{ seq: 1, id: 's1' }, { seq: 2, id: 's2' }, { seq: 4, id: 's4' }]);
		const rowsOfA = JSON.stringify(store.listCompetitions('a')) + JSON.stringify(store.listEntries('a', 'c1'));
		store.insertSetup({
			competitions: [{ id: 'c1', eventId: 'b', name: 'B one', ruleset: { id: R.id, version: R.version } }],
			heats: [{ id: 'h1', competitionId: 'c1', name: 'B first' }],
			entries: [{ id: 'e1', competitionId: 'c1', heatId: 'h1', name: 'B entry', members: [] }]
		});
		expect(store.getEntry('b', 'e1')?.name).toBe('B entry');
		expect(JSON.stringify(store.listCompetitions('a')) + JSON.stringify(store.listEntries('a', 'c1'))).toBe(rowsOfA);
		// Within an event the keys hold, and a child never points into another event.
		expect(() => store.insertSetup({ eventId: 'b', heats: [{ id: 'h1', competitionId: 'c1', name: 'Again' }] })).toThrow(/UNIQUE/);
		expect(() => store.insertSetup({ eventId: 'b', heats: [{ id: 'hx', competitionId: 'c2', name: "A's competition" }] })).toThrow(/FOREIGN KEY/);
		expect(() => store.db.prepare("DELETE FROM heats WHERE event_id = 'a' AND id = 'h1'").run()).toThrow(/FOREIGN KEY/);
	});

	it('recognises a re-sent event stored by an earlier version in canonical (sorted-key) form', () => {
		const store = track(Store.open(dir));
		const e = { id: 'a', deviceId: 'd1', seq: 1, at: 1, mono: 1, judge: 'Eva', competitionId: 'c1', heatId: 'h1', entryId: 'e1', type: 'hand.raised', payload: {} };
		store.appendJudgeEvents([e], { eventId: 'x' });
		store.db.prepare('UPDATE judge_events SET json = ? WHERE id = ?').run(canonicalJson(e), 'a');
		expect(store.appendJudgeEvents([e], { eventId: 'x' })).toEqual({ stored: [], duplicates: ['a'], conflicts: [] });
		expect(store.appendJudgeEvents([{ ...e, at: 2 }], { eventId: 'x' })).toEqual({ stored: [], duplicates: [], conflicts: ['a'] });
	});
});

describe('demo event', () => {
	it('is inserted on the first open and not duplicated by the next ones', () => {
		const first = track(openStore(dir));
		expect(first.listEvents()).toEqual([
			{ id: DEMO_EVENT_ID, name: 'Demo puzzle day', date: DEMO_EVENT_DATE, venue: expect.any(String) }
		]);
		const entries = first.listCompetitions(DEMO_EVENT_ID).reduce((n, c) => n + c.entries, 0);
		first.close();

		const second = track(openStore(dir));
		expect(second.countEvents()).toBe(1);
		expect(second.listCompetitions(DEMO_EVENT_ID)).toHaveLength(PRESETS.length);
		expect(second.listCompetitions(DEMO_EVENT_ID).reduce((n, c) => n + c.entries, 0)).toBe(entries);
		expect(second.userVersion).toBe(MIGRATIONS.length);
		expect(second.journalMode).toBe('wal');
	});

	it('has one competition per preset, with the preset stored as-is, one heat and valid entries', () => {
		const store = track(openStore(dir));
		const event = store.getEvent(DEMO_EVENT_ID)!;
		const competitions = store.listCompetitions(DEMO_EVENT_ID);
		expect(competitions.map((c) => c.ruleset)).toEqual([...PRESETS]);
		for (const { competition, ruleset, heats, entries } of competitions) {
			expect(competition.ruleset).toEqual({ id: ruleset.id, version: ruleset.version });
			expect(heats).toBe(1);
			const [heat] = store.listHeats(DEMO_EVENT_ID, competition.id);
			const list = store.listEntries(DEMO_EVENT_ID, competition.id);
			expect(list).toHaveLength(entries);
			expect(entries).toBeGreaterThanOrEqual(3);
			for (const entry of list) {
				expect(entry.heatId).toBe(heat!.id);
				expect(entry.members.length).toBeGreaterThanOrEqual(ruleset.unit.size.min);
				expect(entry.members.length).toBeLessThanOrEqual(ruleset.unit.size.max);
				// Size, every member's age, composition and companions on the event day.
				expect(checkUnit(ruleset, entry.members, event.date), `${competition.id}: ${entry.name}`).toEqual([]);
				for (const m of entry.members) expect(ageOn(m.birthDate!, event.date), m.name).toBeLessThanOrEqual(80);
			}
			const names = new Set(list.map((e) => e.name));
			expect(names.size, `${competition.id}: entry names are distinct`).toBe(list.length);
		}
	});

	it('gives members of kids categories ages that fit on another event day too', () => {
		const setup = demoSetup('2027-02-27');
		for (const entry of setup.entries) {
			const ruleset = setup.rulesets.find((r) => `demo-${r.id}` === entry.competitionId)!;
			expect(checkUnit(ruleset, entry.members, '2027-02-27')).toEqual([]);
		}
	});

	it('computes birth dates that give the wanted age on the event day', () => {
		expect(birthDateFor('2026-05-16', 7, 1)).toBe('2019-05-15');
		expect(birthDateFor('2026-05-16', 7, 364)).toBe('2018-05-17');
	});
});

describe('start page formatting', () => {
	it('formats time limits as h:mm, pieces and unit sizes', () => {
		expect(formatHMM(90 * 60_000)).toBe('1:30');
		expect(formatHMM(5 * 3_600_000)).toBe('5:00');
		expect(formatHMM(59_999)).toBe('0:00');
		const relay = PRESETS.find((p) => p.id === 'czjpa-team-relay')!;
		expect(formatPieces(relay)).toBe('4,500 in 8 puzzles');
		expect(formatPieces(PRESETS[0]!)).toBe('500');
		expect(formatUnit(relay)).toBe('team (4)');
		expect(formatUnit(PRESETS.find((p) => p.id === 'es-kids-group')!)).toBe('group (4–6)');
	});
});
