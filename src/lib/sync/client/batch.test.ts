import { describe, expect, it } from 'vitest';
import type { JudgeEvent } from '$lib/events/schema';
import type { Competition } from '$lib/setup/schema';
import { MAX_PUSH_BYTES, MAX_PUSH_EVENTS } from '$lib/contract';
import { buildBatch, utf8Bytes, type CompetitionSetupToPush } from './batch';

const T0 = Date.UTC(2026, 4, 16, 9);

function note(seq: number, text = 'ok', competitionId = 'c1'): JudgeEvent {
	return { id: `tab-a-${seq}`, deviceId: 'tab-a', seq, at: T0 + seq, mono: seq, judge: 'Eva', competitionId, heatId: null, entryId: null, type: 'incident.noted', payload: { note: text } } as JudgeEvent;
}

const clock = { offsetMs: -3, roundTripMs: 8, measuredAt: T0 };

describe('buildBatch', () => {
	it('takes at most MAX_PUSH_EVENTS events, in order', () => {
		const events = Array.from({ length: MAX_PUSH_EVENTS + 5 }, (_, i) => note(i + 1));
		const { batch } = buildBatch(events, new Map(), clock);
		expect(batch!.events).toHaveLength(MAX_PUSH_EVENTS);
		expect(batch!.events[0]!.id).toBe('tab-a-1');
		expect(batch!.events.at(-1)!.id).toBe(`tab-a-${MAX_PUSH_EVENTS}`);
		expect(batch!.body.clock).toEqual(clock);
	});

	it('keeps the JSON body within MAX_PUSH_BYTES, counting UTF-8 bytes, and takes as many as fit', () => {
		// 300 notes of ~2,000 two-byte characters: ~1.2 MB in all, far over the limit.
		const events = Array.from({ length: 300 }, (_, i) => note(i + 1, 'ž'.repeat(2000)));
		const { batch } = buildBatch(events, new Map(), clock);
		expect(batch!.bytes).toBe(utf8Bytes(batch!.bodyText));
		expect(batch!.bytes).toBeLessThanOrEqual(MAX_PUSH_BYTES);
		// One more event would not have fitted.
		const next = utf8Bytes(JSON.stringify(events[batch!.events.length]));
		expect(batch!.bytes + next).toBeGreaterThan(MAX_PUSH_BYTES);
		expect(batch!.events.length).toBeGreaterThan(100);
		expect(JSON.parse(batch!.bodyText)).toEqual(batch!.body);
	});

	it('includes each competition’s set-up once, for the competitions in the batch only', () => {
		const setup: CompetitionSetupToPush = {
			competition: { id: 'q-1', eventId: 'day-2026-05-16', name: 'Quick', ruleset: { id: 'czjpa-individual', version: 1 } },
			ruleset: null,
			heats: [{ id: 'q-1-h1', competitionId: 'q-1', name: 'Heat 1' }],
			entries: []
		};
		const other = { ...setup, competition: { ...setup.competition, id: 'q-2' }, heats: [] };
		const events = [note(1, 'a', 'q-1'), note(2, 'b', 'c1'), note(3, 'c', 'q-1')];
		const { batch } = buildBatch(events, new Map([['q-1', setup], ['q-2', other]]), null);
		expect((batch!.body.setup!.competitions as Competition[]).map((c) => c.id)).toEqual(['q-1']);
		expect(batch!.body.setup!.heats).toEqual(setup.heats);
		expect(batch!.body.clock).toBeUndefined();
		expect(buildBatch([note(4)], new Map([['q-1', setup]]), null).batch!.body.setup).toBeUndefined();
	});

	it('says when one event alone is too large to push', () => {
		const { batch, tooLarge } = buildBatch([note(1, 'x'.repeat(400))], new Map(), null, { maxEvents: 10, maxBytes: 200 });
		expect(batch).toBeNull();
		expect(tooLarge!.id).toBe('tab-a-1');
	});
});
