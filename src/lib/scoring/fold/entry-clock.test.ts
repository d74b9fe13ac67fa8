import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { MIN, T0 } from '../testkit';
import { EntryClock } from './entry-clock';

const ES = presetById('es-adult-individual')!; // 2 h; 2 pauses of at most 5 min that stop the clock
const GROUP = presetById('es-kids-group')!; // no pause for a group
const LIMIT = T0 + 2 * 60 * MIN;

describe('EntryClock', () => {
	it('runs from the start to the limit, and not before a start nor after the finish', () => {
		expect(new EntryClock(ES, null).running(T0)).toBe(false);
		const clock = new EntryClock(ES, T0);
		expect(clock.limitAt).toBe(LIMIT);
		expect([clock.running(T0 - 1), clock.running(T0), clock.running(LIMIT - 1), clock.running(LIMIT)]).toEqual([false, true, true, false]);
		clock.finishedAt = T0 + MIN;
		expect(clock.running(T0 + 2 * MIN)).toBe(false);
	});

	it('ES-PAUSE: a pause pushes the limit back by its maximum length; its end gives back what it did not use', () => {
		const clock = new EntryClock(ES, T0);
		const notes: string[] = [];
		clock.startPause(T0 + 10 * MIN, notes);
		expect(clock.limitAt).toBe(LIMIT + 5 * MIN);
		clock.endPause(T0 + 12 * MIN);
		expect(clock.limitAt).toBe(LIMIT + 2 * MIN);
		expect(clock.pauses).toEqual([{ from: T0 + 10 * MIN, to: T0 + 12 * MIN }]);
		expect(notes).toEqual([]);
	});

	it('ES-PAUSE: a pause ends itself at its maximum length; an end after it changes nothing', () => {
		const clock = new EntryClock(ES, T0);
		clock.startPause(T0 + 10 * MIN, []);
		clock.passTo(T0 + 15 * MIN);
		clock.endPause(T0 + 20 * MIN);
		expect(clock.pauses).toEqual([{ from: T0 + 10 * MIN, to: T0 + 15 * MIN }]);
		expect(clock.limitAt).toBe(LIMIT + 5 * MIN);
	});

	it('ES-PAUSE: at the very moment a pause reaches its maximum length, it is over: the next may start', () => {
		const clock = new EntryClock(ES, T0);
		clock.startPause(T0 + 10 * MIN, []);
		clock.passTo(T0 + 15 * MIN);
		clock.startPause(T0 + 15 * MIN, []);
		expect(clock.pauses.map((p) => p.from)).toEqual([T0 + 10 * MIN, T0 + 15 * MIN]);
	});

	it('ES-PAUSE: one pause at a time; a third is refused and noted', () => {
		const clock = new EntryClock(ES, T0);
		const notes: string[] = [];
		clock.startPause(T0 + 10 * MIN, notes);
		clock.startPause(T0 + 11 * MIN, notes); // one is open: ignored
		clock.endPause(T0 + 12 * MIN);
		clock.startPause(T0 + 20 * MIN, notes);
		clock.endPause(T0 + 21 * MIN);
		clock.startPause(T0 + 30 * MIN, notes);
		expect(clock.pauses).toHaveLength(2);
		expect(notes).toEqual(['pause refused: all 2 pauses used (the clock runs on)']);
	});

	it('ES-PAUSE: a group has no pause; a pause asked for while the clock does not run is ignored', () => {
		const notes: string[] = [];
		new EntryClock(GROUP, T0).startPause(T0 + MIN, notes);
		expect(notes).toEqual(['pause not applied: this ruleset has no pause for a group']);
		const clock = new EntryClock(ES, T0);
		clock.startPause(T0 - MIN, notes);
		expect(clock.pauses).toEqual([]);
		expect(notes).toHaveLength(1);
	});

	it('a clock that runs on in pauses keeps its limit', () => {
		const ruleset = { ...ES, pause: { ...ES.pause!, clockStops: false } };
		const clock = new EntryClock(ruleset, T0);
		clock.startPause(T0 + MIN, []);
		expect(clock.stopsInPauses).toBe(false);
		expect(clock.limitAt).toBe(LIMIT);
		clock.endPause(T0 + 2 * MIN);
		expect(clock.limitAt).toBe(LIMIT);
	});
});
