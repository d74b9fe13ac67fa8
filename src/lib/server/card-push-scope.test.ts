import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACTION_TYPES, type ActionType } from '$lib/events/action-types';
import type { ActionEvent, JudgeEvent } from '$lib/events/schema';
import { sampleEvent, sampleVoid } from '$lib/events/sample-events.testkit';
import { parseCardLink } from '$lib/contract/card-link';
import type { Device } from '$lib/contract';
import { CARD_ACTIONS } from './card-push-scope';
import { CARD_MATRIX, WHERE, type Where } from './card-matrix.testkit';
import { openStore } from './db';
import { DEMO_EVENT_ID } from './demo';
import type { Store } from './store';
import { pushEvents } from './sync-push';
import { printCards, redeemCard } from './table-cards';
import { authenticate, issueToken } from './tokens';

const T0 = Date.UTC(2026, 4, 16, 9);
const COMPETITION = `${DEMO_EVENT_ID}-czjpa-individual`;
const HEAT = `${COMPETITION}-h1`;
const OTHER_HEAT = `${COMPETITION}-h2`;
const OTHER_ENTRIES = ['other-x', 'other-y'] as const;

let dir: string;
let store: Store;
let card: Device;
let organizer: Device;
let own: [string, string];
let cardSeq = 0;
let orgSeq = 0;

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-card-scope-'));
	store = openStore(dir);
	store.insertSetup({
		eventId: DEMO_EVENT_ID,
		heats: [{ id: OTHER_HEAT, competitionId: COMPETITION, name: 'Heat 2' }],
		entries: OTHER_ENTRIES.map((id, i) => ({ id, competitionId: COMPETITION, heatId: OTHER_HEAT, name: `Other ${i}`, members: [], table: '9', seat: String(i + 1) }))
	});
	own = store.listEntries(DEMO_EVENT_ID, COMPETITION).filter((e) => e.heatId === HEAT).map((e) => e.id).slice(0, 2) as [string, string];
	const printed = printCards(store, DEMO_EVENT_ID, HEAT, 'http://judge.local', T0)[0]!;
	const redeemed = redeemCard(store, parseCardLink(printed.link)!.card, 'tab-card', T0);
	if (!redeemed.ok) throw new Error(redeemed.message);
	card = authenticate(store, redeemed.paired.token)!;
	organizer = issueToken(store, { eventId: DEMO_EVENT_ID, role: 'organizer', label: 'Desk laptop', now: T0 });
	cardSeq = 0;
	orgSeq = 0;
});

afterEach(() => {
	store.close();
	rmSync(dir, { recursive: true, force: true });
});


/** An event of `type` at `where`, from the card's tablet (or the organizer's, `by`). */
function eventAt(type: ActionType, where: Where, by: 'card' | 'organizer' = 'card'): ActionEvent {
	const seq = by === 'card' ? ++cardSeq : ++orgSeq;
	const deviceId = by === 'card' ? 'tab-card' : 'org-laptop';
	const heatId = where === 'own heat' ? HEAT : where === 'other heat' ? OTHER_HEAT : null;
	const entries = where === 'other heat' ? OTHER_ENTRIES : own;
	return sampleEvent(type, { id: `${deviceId}-${seq}`, deviceId, seq, at: T0 + seq, competitionId: COMPETITION, heatId }, entries);
}

/** Pushed with the card's token: stored or refused (with its reason). */
function cardPush(e: JudgeEvent): 'stored' | 'refused' {
	const r = pushEvents(store, card, { events: [e] }, T0 + 60_000);
	expect(r.stored.length + r.refused.length).toBe(1);
	return r.stored.length === 1 ? 'stored' : 'refused';
}

