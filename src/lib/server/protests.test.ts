import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { presetById } from '$lib/rules/presets';
import { entryAudit } from './entry-audit';
import { answerOf } from './http-error.testkit';
import { decideProtest, listProtests, protestsOfEntry, recordProtest } from './protests';
import { finalize, publish } from './publications';
import { publicResults } from './public-results';
import { Store } from './store';
import { storePerTest } from './store-per-test.testkit';
import { issueToken, type IssuedToken } from './tokens';

/** Protests on the record (issue 33 #3), on a real store. */

const T0 = Date.UTC(2026, 4, 16, 9);
const MIN = 60_000;
const AFTER = T0 + 2 * 3_600_000;
const RULESET = presetById('czjpa-individual')!;
const rs = { id: RULESET.id, version: RULESET.version };
const PHOTO = 'a'.repeat(64);

let store: Store;
let org: IssuedToken;
let log: DeviceLog;
storePerTest(
	(dir) => Store.open(dir),
	(s) => {
		store = s;
		store.insertSetup({
			events: [
				{ id: 'spring', name: 'Spring Cup', date: '2026-05-16' },
				{ id: 'autumn', name: 'Autumn Cup', date: '2026-10-10' }
			],
			rulesets: [RULESET],
			competitions: [
				{ id: 'solo', eventId: 'spring', name: 'Solo', ruleset: rs },
				{ id: 'pairs', eventId: 'spring', name: 'Pairs', ruleset: rs },
				{ id: 'a-solo', eventId: 'autumn', name: 'Autumn solo', ruleset: rs }
			],
			heats: [
				{ id: 'h1', competitionId: 'solo', name: 'Heat 1' },
				{ id: 'p1', competitionId: 'pairs', name: 'Heat 1' }
			],
			entries: [
				{ id: 'anna', competitionId: 'solo', heatId: 'h1', name: 'Anna', members: [] },
				{ id: 'bea', competitionId: 'solo', heatId: 'h1', name: 'Bea', members: [] },
				{ id: 'pia', competitionId: 'pairs', heatId: 'p1', name: 'Pia & Ola', members: [] }
			]
		});
		org = issueToken(store, { eventId: 'spring', role: 'organizer', label: 'Desk', now: T0 });
		log = new DeviceLog({ deviceId: 'tab-1', judge: 'Eva', competitionId: 'solo', heatId: 'h1' });
		log.start(T0, ['anna', 'bea']);
		log.finish('anna', T0 + 40 * MIN);
		log.finish('bea', T0 + 45 * MIN);
		store.appendJudgeEvents(log.events, { eventId: 'spring' });
	}
);

const body = (over: Record<string, unknown> = {}) => ({ id: 'p-1', competitionId: 'solo', entryIds: ['bea'], raisedBy: 'Anna Nováková', claim: "Bea's finish was recorded a minute early", ...over });
const record = (over: Record<string, unknown> = {}, now = AFTER + 5 * MIN) => recordProtest(store, org, 'spring', body(over), now);

