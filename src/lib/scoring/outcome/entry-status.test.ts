import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { EntrySummary } from '../fold/entry-summary';
import { MIN, T0 } from '../testkit';
import { readClock } from './clock-reading';
import { entryStatus, pausedAt } from './entry-status';
import { summary } from './testkit';

const ES = presetById('es-adult-individual')!;

function statusAt(s: EntrySummary, now: number, disqualification: string | null = s.disqualification) {
	return entryStatus(s, now, readClock(ES, s, now), disqualification);
}

describe('pausedAt', () => {
	it('ES-PAUSE: within a pause begun before the finish', () => {
		const s = summary({ pauses: [{ from: T0 + MIN, to: T0 + 3 * MIN }] });
		expect([pausedAt(s, T0 + MIN), pausedAt(s, T0 + 2 * MIN), pausedAt(s, T0 + 3 * MIN)]).toEqual([true, true, false]);
		expect(pausedAt({ ...s, finishedAt: T0 + MIN }, T0 + 2 * MIN)).toBe(false);
	});
});

describe('entryStatus', () => {
	it('ES-PREVIEW: not started, preview, running, paused, finished, unfinished along the clock', () => {
		const s = summary({ previewAt: T0 - 2 * MIN, pauses: [{ from: T0 + MIN, to: T0 + 3 * MIN }] });
		expect(statusAt(summary({ startedAt: null, limitAt: null }), T0)).toBe('not-started');
		expect(statusAt(s, T0 - MIN)).toBe('preview');
		expect(statusAt(s, T0)).toBe('running');
		expect(statusAt(s, T0 + 2 * MIN)).toBe('paused');
		expect(statusAt(s, T0 + 121 * MIN)).toBe('unfinished');
		expect(statusAt({ ...s, finishedAt: T0 + 50 * MIN }, T0 + 60 * MIN)).toBe('finished');
	});

	it('ES-DQ: did not start, then disqualified, come before everything else', () => {
		const finished = summary({ finishedAt: T0 + 50 * MIN });
		expect(statusAt(finished, T0 + 60 * MIN, '1 piece missing')).toBe('disqualified');
		expect(statusAt({ ...finished, didNotStart: true }, T0 + 60 * MIN, 'x')).toBe('did-not-start');
	});
});
