import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { parseCardLink } from '$lib/contract/card-link';
import { openStore } from './db';
import { DEMO_EVENT_ID } from './demo';
import { boundDevices } from './device-binding';
import { listDevices } from './devices';
import type { Store } from './store';
import { pushEvents } from './sync-push';
import { listCards, printCards, redeemCard, revokeCard } from './table-cards';
import { authenticate, issueToken } from './tokens';
import { cardState } from '$lib/contract/table-card-rules';

let dir: string;
let store: Store;
const T0 = Date.UTC(2026, 4, 16, 9);
const COMPETITION = `${DEMO_EVENT_ID}-czjpa-individual`;
const HEAT = `${COMPETITION}-h1`;

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-cards-'));
	store = openStore(dir);
	store.insertSetup({ eventId: DEMO_EVENT_ID, heats: [{ id: `${COMPETITION}-h2`, competitionId: COMPETITION, name: 'Heat 2' }] });
});

afterEach(() => {
	store.close();
	rmSync(dir, { recursive: true, force: true });
});

const secretOf = (link: string) => parseCardLink(link)!.card;
const cardOfTable = (table: string) => printCards(store, DEMO_EVENT_ID, HEAT, 'http://judge.local', T0).find((c) => c.table === table)!;

describe('table cards', () => {
	it('one per seated table of the heat, each with a card link of the event', () => {
		const cards = printCards(store, DEMO_EVENT_ID, HEAT, 'http://judge.local', T0);
		expect(cards.length).toBeGreaterThan(1);
		expect(new Set(cards.map((c) => c.table)).size).toBe(cards.length);
		for (const c of cards) expect(parseCardLink(c.link)).toMatchObject({ server: 'http://judge.local', event: DEMO_EVENT_ID });
		expect(listCards(store, DEMO_EVENT_ID).map((c) => c.id).sort()).toEqual(cards.map((c) => c.id).sort());
	});

	it('are refused for a heat of another event, or with nobody seated', () => {
		expect(() => printCards(store, 'other', HEAT, 'http://x', T0)).toThrow();
		expect(() => printCards(store, DEMO_EVENT_ID, `${COMPETITION}-h2`, 'http://x', T0)).toThrow();
	});

	it('give every tablet that scans one its own judge token, bound to it, named by the table, listed on the devices screen', () => {
		const card = cardOfTable('2');
		const first = redeemCard(store, secretOf(card.link), 'tab-a', T0 + 1000);
		const second = redeemCard(store, secretOf(card.link), 'tab-b', T0 + 2000);
		if (!first.ok || !second.ok) throw new Error('refused');
		expect(first.paired).toMatchObject({ eventId: DEMO_EVENT_ID, competitionId: COMPETITION, heatId: HEAT, table: '2', device: { role: 'judge' } });
		expect(second.paired.token).not.toBe(first.paired.token);
		expect(boundDevices(store, first.paired.device.id)).toEqual(['tab-a']);
		expect(boundDevices(store, second.paired.device.id)).toEqual(['tab-b']);
		expect(authenticate(store, first.paired.token)?.role).toBe('judge');
		expect(listDevices(store, DEMO_EVENT_ID).find((d) => d.id === first.paired.device.id)?.label).toMatch(/table 2/);
		expect(listCards(store, DEMO_EVENT_ID).find((c) => c.id === card.id)?.tablets).toBe(2);
	});

	it('issue 30 #15: name the tablet in the event’s language (English when it has none), with what the tablet words its own name from', () => {
		const card = cardOfTable('2');
		const english = redeemCard(store, secretOf(card.link), 'tab-a', T0 + 1000);
		store.db.prepare('UPDATE events SET language = ? WHERE id = ?').run('es', DEMO_EVENT_ID);
		const spanish = redeemCard(store, secretOf(card.link), 'tab-b', T0 + 2000);
		if (!english.ok || !spanish.ok) throw new Error('refused');
		expect(english.paired.device.label).toBe('Heat 1 · table 2 (tablet 1 of its card)');
		expect(spanish.paired.device.label).toBe('Heat 1 · mesa 2 (tableta 2 de su tarjeta)');
		expect(spanish.paired).toMatchObject({ heatName: 'Heat 1', tablet: 2 });
	});

	it('an unknown, revoked or expired card is refused and gives nothing', () => {
		const card = cardOfTable('1');
		const devices = listDevices(store, DEMO_EVENT_ID).length;
		expect(redeemCard(store, 'x'.repeat(43), 'tab-a', T0)).toMatchObject({ ok: false, status: 404 });
		expect(redeemCard(store, secretOf(card.link), 'tab-a', card.expiresAt)).toMatchObject({ ok: false, status: 410, message: expect.stringMatching(/expired/) });
		expect(revokeCard(store, DEMO_EVENT_ID, card.id, T0 + 5).revokedAt).toBe(T0 + 5);
		expect(redeemCard(store, secretOf(card.link), 'tab-a', T0 + 10)).toMatchObject({ ok: false, status: 410, message: expect.stringMatching(/revoked/) });
		expect(listDevices(store, DEMO_EVENT_ID).length).toBe(devices);
		expect(() => revokeCard(store, 'other', card.id, T0)).toThrow();
	});

	it('issue 29 #7: printing for chosen tables with revokeEarlier leaves one live card per table', () => {
		const live = () => {
			const counts = new Map<string, number>();
			for (const c of listCards(store, DEMO_EVENT_ID)) if (cardState(c, T0 + 100) === 'live') counts.set(c.table, (counts.get(c.table) ?? 0) + 1);
			return counts;
		};
		const first = printCards(store, DEMO_EVENT_ID, HEAT, 'http://judge.local', T0);
		const tables = first.map((c) => c.table);
		expect(tables.length).toBeGreaterThan(1);
		const paired = redeemCard(store, secretOf(first.find((c) => c.table === '2')!.link), 'tab-a', T0 + 1);
		if (!paired.ok) throw new Error('refused');

		// Table 2's card was lost: a new one for that table only, the lost one revoked with it.
		const reprint = printCards(store, DEMO_EVENT_ID, HEAT, 'http://judge.local', T0 + 10, { tables: ['2'], revokeEarlier: true });
		expect(reprint.map((c) => c.table)).toEqual(['2']);
		expect(Object.fromEntries(live())).toEqual(Object.fromEntries(tables.map((t) => [t, 1])));
		expect(listCards(store, DEMO_EVENT_ID).find((c) => c.id === first.find((f) => f.table === '2')!.id)).toMatchObject({ revokedAt: T0 + 10, tablets: 1 });
		// The tablet paired from the revoked card keeps its token (revocable on the devices screen).
		expect(authenticate(store, paired.paired.token)?.role).toBe('judge');

		// A whole new set, the earlier one revoked: still one live card per table.
		printCards(store, DEMO_EVENT_ID, HEAT, 'http://judge.local', T0 + 20, { revokeEarlier: true });
		expect(Object.fromEntries(live())).toEqual(Object.fromEntries(tables.map((t) => [t, 1])));
		// Without it, the earlier set stays live beside the new one (2 per table).
		printCards(store, DEMO_EVENT_ID, HEAT, 'http://judge.local', T0 + 30);
		expect(Object.fromEntries(live())).toEqual(Object.fromEntries(tables.map((t) => [t, 2])));
		// A table nobody sits at is refused, and nothing is printed nor revoked.
		const before = listCards(store, DEMO_EVENT_ID);
		expect(() => printCards(store, DEMO_EVENT_ID, HEAT, 'http://x', T0 + 40, { tables: ['2', 'nowhere'], revokeEarlier: true })).toThrow();
		expect(listCards(store, DEMO_EVENT_ID)).toEqual(before);
	});

	it("a card's token pushes its heat's events only; a judge paired otherwise is not scoped", () => {
		const redeemed = redeemCard(store, secretOf(cardOfTable('1').link), 'tab-a', T0);
		if (!redeemed.ok) throw new Error('refused');
		const device = authenticate(store, redeemed.paired.token)!;
		const own = new DeviceLog({ deviceId: 'tab-a', judge: 'Eva', competitionId: COMPETITION, heatId: HEAT });
		const other = new DeviceLog({ deviceId: 'tab-a', judge: 'Eva', competitionId: COMPETITION, heatId: `${COMPETITION}-h2` });
		const mine = own.start(T0, [`${COMPETITION}-e1`]);
		const foreign = { ...other.start(T0, [`${COMPETITION}-e2`]), seq: 2 };
		const result = pushEvents(store, device, { events: [mine, foreign] }, T0);
		expect(result.stored.map((s) => s.id)).toEqual([mine.id]);
		expect(result.refused).toEqual([{ index: 1, id: foreign.id, reason: expect.stringMatching(/table card .* may not push events of heat/) }]);

		const plain = issueToken(store, { eventId: DEMO_EVENT_ID, role: 'judge', label: 'Plain', now: T0 });
		const log = new DeviceLog({ deviceId: 'tab-p', judge: 'Ann', competitionId: COMPETITION, heatId: `${COMPETITION}-h2` });
		expect(pushEvents(store, plain, { events: [log.start(T0, [`${COMPETITION}-e2`])] }, T0).stored).toHaveLength(1);
	});
});
