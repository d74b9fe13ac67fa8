import { describe, expect, it } from 'vitest';
import type { HeatStart } from '$lib/contract';
import { HeatStartWatcher } from './heat-start-watcher';

/** Timers run by hand: `fire()` runs the pending callback. */
function manualTimers() {
	let pending: (() => void) | null = null;
	return {
		timers: {
			setTimeout: (cb: () => void) => ((pending = cb), 1),
			clearTimeout: () => void (pending = null)
		},
		fire: async () => {
			const cb = pending;
			pending = null;
			cb?.();
			await new Promise((r) => setTimeout(r, 0));
		},
		get pending() {
			return pending !== null;
		}
	};
}

const start = (seq: number, heatId: string): HeatStart => ({ seq, id: `s${seq}`, competitionId: 'c', heatId, serverAt: 1000 * seq, createdAt: 0 });

describe('waiting for the organizer to start the heat', () => {
	it('asks from its cursor, ignores other heats and failures, and reports its heat once', async () => {
		const asked: number[] = [];
		const answers: (HeatStart[] | Error)[] = [[start(1, 'other')], new Error('offline'), [start(2, 'h1'), start(3, 'other')]];
		const got: HeatStart[] = [];
		const t = manualTimers();
		const watcher = new HeatStartWatcher({
			fetchStarts: async (after) => {
				asked.push(after);
				const a = answers.shift() ?? [];
				if (a instanceof Error) throw a;
				return a;
			},
			competitionId: 'c',
			heatId: 'h1',
			onStart: (s) => got.push(s),
			timers: t.timers
		});
		watcher.start();
		await new Promise((r) => setTimeout(r, 0));
		await t.fire(); // the failure
		await t.fire(); // the start
		expect(asked).toEqual([0, 1, 1]);
		expect(got.map((s) => s.id)).toEqual(['s2']);
		expect(t.pending).toBe(false); // done: asks no more
	});

	it('stops asking when stopped', async () => {
		let asked = 0;
		const t = manualTimers();
		const watcher = new HeatStartWatcher({ fetchStarts: async () => (asked++, []), competitionId: 'c', heatId: 'h', onStart: () => {}, timers: t.timers });
		watcher.start();
		await new Promise((r) => setTimeout(r, 0));
		watcher.stop();
		await t.fire();
		expect(asked).toBe(1);
	});
});
