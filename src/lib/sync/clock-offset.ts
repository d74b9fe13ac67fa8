import { TimeResponseSchema, type TimeResponse } from '$lib/contract';

/**
 * How far a device's wall clock is from the server's, estimated the NTP way: the device notes
 * when it sent a request and when the answer came (its own clock), the server when it received
 * and answered (its clock). Devices never rewrite their recorded timestamps with it: the offset
 * is stored beside them, for the organizer to see and for where the rules need one clock.
 */

/** One exchange, all in ms: t0 sent and t3 received on the device, t1/t2 on the server. */
export interface TimeSample {
	t0: number;
	t1: number;
	t2: number;
	t3: number;
}

export interface ClockOffset {
	/** Server clock minus device clock: add it to a device time to get server time. */
	offsetMs: number;
	/** The network's share of the exchange (the server's own time left out). */
	roundTripMs: number;
}

/** NTP's estimate from one exchange; exact when the way there and back take as long. */
export function offsetOf(s: TimeSample): ClockOffset {
	return {
		offsetMs: (s.t1 - s.t0 + (s.t2 - s.t3)) / 2,
		roundTripMs: Math.max(0, s.t3 - s.t0 - (s.t2 - s.t1))
	};
}

/** The estimate from the exchange with the shortest round trip: its error is the smallest (at most half of it). */
export function bestOffset(samples: readonly TimeSample[]): ClockOffset | null {
	let best: ClockOffset | null = null;
	for (const s of samples) {
		const o = offsetOf(s);
		if (best === null || o.roundTripMs < best.roundTripMs) best = o;
	}
	return best;
}

/** The device's clocks: wall time (what events record) and a monotonic one (for intervals). */
export interface DeviceClocks {
	wall(): number;
	mono(): number;
}

const browserClocks: DeviceClocks = { wall: () => Date.now(), mono: () => performance.now() };

/**
 * Asks the server's time `count` times, one after another, and returns the best estimate, or
 * null when no exchange succeeded. The device's receive time is taken from the monotonic clock,
 * so a wall-clock jump during an exchange cannot distort it.
 */
export async function measureClockOffset(
	fetchTime: () => Promise<unknown>,
	count = 5,
	clocks: DeviceClocks = browserClocks
): Promise<ClockOffset | null> {
	const samples: TimeSample[] = [];
	for (let i = 0; i < count; i++) {
		const t0 = clocks.wall();
		const m0 = clocks.mono();
		let answer: TimeResponse;
		try {
			const parsed = TimeResponseSchema.safeParse(await fetchTime());
			if (!parsed.success) continue;
			answer = parsed.data;
		} catch {
			continue; // one lost exchange: the others still count
		}
		const t3 = t0 + (clocks.mono() - m0);
		samples.push({ t0, t1: answer.receivedAt, t2: answer.sentAt, t3 });
	}
	return bestOffset(samples);
}
