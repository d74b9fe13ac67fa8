import { describe, expect, it } from 'vitest';
import { bestOffset, measureClockOffset, offsetOf, type DeviceClocks } from './clock-offset';

/** A simulated exchange: the server's clock is `offset` ahead; `up` and `down` ms on the wire; the server takes `busy`. */
function exchange(t0: number, offset: number, up: number, down: number, busy = 0) {
	const t1 = t0 + up + offset;
	const t2 = t1 + busy;
	return { t0, t1, t2, t3: t2 - offset + down };
}

describe('clock offset (NTP style)', () => {
	it('is exact when the way there and back take as long, whatever the server takes', () => {
		expect(offsetOf(exchange(1_000_000, 3_600_000, 40, 40, 7))).toEqual({ offsetMs: 3_600_000, roundTripMs: 80 });
		expect(offsetOf(exchange(1_000_000, -250, 5, 5))).toEqual({ offsetMs: -250, roundTripMs: 10 });
	});

	it('errs by at most half the round trip when the ways differ, and the shortest round trip wins', () => {
		const slow = exchange(0, 500, 300, 20); // error (300 - 20) / 2 = 140
		const fast = exchange(10_000, 500, 12, 4); // error 4
		expect(Math.abs(offsetOf(slow).offsetMs - 500)).toBeLessThanOrEqual(offsetOf(slow).roundTripMs / 2);
		expect(bestOffset([slow, fast])).toEqual({ offsetMs: 504, roundTripMs: 16 });
		expect(bestOffset([])).toBeNull();
	});

	it('measures over several exchanges, skips failed or malformed answers, and times the round trip on the monotonic clock', async () => {
		let wall = 5_000_000; // the device's wall clock, 2 s behind the server
		let mono = 0;
		const clocks: DeviceClocks = { wall: () => wall, mono: () => mono };
		const delays = [[50, 50], [10, 10], [30, 30]];
		let i = 0;
		const fetchTime = async () => {
			const n = i++;
			if (n === 1) throw new Error('network down');
			if (n === 2) return { receivedAt: 'soon' };
			const [up, down] = delays[n % 3]!;
			mono += up!;
			wall += up!;
			const receivedAt = wall + 2000;
			mono += down!;
			// A wall-clock jump while the answer travels must not count.
			wall += down! + 60_000;
			return { receivedAt, sentAt: receivedAt };
		};
		const result = await measureClockOffset(fetchTime, 5, clocks);
		expect(i).toBe(5);
		expect(result).toEqual({ offsetMs: 2000, roundTripMs: 20 });
		expect(await measureClockOffset(async () => ({ nope: true }), 3, clocks)).toBeNull();
	});
});
