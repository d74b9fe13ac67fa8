import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { checkInsOf } from './check-ins';

const T = Date.UTC(2026, 4, 16, 8);
const door = (deviceId: string) => new DeviceLog({ deviceId, judge: 'Door', competitionId: 'c1', heatId: null });

describe('who is checked in', () => {
	it('the check-ins of every door device, an undo voiding one, a replacement changing it; other events ignored', () => {
		const a = door('door-a');
		const b = door('door-b');
		const jana = a.record('entry.checked-in', T, 'r-jana', {});
		const tom = b.record('entry.checked-in', T + 1000, 'r-tom', { accompaniedBy: 'Petr' });
		const eva = a.record('entry.checked-in', T + 2000, 'r-eva', {});
		a.correct(eva, T + 3000, 'wrong person');
		b.correct(jana, T + 4000, 'paid at the door', { type: 'entry.checked-in', at: jana.at, payload: { paid: true } });
		const judge = new DeviceLog({ deviceId: 'tab-1', judge: 'Eva', competitionId: 'c1', heatId: 'h1' });
		judge.hand('r-ana', T + 5000);
		const seen = checkInsOf([...judge.events, ...b.events, ...a.events]);
		expect([...seen.keys()].sort()).toEqual(['r-jana', 'r-tom']);
		expect(seen.get('r-jana')!.payload).toEqual({ paid: true });
		expect(seen.get('r-tom')!.payload).toEqual({ accompaniedBy: 'Petr' });
		expect(checkInsOf(judge.events).size).toBe(0);
	});

	it('an entry checked in by two desks is checked in once, with the later check-in', () => {
		const a = door('door-a').record('entry.checked-in', T, 'r-1', { companions: 1 });
		const b = door('door-b').record('entry.checked-in', T + 60_000, 'r-1', { companions: 2 });
		expect(checkInsOf([b, a]).get('r-1')!.payload).toEqual({ companions: 2 });
	});
});