describe('recording a protest', () => {
	it('is recorded during the window of the latest version, against it, with its attachments and who recorded it', () => {
		publish(store, 'spring', 'solo', { now: AFTER, protestMinutes: 30 });
		const { protest, created } = record({ raisedAt: AFTER + 2 * MIN, photoHashes: [PHOTO, PHOTO] });
		expect(created).toBe(true);
		expect(protest).toEqual({
			id: 'p-1', eventId: 'spring', competitionId: 'solo', entryIds: ['bea'], raisedBy: 'Anna Nováková', claim: "Bea's finish was recorded a minute early",
			raisedAt: AFTER + 2 * MIN, publicationVersion: 1, photoHashes: [PHOTO], state: 'open', decidedAt: null, decisionReason: null,
			correctionEventIds: [], answeredByVersion: null, recordedBy: org.id, recordedAt: AFTER + 5 * MIN
		});
		expect(listProtests(store, 'spring')).toEqual([protest]);
		expect(protestsOfEntry(store, 'spring', 'bea')).toEqual([protest]);
		expect(protestsOfEntry(store, 'spring', 'anna')).toEqual([]);
		// Handed in "now" by default; a retry of the same answers the same protest, a different one under its ID is refused.
		expect(record({}, AFTER + 6 * MIN)).toEqual({ protest, created: false });
		expect(answerOf(() => record({ claim: 'Something else' }))).toEqual({ status: 409, message: expect.stringMatching(/different protest "p-1"/) });
		expect(record({ id: 'p-2' }, AFTER + 7 * MIN).protest.raisedAt).toBe(AFTER + 7 * MIN);
	});

	it('is refused (409) outside the window: unpublished, published without one, after it closed (saying when), final', () => {
		expect(answerOf(() => record())).toEqual({ status: 409, message: expect.stringMatching(/not published/) });
		publish(store, 'spring', 'solo', { now: AFTER });
		expect(answerOf(() => record())).toEqual({ status: 409, message: expect.stringMatching(/version 1 .* without a protest window/) });
		publish(store, 'spring', 'solo', { now: AFTER + MIN, protestMinutes: 10 });
		const closed = new Date(AFTER + 11 * MIN).toISOString();
		expect(answerOf(() => record({}, AFTER + 11 * MIN))).toEqual({ status: 409, message: expect.stringContaining(`protest window of version 2 of competition "Solo" (${new Date(AFTER + MIN).toISOString()} to ${closed}) closed at ${closed}`) });
		finalize(store, 'spring', 'solo', AFTER + 12 * MIN);
		expect(answerOf(() => record({}, AFTER + 13 * MIN))).toEqual({ status: 409, message: expect.stringMatching(/final .* locked/) });
		expect(listProtests(store, 'spring')).toEqual([]);
	});

	it('refuses what is not a protest, entries of another competition, a time outside the window, another event\'s competition', () => {
		publish(store, 'spring', 'solo', { now: AFTER, protestMinutes: 30 });
		expect(answerOf(() => record({ raisedBy: ' ' })).status).toBe(400);
		expect(answerOf(() => record({ claim: 'x'.repeat(5001) })).status).toBe(400);
		expect(answerOf(() => record({ entryIds: [] })).status).toBe(400);
		expect(answerOf(() => record({ photoHashes: ['not-a-hash'] }))).toEqual({ status: 400, message: expect.stringMatching(/SHA-256/) });
		expect(answerOf(() => record({ entryIds: ['pia'] }))).toEqual({ status: 400, message: expect.stringMatching(/"pia" is not an entry of competition "Solo"/) });
		expect(answerOf(() => record({ entryIds: ['bea', 'bea'] })).status).toBe(400);
		expect(answerOf(() => record({ raisedAt: AFTER - 1 })).status).toBe(400);
		expect(answerOf(() => record({ raisedAt: AFTER + 60 * MIN })).status).toBe(400);
		expect(answerOf(() => record({ competitionId: 'a-solo' })).status).toBe(404);
		expect(listProtests(store, 'spring')).toEqual([]);
	});
});

it('takes a time typed to the minute that names the minute of publishing', () => {
	publish(store, 'spring', 'solo', { now: AFTER + 30_000, protestMinutes: 30 });
	expect(record({ raisedAt: AFTER }).protest.raisedAt).toBe(AFTER);
	expect(answerOf(() => record({ id: 'p-2', raisedAt: AFTER - 1 })).status).toBe(400);
});

