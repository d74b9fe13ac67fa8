/**
 * A check-in at the door (entry.checked-in, issue 14) records who arrived: scoring ignores it.
 * Over random competitions (arbitraries.ts): check-ins of every entry, seated (the heat named) or
 * not yet (heatId null), with an undo (a void correction) and a replaced one, at any moment of the
 * day, leave the standings exactly as they were.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { JudgeEventSchema } from '$lib/events/schema';
import { scoreCompetition } from './scorer';
import { competitionArb, COMPETITION_ID } from './arbitraries';

describe('entry.checked-in', () => {
	it('ES-LATE: standings are unchanged by check-ins, their undo or their replacement', () => {
		fc.assert(
			fc.property(competitionArb(), fc.integer({ min: 0, max: 1000 }), (gc, pick) => {
				const desk = new DeviceLog({ deviceId: 'desk-door', judge: 'Door', competitionId: COMPETITION_ID, heatId: null });
				const t0 = gc.events.length ? Math.min(...gc.events.map((e) => e.at)) : gc.now;
				gc.setup.entries.forEach((entry, i) => {
					const seated = i % 2 === 0;
					const log = seated ? new DeviceLog({ ...desk.opts, deviceId: `desk-seat-${i}`, heatId: entry.heatId }) : desk;
					const c = log.record('entry.checked-in', t0 - 60_000 + i, entry.id, i % 3 === 0 ? { paid: true, companions: 1 } : {});
					if (i === pick % Math.max(1, gc.setup.entries.length)) log.correct(c, t0 - 1000, 'tapped by mistake');
					if (i === (pick + 1) % Math.max(1, gc.setup.entries.length))
						log.correct(c, t0 - 500, 'paid after all', { type: 'entry.checked-in', at: c.at, payload: { paid: true } });
					if (seated) desk.events.push(...log.events);
				});
				for (const e of desk.events) expect(JudgeEventSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
				for (const now of [gc.now, gc.after]) expect(scoreCompetition(gc.setup, [...desk.events, ...gc.events], now)).toEqual(scoreCompetition(gc.setup, gc.events, now));
			}),
			{ numRuns: 50 }
		);
	}, 120_000);
});