describe("issue 29 #1, #3: a table card's token records only a judge's actions at its own heat", () => {
	it('the matrix names every event type', () => {
		expect(Object.keys(CARD_MATRIX).sort()).toEqual([...ACTION_TYPES, 'correction'].sort());
		for (const type of ACTION_TYPES) expect(CARD_MATRIX[type][0] === 'stored').toBe(CARD_ACTIONS.has(type));
	});

	for (const type of ACTION_TYPES)
		it(`${type}: ${WHERE.map((w, i) => `${w} ${CARD_MATRIX[type][i]}`).join(', ')}`, () => {
			expect(WHERE.map((where) => cardPush(eventAt(type, where)))).toEqual(CARD_MATRIX[type]);
		});

	it(`correction: ${WHERE.map((w, i) => `${w} ${CARD_MATRIX.correction[i]}`).join(', ')}`, () => {
		const targets = WHERE.map((where) => eventAt(where === 'competition-wide' ? 'tiebreak.result' : 'hand.raised', where, 'organizer'));
		expect(pushEvents(store, organizer, { events: targets }, T0 + 1000).stored).toHaveLength(3);
		const voids = targets.map((t) => sampleVoid(t, { id: `tab-card-${++cardSeq}`, deviceId: 'tab-card', seq: cardSeq, at: T0 + 2000 }));
		expect(voids.map(cardPush)).toEqual(CARD_MATRIX.correction);
	});

	it("the probe's tie-break: heat 1's card may not decide the competition's tie for first", () => {
		const tiebreak = eventAt('tiebreak.result', 'competition-wide');
		const r = pushEvents(store, card, { events: [tiebreak, { ...tiebreak, id: 'far-ahead', seq: 99, at: 8_000_000_000_000 }] }, T0);
		expect(r.refused).toEqual([
			{ index: 0, id: tiebreak.id, reason: expect.stringMatching(/table card .* may not push events of competition/) },
			{ index: 1, id: 'far-ahead', reason: expect.stringMatching(/more than 24 h ahead of the server's clock/) }
		]);
		expect(store.db.prepare('SELECT count(*) FROM judge_events').pluck().get()).toBe(0);
	});

	it("a check-in without a heat for another heat's entry is refused", () => {
		const checkIn = { ...eventAt('entry.checked-in', 'competition-wide'), entryId: OTHER_ENTRIES[0] };
		expect(cardPush(checkIn)).toBe('refused');
	});

	it("an action under its own heat naming another heat's entry is refused", () => {
		const hand = { ...eventAt('hand.raised', 'own heat'), entryId: OTHER_ENTRIES[0] };
		expect(pushEvents(store, card, { events: [hand] }, T0).refused[0]?.reason).toMatch(/entry "other-x" is not seated in its heat/);
		const start = eventAt('heat.start', 'own heat');
		expect(cardPush({ ...start, payload: { ...start.payload, entryIds: [own[0], OTHER_ENTRIES[1]] } } as ActionEvent)).toBe('refused');
	});

	it("a correction under its own heat of another heat's event is refused (it would show as a conflict)", () => {
		const foreign = eventAt('hand.raised', 'other heat', 'organizer');
		pushEvents(store, organizer, { events: [foreign] }, T0);
		const disguised = { ...sampleVoid(foreign, { id: `tab-card-${++cardSeq}`, deviceId: 'tab-card', seq: cardSeq, at: T0 }), heatId: HEAT, entryId: own[0] };
		expect(pushEvents(store, card, { events: [disguised] }, T0).refused[0]?.reason).toMatch(/may not correct an event of heat "demo.*-h2"/);
	});

	it('a correction of its own event in the same push is stored; one that brings in an organizer-only replacement is not', () => {
		const hand = eventAt('hand.raised', 'own heat');
		const undo = sampleVoid(hand, { id: `tab-card-${++cardSeq}`, deviceId: 'tab-card', seq: cardSeq, at: T0 + 5 });
		const swap = { ...sampleVoid(hand, { id: `tab-card-${++cardSeq}`, deviceId: 'tab-card', seq: cardSeq, at: T0 + 6 }) };
		swap.payload = { ...swap.payload, replacement: { type: 'time.adjusted', at: T0, payload: { deltaMs: -60_000, reason: 'a minute off' } } };
		const r = pushEvents(store, card, { events: [hand, undo, swap] }, T0 + 10);
		expect(r.stored.map((s) => s.id)).toEqual([hand.id, undo.id]);
		expect(r.refused).toEqual([{ index: 2, id: swap.id, reason: expect.stringMatching(/time.adjusted event is the organizer’s/) }]);
	});

	it('a set-up pushed with a card token adds nothing ("Made by a table card" is never seen)', () => {
		const before = store.listCompetitions(DEMO_EVENT_ID).length;
		const competition = { id: 'card-made', eventId: DEMO_EVENT_ID, name: 'Made by a table card', ruleset: { id: 'czjpa-individual', version: 1 } };
		const r = pushEvents(store, card, { events: [], setup: { competitions: [competition], heats: [{ id: 'card-made-h', competitionId: 'card-made', name: 'H' }], entries: [] } }, T0);
		expect(r.setupAdded).toEqual([]);
		expect(r.setupRefused).toEqual([{ id: 'card-made', reason: expect.stringMatching(/set-ups are the organizer’s/) }]);
		expect(store.listCompetitions(DEMO_EVENT_ID)).toHaveLength(before);
		expect(store.getCompetition(DEMO_EVENT_ID, 'card-made')).toBeUndefined();
	});
});
