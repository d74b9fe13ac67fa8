import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { JudgeEventSchema, type JudgeEvent } from '$lib/events/schema';
import { presetById } from '$lib/rules/presets';
import type { Device } from '$lib/contract';
import { entryIdsOfPerson, ERASED, isRedactionOf, redactCheckIns, redactedEvent, truncateLog } from './erasure-redaction';
import { actOnRegistration, createPerson, createRegistration } from './register';
import { DB_FILE, type Store } from './store';
import { storePerTest } from './store-per-test.testkit';
import { openTwoEvents } from './two-events.testkit';

let store: Store;
let dir: string;
storePerTest(openTwoEvents, (s, d) => {
	store = s;
	dir = d;
});

const E = 'spring';
const AT = Date.UTC(2026, 4, 16, 9);
const organizer: Device = { id: 'tok-org', eventId: E, role: 'organizer', label: 'Laptop' };
const RULESET = 'czjpa-individual';

beforeEach(() => {
	store.insertSetup({
		rulesets: [presetById(RULESET)!],
		competitions: [{ id: 'ind', eventId: E, name: 'Individual', ruleset: { id: RULESET, version: presetById(RULESET)!.version } }],
		heats: [{ id: 'h1', competitionId: 'ind', name: 'Heat 1' }]
	});
});

const door = () => new DeviceLog({ deviceId: 'desk-1', judge: 'Door', competitionId: 'ind', heatId: null });
const storedJson = () => store.db.prepare('SELECT server_seq AS serverSeq, id, json FROM judge_events WHERE event_id = ? ORDER BY server_seq').all(E) as { serverSeq: number; id: string; json: string }[];

