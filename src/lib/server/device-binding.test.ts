import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { boundDevices, claimDevice } from './device-binding';
import { addDevice, listDevices } from './devices';
import { redeemPairingCode } from './pairing';
import type { Store } from './store';
import { pushEvents } from './sync-push';
import { authenticate, issueToken } from './tokens';
import type { Device } from '$lib/contract';
import { openTwoEvents } from './two-events.testkit';
import { storePerTest } from './store-per-test.testkit';

let store: Store;
storePerTest(openTwoEvents, (s) => (store = s));

const ORIGIN = 'http://judge.test';
const T0 = Date.UTC(2026, 4, 16, 9);
const log = (deviceId: string) => new DeviceLog({ deviceId, judge: 'Eva', competitionId: 'spring-c', heatId: 'h1' });

function paired(role: Device['role'] = 'judge') {
	const added = addDevice(store, 'spring', { role, label: 'Table' }, ORIGIN, T0);
	return { added, device: authenticate(store, added.token)! };
}

describe('binding a device at pairing', () => {
	it("binds a judge's token to the first tablet that pairs with it; that tablet again is fine, another is refused", () => {
		const { device } = paired();
		expect(claimDevice(store, device, 'tab-1')).toBe(true);
		expect(claimDevice(store, device, 'tab-1')).toBe(true);
		expect(claimDevice(store, device, 'tab-2')).toBe(false);
		expect(boundDevices(store, device.id)).toEqual(['tab-1']);
		// Its pushes: tab-1's events only.
		const refused = pushEvents(store, device, { events: [log('tab-2').start(T0, ['e1'])] }, T0).refused;
		expect(refused.map((r) => r.reason)).toEqual([expect.stringMatching(/^this device may only push its own events/)]);
		expect(pushEvents(store, device, { events: [log('tab-1').start(T0, ['e1'])] }, T0).stored).toHaveLength(1);
		expect(listDevices(store, 'spring')[0]!.deviceIds).toEqual(['tab-1']);
	});

	it('records the device of a display or organizer token without ever refusing one (one QR code on two screens)', () => {
		for (const role of ['display', 'organizer'] as const) {
			const { device } = paired(role);
			expect(claimDevice(store, device, 'screen-1')).toBe(true);
			expect(claimDevice(store, device, 'screen-2')).toBe(true);
			expect(listDevices(store, 'spring').find((d) => d.id === device.id)!.deviceIds).toEqual(['screen-1', 'screen-2']);
		}
	});

	it('a redeemed code binds the new token to the tablet that typed it; the earlier tablet stays listed, no longer bound', () => {
		const { added, device } = paired();
		claimDevice(store, device, 'tab-qr');
		const redeemed = redeemPairingCode(store, added.code, T0 + 1, 'tab-typed')!;
		expect(authenticate(store, added.token)).toBeNull(); // the QR link's token is replaced
		expect(boundDevices(store, device.id)).toEqual(['tab-typed']);
		expect(listDevices(store, 'spring')[0]!.deviceIds).toEqual(['tab-qr', 'tab-typed']);
		expect(pushEvents(store, redeemed.device, { events: [log('tab-qr').start(T0, ['e1'])] }, T0).refused).toHaveLength(1);
		expect(pushEvents(store, redeemed.device, { events: [log('tab-typed').start(T0, ['e1'])] }, T0).stored).toHaveLength(1);
	});

	it('a code redeemed by an app that sends no device ID (older), or a token of `npm run device-token`, is bound by its first push', () => {
		const { added, device } = paired();
		claimDevice(store, device, 'tab-qr');
		const redeemed = redeemPairingCode(store, added.code, T0 + 1)!;
		expect(boundDevices(store, device.id)).toEqual([]);
		expect(pushEvents(store, redeemed.device, { events: [log('tab-old').start(T0, ['e1'])] }, T0).stored).toHaveLength(1);
		expect(boundDevices(store, device.id)).toEqual(['tab-old']);

		const cli = issueToken(store, { eventId: 'spring', role: 'judge', label: 'CLI', now: T0 });
		// A push without events binds nothing; the first event's device is the token's.
		pushEvents(store, cli, { events: [] }, T0);
		expect(boundDevices(store, cli.id)).toEqual([]);
		const first = pushEvents(store, cli, { events: [log('tab-cli').start(T0, ['e1']), log('tab-x').start(T0, ['e2'])] }, T0);
		expect(first.stored).toHaveLength(1);
		expect(first.refused).toEqual([{ index: 1, id: 'tab-x-1', reason: expect.stringMatching(/"tab-cli", this event is of device "tab-x"/) }]);
		expect(boundDevices(store, cli.id)).toEqual(['tab-cli']);
	});

	it('a binding made by a push goes with the push: nothing is bound when its transaction fails', () => {
		const cli = issueToken(store, { eventId: 'spring', role: 'judge', label: 'CLI', now: T0 });
		expect(() =>
			store.transaction(() => {
				pushEvents(store, cli, { events: [log('tab-1').start(T0, ['e1'])] }, T0);
				throw new Error('the commit failed');
			})
		).toThrow('the commit failed');
		expect(boundDevices(store, cli.id)).toEqual([]);
	});
});
