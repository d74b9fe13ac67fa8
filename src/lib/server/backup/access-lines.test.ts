import { describe, expect, it } from 'vitest';
import { listDevices } from '../devices';
import { listCards } from '../table-cards';
import type { Store } from '../store';
import { deviceLines, tableCardLines } from './access-lines';
import { busyStorePerTest, itemsOf } from './backup-lines.testkit';

let store: Store;
let busy: Parameters<Parameters<typeof busyStorePerTest>[0]>[1];
busyStorePerTest((s, b) => ((store = s), (busy = b)));

type Device = { id: string; tokenHash: string; clock: unknown; deviceIds: string[]; revokedAt: number | null };

describe('deviceLines', () => {
	it("each device of the event, by its token's hash only, with its clock and the judge devices that pushed with its token", () => {
		const devices = itemsOf(deviceLines(store.db, 'busy')).map((i) => i.item.device as Device);
		expect(devices.map((d) => d.id).sort()).toEqual(listDevices(store, 'busy').map((d) => d.id).sort());
		const judge = devices.find((d) => d.id === busy.judge.id)!;
		expect(judge).toMatchObject({ clock: { offsetMs: -4, roundTripMs: 9, measuredAt: expect.any(Number) }, deviceIds: ['b-tab-1'] });
		expect(judge.tokenHash).toMatch(/^[0-9a-f]{64}$/);
		const display = devices.find((d) => d.id === busy.display.device.id)!;
		expect(display).toMatchObject({ clock: null, deviceIds: [], revokedAt: expect.any(Number) });
	});

	it('nothing of another event', () => {
		expect([...deviceLines(store.db, 'nowhere')]).toEqual([]);
	});
});

describe('tableCardLines', () => {
	it("each table card by its secret's hash, with the tokens it gave (so that they keep its heat)", () => {
		const cards = itemsOf(tableCardLines(store.db, 'busy')).map((i) => i.item.card as { id: string; tokenIds: string[]; revokedAt: number | null; secretHash: string });
		expect(cards.map((c) => c.id)).toEqual(listCards(store, 'busy').map((c) => c.id).reverse());
		expect(cards.map((c) => c.tokenIds)).toEqual([[busy.cardToken], []]);
		expect(cards[1]!.revokedAt).not.toBeNull();
		for (const c of cards) expect(c.secretHash).toMatch(/^[0-9a-f]{64}$/);
	});
});