describe('issue 29 #4: erasure redaction of judge events', () => {
	it('issue 29 #4: a check-in, and a correction replacing one, lose the accompanying adult; the rest of the event and its key order stay', () => {
		const log = door();
		const checkIn = log.record('entry.checked-in', AT, 'r1', { paid: true, companions: 1, accompaniedBy: 'Guardian Six' });
		const replaced = log.correct(checkIn, AT + 1, 'paid after all', { type: 'entry.checked-in', at: AT, payload: { paid: false, accompaniedBy: 'Guardian Six' } });
		const voided = log.correct(checkIn, AT + 2, 'wrong person');
		const plain = log.record('entry.checked-in', AT + 3, 'r2', { paid: true });
		const note = log.record('incident.noted', AT + 4, 'r1', { note: 'accompaniedBy' });

		const a = redactedEvent(checkIn)!;
		expect(a).toEqual({ ...checkIn, payload: { paid: true, companions: 1, accompaniedBy: ERASED } });
		expect(Object.keys(a)).toEqual(Object.keys(checkIn));
		expect(Object.keys(a.payload)).toEqual(Object.keys(checkIn.payload));
		const b = redactedEvent(replaced)!;
		expect(b.payload).toEqual({ supersedes: checkIn.id, reason: 'paid after all', replacement: { type: 'entry.checked-in', at: AT, payload: { paid: false, accompaniedBy: ERASED } } });
		for (const e of [a, b]) expect(JudgeEventSchema.parse(e)).toEqual(e);
		// Nothing to redact: a void correction, a check-in without an adult, another type, one already redacted.
		for (const e of [voided, plain, note, a, b]) expect(redactedEvent(e)).toBeNull();
	});

	it('issue 29 #4: the original a device sends again is the redacted event, not another one; a real change still is', () => {
		const checkIn = door().record('entry.checked-in', AT, 'r1', { accompaniedBy: 'Guardian Six' });
		const stored = JSON.stringify(redactedEvent(checkIn));
		expect(isRedactionOf(stored, JSON.stringify(checkIn))).toBe(true);
		expect(isRedactionOf(stored, JSON.stringify({ ...checkIn, at: AT + 1 }))).toBe(false);
		expect(isRedactionOf(stored, JSON.stringify({ ...checkIn, payload: { paid: true, accompaniedBy: 'Guardian Six' } }))).toBe(false);
		expect(isRedactionOf(JSON.stringify(checkIn), JSON.stringify({ ...checkIn, payload: { accompaniedBy: 'Someone else' } }))).toBe(false);
	});

	it("issue 29 #4: a person's entries are their registrations (now or ever, by the register's history) and the set-up entries listing them", () => {
		for (const [id, name] of [['p1', 'Ann'], ['p2', 'Bob'], ['p3', 'Cy']]) createPerson(store, organizer, E, { person: { id, name, birthDate: '1990-01-01' } }, AT);
		// r3 was p1's once, then Cy's: the register's history says so.
		createRegistration(store, organizer, E, { registration: { id: 'r3', competitionId: 'ind', memberIds: ['p1'] } }, AT);
		actOnRegistration(store, organizer, E, 'r3', { action: 'change', expectedVersion: 1, memberIds: ['p3'] }, AT);
		createRegistration(store, organizer, E, { registration: { id: 'r1', competitionId: 'ind', memberIds: ['p1'] } }, AT);
		createRegistration(store, organizer, E, { registration: { id: 'r2', competitionId: 'ind', memberIds: ['p2'] } }, AT);
		actOnRegistration(store, organizer, E, 'r2', { action: 'change', expectedVersion: 1, name: 'Bob B.' }, AT);
		store.insertSetup({ eventId: E, entries: [{ id: 'seat-7', competitionId: 'ind', heatId: 'h1', name: 'Ann', members: [{ id: 'p1', name: 'Ann' }] }] });
		expect([...entryIdsOfPerson(store, E, 'p1')].sort()).toEqual(['r1', 'r3', 'seat-7']);
		expect([...entryIdsOfPerson(store, E, 'p2')]).toEqual(['r2']);
		expect([...entryIdsOfPerson(store, E, 'p3')]).toEqual(['r3']);
		expect([...entryIdsOfPerson(store, 'autumn', 'p1')]).toEqual([]);
	});

	it("issue 29 #4: only the named entries' check-ins are redacted, each moved to the end of the pull order with its ID, device, numbers and times", () => {
		const log = door();
		const mine = log.record('entry.checked-in', AT, 'r1', { accompaniedBy: 'Guardian Six' });
		const theirs = log.record('entry.checked-in', AT + 1, 'r2', { accompaniedBy: 'Guardian Seven' });
		const fix = log.correct(mine, AT + 2, 'typo', { type: 'entry.checked-in', at: AT, payload: { accompaniedBy: 'Guardian Sixx' } });
		// A correction that does not name its entry: followed to the event it supersedes.
		const loose: JudgeEvent = { ...log.correct(fix, AT + 3, 'typo again', { type: 'entry.checked-in', at: AT, payload: { accompaniedBy: 'Guardian 6' } }), entryId: null };
		const hand = new DeviceLog({ deviceId: 'tab-1', judge: 'Eva', competitionId: 'ind', heatId: 'h1' }).hand('r1', AT + 4);
		store.appendJudgeEvents([mine, theirs, fix, loose, hand], { eventId: E });
		// The same IDs in another event are another event's.
		store.appendJudgeEvents([mine], { eventId: 'autumn' });
		const before = storedJson();

		expect(redactCheckIns(store, E, new Set(['r1']))).toEqual([mine.id, fix.id, loose.id]);
		const after = storedJson();
		expect(after.map((r) => r.id)).toEqual([theirs.id, hand.id, mine.id, fix.id, loose.id]);
		expect(after.slice(0, 2)).toEqual(before.filter((r) => r.id === theirs.id || r.id === hand.id));
		const top = Math.max(...(store.db.prepare('SELECT server_seq FROM judge_events').pluck().all() as number[]));
		expect(after.slice(2).map((r) => r.serverSeq)).toEqual([top - 2, top - 1, top]);
		for (const [i, original] of [mine, fix, loose].entries()) {
			const e = JSON.parse(after[i + 2]!.json) as JudgeEvent;
			expect(e).toEqual(redactedEvent(original));
			expect(JudgeEventSchema.safeParse(e).success).toBe(true);
		}
		expect(after.map((r) => r.json).join()).not.toMatch(/Guardian (Six|Sixx|6)\b/);
		// The other event's copy is not this erasure's.
		expect(store.db.prepare("SELECT json FROM judge_events WHERE event_id = 'autumn'").pluck().get()).toContain('Guardian Six');
		// Again: nothing left to redact, nothing moves.
		expect(redactCheckIns(store, E, new Set(['r1']))).toEqual([]);
		expect(storedJson()).toEqual(after);
	});

	it('issue 29 #4: the write-ahead log is emptied after an erasure; a reader still open keeps it until it is done, then it is emptied', async () => {
		const wal = join(dir, `${DB_FILE}-wal`);
		store.appendJudgeEvents([door().record('entry.checked-in', AT, 'r1', { accompaniedBy: 'Guardian Six' })], { eventId: E });
		expect(statSync(wal).size).toBeGreaterThan(0);
		expect(truncateLog(store)).toBe(true);
		expect(statSync(wal).size).toBe(0);

		// A backup being sent: its read began before the erasure wrote.
		const reader = store.openReader();
		reader.db.exec('BEGIN');
		reader.db.prepare('SELECT count(*) FROM judge_events').pluck().get();
		const other = new DeviceLog({ deviceId: 'desk-2', judge: 'Door 2', competitionId: 'ind', heatId: null });
		expect(store.appendJudgeEvents([other.record('entry.checked-in', AT, 'r2', { accompaniedBy: 'Guardian Seven' })], { eventId: E }).stored).toHaveLength(1);
		const started = Date.now();
		expect(truncateLog(store, 20, 50)).toBe(false);
		expect(Date.now() - started).toBeLessThan(1_000);
		expect(statSync(wal).size).toBeGreaterThan(0);
		reader.db.exec('COMMIT');
		reader.close();
		await expect.poll(() => existsSync(wal) && statSync(wal).size, { timeout: 2_000, interval: 20 }).toBe(0);
	});
});
