import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { T0 } from '$lib/scoring/testkit';
import type { DeviceListing } from '$lib/contract';
import { deviceListings } from './device-listing.testkit';
import { nameOfTablet, tabletNames, tabletOptions } from './tablet-names';

const entries = [
	{ id: 'ana', competitionId: 'c', table: '3' },
	{ id: 'bob', competitionId: 'c', table: '3' },
	{ id: 'cyd', competitionId: 'c', table: '4' },
	{ id: 'dan', competitionId: 'c' }
];
const log = (deviceId: string, at: number, entryIds: string[]) => {
	const l = new DeviceLog({ deviceId, judge: 'J', competitionId: 'c', heatId: 'h' });
	for (const id of entryIds) l.hand(id, at);
	return l.events;
};

/** The organizer's correction of an entry at table 4: it says nothing about where the device stands. */
function organizer() {
	const l = new DeviceLog({ deviceId: 'org-1', judge: 'Org', competitionId: 'c', heatId: 'h' });
	l.correct(log('tab-y', T0, ['cyd'])[0]!, T0 + 4, 'wrong seat');
	return l.events;
}

describe('tabletNames', () => {
	it('the paired label, else the one table, else a number in order of first event; never the ID', () => {
		const devices: DeviceListing[] = deviceListings(
			{ id: 'srv-a', role: 'judge', label: 'Table A', deviceIds: ['tab-572d054c', 'tab-reset'] },
			{ id: 'srv-o', role: 'organizer', label: 'Desk', deviceIds: ['org-1'] }
		);
		const events = [
			...log('tab-572d054c', T0, ['ana']),
			...log('tab-reset', T0 + 5, ['cyd']),
			...log('tab-x', T0 + 1, ['ana', 'bob']),
			...log('tab-y', T0 + 2, ['ana', 'cyd']),
			...log('tab-z', T0 + 3, ['dan']),
			...organizer()
		];
		const names = tabletNames(events, devices, entries, { locale: 'en' });
		expect(Object.fromEntries([...names].map(([id, t]) => [id, t.name]))).toEqual({
			'tab-572d054c': 'Table A',
			'tab-reset': 'Table A',
			'tab-x': 'Tablet at table 3',
			'tab-y': 'Tablet 1',
			'tab-z': 'Tablet 2',
			'org-1': 'Desk'
		});
		// One paired tablet with two logs is one tablet.
		expect(names.get('tab-572d054c')!.key).toBe(names.get('tab-reset')!.key);
		expect(tabletOptions(names, ['tab-y', 'tab-reset', 'tab-572d054c', 'tab-x'])).toEqual([
			{ key: 'device:srv-a', name: 'Table A', deviceIds: ['tab-reset', 'tab-572d054c'] },
			{ key: 'log:tab-y', name: 'Tablet 1', deviceIds: ['tab-y'] },
			{ key: 'log:tab-x', name: 'Tablet at table 3', deviceIds: ['tab-x'] }
		]);
		expect(nameOfTablet(names, 'tab-gone', { locale: 'cs' })).toBe('Neznámý tablet');
		const cs = tabletNames(events, devices, entries, { locale: 'cs' });
		expect([cs.get('tab-x')!.name, cs.get('tab-y')!.name]).toEqual(['Tablet u stolu 3', 'Tablet č. 1']);
		expect(tabletNames(events, devices, entries, { locale: 'es' }).get('tab-z')!.name).toBe('Tableta 2');
	});

	it('two tablets with one name are told apart by a number', () => {
		const devices: DeviceListing[] = deviceListings(
			{ id: 's1', role: 'judge', label: 'Table A', deviceIds: ['t1'] },
			{ id: 's2', role: 'judge', label: 'Table A', deviceIds: ['t2'] }
		);
		const events = [...log('t2', T0 + 1, ['ana']), ...log('t1', T0, ['ana']), ...log('t3', T0 + 2, ['bob']), ...log('t4', T0 + 3, ['bob'])];
		const names = tabletNames(events, devices, entries, { locale: 'en' });
		expect(['t1', 't2', 't3', 't4'].map((id) => names.get(id)!.name)).toEqual(['Table A (1)', 'Table A (2)', 'Tablet at table 3 (1)', 'Tablet at table 3 (2)']);
	});
});