describe('deciding a protest', () => {
	it('upheld with the correction events that carry it (each of the event and about its entries), else 400', () => {
		publish(store, 'spring', 'solo', { now: AFTER, protestMinutes: 30 });
		record();
		const desk = new DeviceLog({ deviceId: 'org-1', judge: 'Desk', competitionId: 'solo', heatId: 'h1' });
		const adjust = desk.record('time.adjusted', AFTER + 8 * MIN, 'bea', { deltaMs: 60_000, reason: 'Protest: finish recorded early' });
		const other = desk.record('time.adjusted', AFTER + 8 * MIN, 'anna', { deltaMs: 1000, reason: 'x' });
		store.appendJudgeEvents(desk.events, { eventId: 'spring' });
		const decide = (b: Record<string, unknown>) => answerOf(() => decideProtest(store, 'spring', 'p-1', b, AFTER + 10 * MIN));
		expect(decide({ decision: 'upheld', reason: 'Video', correctionEventIds: ['nope'] })).toEqual({ status: 400, message: expect.stringMatching(/no event "nope"/) });
		expect(decide({ decision: 'upheld', reason: 'Video', correctionEventIds: [other.id] })).toEqual({ status: 400, message: expect.stringMatching(/not about an entry the protest names/) });
		expect(decide({ decision: 'rejected', reason: 'No', correctionEventIds: [adjust.id] }).status).toBe(400);
		expect(decide({ decision: 'upheld', reason: ' ' }).status).toBe(400);
		expect(decide({ decision: 'maybe', reason: 'x' }).status).toBe(400);
		expect(answerOf(() => decideProtest(store, 'spring', 'nope', { decision: 'rejected', reason: 'x' }, AFTER)).status).toBe(404);
		expect(answerOf(() => decideProtest(store, 'autumn', 'p-1', { decision: 'rejected', reason: 'x' }, AFTER)).status).toBe(404);

		const upheld = decideProtest(store, 'spring', 'p-1', { decision: 'upheld', reason: 'The video shows it', correctionEventIds: [adjust.id] }, AFTER + 10 * MIN);
		expect(upheld).toMatchObject({ state: 'upheld', decidedAt: AFTER + 10 * MIN, decisionReason: 'The video shows it', correctionEventIds: [adjust.id], answeredByVersion: null });
		expect(decide({ decision: 'rejected', reason: 'Again' })).toEqual({ status: 409, message: expect.stringMatching(/decided already \(upheld/) });
		// Audited like every correction: the entry's trail holds the protest, its decision and its correction.
		expect(entryAudit(store, 'spring', 'bea').protests).toEqual([upheld]);
		expect(entryAudit(store, 'spring', 'bea').events.map((a) => a.event.id)).toContain(adjust.id);
		expect(entryAudit(store, 'spring', 'anna').protests).toEqual([]);
	});

	it('the final lock is refused while one is open, naming it; the next version answers the decided ones; then the lock succeeds', () => {
		publish(store, 'spring', 'solo', { now: AFTER, protestMinutes: 30 });
		record();
		record({ id: 'p-2', entryIds: ['anna', 'bea'], claim: 'Both' });
		// Even after the window, open protests must be decided first.
		expect(answerOf(() => finalize(store, 'spring', 'solo', AFTER + 40 * MIN))).toEqual({ status: 409, message: expect.stringMatching(/cannot be made final while 2 protests are open: "p-1" \(about Bea, .*"p-2" \(about Anna, Bea/) });
		decideProtest(store, 'spring', 'p-1', { decision: 'rejected', reason: 'Nothing shows it' }, AFTER + 41 * MIN);
		expect(answerOf(() => finalize(store, 'spring', 'solo', AFTER + 42 * MIN)).message).toMatch(/while a protest is open: "p-2"/);
		publish(store, 'spring', 'solo', { now: AFTER + 43 * MIN });
		decideProtest(store, 'spring', 'p-2', { decision: 'upheld', reason: 'Seen' }, AFTER + 44 * MIN);
		expect(listProtests(store, 'spring').map((p) => [p.id, p.answeredByVersion])).toEqual([['p-1', 2], ['p-2', null]]);
		publish(store, 'spring', 'solo', { now: AFTER + 45 * MIN });
		expect(listProtests(store, 'spring').map((p) => [p.id, p.answeredByVersion])).toEqual([['p-1', 2], ['p-2', 3]]);
		expect(finalize(store, 'spring', 'solo', AFTER + 46 * MIN).state).toBe('final');
		expect(answerOf(() => decideProtest(store, 'spring', 'p-2', { decision: 'rejected', reason: 'x' }, AFTER + 47 * MIN)).status).toBe(409);
	});
});

describe('what the public sees', () => {
	it('the entries under protest, and which version answered which protest with the entries\' names, never the claim nor who protested', () => {
		publish(store, 'spring', 'solo', { now: AFTER, protestMinutes: 30 });
		record();
		const solo = () => publicResults(store, 'spring').competitions.find((c) => c.latest.competitionId === 'solo')!;
		expect(solo().protests).toEqual({ underProtest: ['bea'], answered: [] });
		decideProtest(store, 'spring', 'p-1', { decision: 'rejected', reason: 'No evidence' }, AFTER + 10 * MIN);
		expect(solo().protests).toBeUndefined();
		publish(store, 'spring', 'solo', { now: AFTER + 11 * MIN });
		expect(solo().protests).toEqual({ underProtest: [], answered: [{ version: 2, entryNames: ['Bea'], decision: 'rejected' }] });
		const text = JSON.stringify(publicResults(store, 'spring'));
		expect(text).not.toContain('Nováková');
		expect(text).not.toContain('recorded a minute early');
		expect(text).not.toContain('No evidence');
	});
});
