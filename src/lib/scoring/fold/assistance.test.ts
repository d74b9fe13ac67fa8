import { describe, expect, it } from 'vitest';
import { MIN, T0 } from '../testkit';
import { AssistanceTaken } from './assistance';

const POLICY = { maxCount: 3, maxTotalMs: 10 * MIN, addedAsPenalty: true }; // ES-ASSIST

describe('AssistanceTaken', () => {
	it('ES-ASSIST: assistance runs from its start to its end; one at a time', () => {
		const a = new AssistanceTaken(POLICY);
		const notes: string[] = [];
		a.start(T0, notes);
		a.start(T0 + MIN, notes); // one is open: ignored
		expect(a.assists).toEqual([{ from: T0, to: null }]);
		a.end(T0 + 2 * MIN);
		a.end(T0 + 3 * MIN); // none open: ignored
		expect(a.assists).toEqual([{ from: T0, to: T0 + 2 * MIN }]);
		expect(notes).toEqual([]);
	});

	it('ES-ASSIST: no more than the count', () => {
		const a = new AssistanceTaken(POLICY);
		const notes: string[] = [];
		for (let i = 0; i < 4; i++) {
			a.start(T0 + i * MIN, notes);
			a.end(T0 + i * MIN + 1000);
		}
		expect(a.assists).toHaveLength(3);
		expect(notes).toEqual(['assistance refused: all 3 used']);
	});

	it('ES-ASSIST: none once the closed ones used up the total cap', () => {
		const a = new AssistanceTaken(POLICY);
		const notes: string[] = [];
		a.start(T0, notes);
		a.end(T0 + 10 * MIN);
		a.start(T0 + 11 * MIN, notes);
		expect(a.assists).toHaveLength(1);
		expect(notes).toEqual(['assistance refused: the total cap is used up']);
	});

	it('a ruleset without assistance notes every request', () => {
		const a = new AssistanceTaken(null);
		const notes: string[] = [];
		a.start(T0, notes);
		expect(a.assists).toEqual([]);
		expect(notes).toEqual(['assistance not applied: this ruleset has no judge assistance']);
	});
});
