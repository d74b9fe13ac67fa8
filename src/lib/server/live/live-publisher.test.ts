import { afterEach, describe, expect, it, vi } from 'vitest';
import { error } from '@sveltejs/kit';
import type { LiveAnnouncement, LiveCompetition } from '$lib/contract';
import { LiveCache } from './live-cache';
import { LivePublisher } from './live-publisher';
import { competition, row } from '$lib/live/live.testkit';

/** A world of competitions whose resource says their `version`, shown live while in `live`. */
function world() {
	const versions = new Map<string, number>([
		['a', 1],
		['b', 1]
	]);
	const live = new Set(['a', 'b']);
	let computed = 0;
	let now = 0;
	const cache = new LiveCache((_e, c) => {
		if (!live.has(c)) error(404, 'not shown live');
		computed++;
		return { competition: { id: c, name: `v${versions.get(c)}` }, heats: [] } as unknown as LiveCompetition;
	}, 1_000);
	const publisher = new LivePublisher(cache, { liveCompetitions: () => [...live] }, { now: () => now, spacingMs: 0, tickMs: 60_000 });
	const heard: LiveAnnouncement[] = [];
	return { versions, live, cache, publisher, heard, computed: () => computed, at: (t: number) => (now = t) };
}

describe('LivePublisher', () => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it('a new version to read: the first after a quiet spell at once, those that follow at most every 500 ms', async () => {
		vi.useFakeTimers({ now: 100_000 });
		const versions = new Map([['a', 1]]);
		const cache = new LiveCache((_e, c) => ({ competition: { id: c, name: `v${versions.get(c)}` }, heats: [] }) as unknown as LiveCompetition, 1_000);
		const publisher = new LivePublisher(cache, { liveCompetitions: () => ['a'] }, { tickMs: 3_600_000 });
		const heard: number[] = [];
		const stop = publisher.subscribe('e', () => heard.push(Date.now()));
		publisher.changed('e', ['a']);
		await vi.advanceTimersByTimeAsync(0);
		expect(heard).toEqual([100_000]);
		for (const [at, v] of [
			[100_100, 2],
			[100_200, 3],
			[100_300, 4]
		] as const) {
			await vi.advanceTimersByTimeAsync(at - Date.now());
			versions.set('a', v);
			publisher.changed('e', ['a']);
		}
		await vi.advanceTimersByTimeAsync(499);
		expect(heard).toEqual([100_000, 100_500]);
		expect(cache.peek('e', 'a')?.json).toContain('v4');
		stop();
	});

	it('works a burst of changes out once and tells the viewers each competition whose ETag moved', () => {
		const w = world();
		const stop = w.publisher.subscribe('e', (a) => w.heard.push(a));
		w.publisher.changed('e', ['a']);
		w.publisher.changed('e', ['a', 'b']);
		w.publisher.flush();
		expect(w.heard.map((a) => a.competitionId)).toEqual(['a', 'b']);
		expect(w.computed()).toBe(2);
		// The same bytes again: nothing to tell.
		w.publisher.changed('e', ['a']);
		w.publisher.flush();
		expect(w.heard).toHaveLength(2);
		w.versions.set('a', 2);
		w.publisher.changed('e', ['a']);
		w.publisher.flush();
		expect(w.heard.map((a) => a.competitionId)).toEqual(['a', 'b', 'a']);
		expect(w.heard[2]!.etag).not.toBe(w.heard[0]!.etag);
		stop();
	});

	it('a small change rides on the announcement with the version it applies to; a larger one names the new version, at most every 500 ms', () => {
		let now = 0;
		let value = competition('a', { rows: [row('x'), row('y')] });
		const cache = new LiveCache(() => value, 1_000);
		const publisher = new LivePublisher(cache, { liveCompetitions: () => ['a'] }, { now: () => now, tickMs: 3_600_000 });
		const heard: LiveAnnouncement[] = [];
		const stop = publisher.subscribe('e', (a) => heard.push(a));
		publisher.changed('e', ['a']);
		publisher.flush();
		expect(heard[0]).toEqual({ competitionId: 'a', etag: expect.any(String) });
		// y finishes: its row alone, at once.
		now = 100;
		value = { ...value, rows: [row('y', { place: 1, stillGoing: false }), row('x')], latest: [{ entryId: 'y', at: 90 }] };
		publisher.changed('e', ['a']);
		publisher.flush();
		expect(heard[1]).toEqual({ competitionId: 'a', etag: expect.any(String), base: heard[0]!.etag, rows: [row('y', { place: 1, stillGoing: false })], heats: value.heats, latest: [{ entryId: 'y', at: 90 }] });
		// Published: every page reads it, but not sooner than 500 ms after the last such read.
		now = 200;
		value = { ...value, state: 'published', version: 1 };
		publisher.changed('e', ['a']);
		publisher.flush();
		expect(heard).toHaveLength(2);
		now = 500;
		publisher.flush();
		expect(heard[2]).toEqual({ competitionId: 'a', etag: expect.any(String) });
		stop();
	});

	it('works nothing out for an event without viewers, but the next read sees the change', () => {
		const w = world();
		w.cache.read('e', 'a', 0);
		w.versions.set('a', 2);
		w.publisher.changed('e', ['a']);
		w.publisher.flush();
		expect(w.computed()).toBe(1);
		expect(w.cache.read('e', 'a', 1).json).toContain('v2');
	});

	it('tells the viewers with an empty ETag when a competition is no longer shown live, once', () => {
		const w = world();
		w.publisher.subscribe('e', (a) => w.heard.push(a));
		w.publisher.changed('e', ['a']);
		w.publisher.flush();
		w.live.delete('a');
		w.publisher.changed('e', ['a']);
		w.publisher.flush();
		w.publisher.changed('e', ['a']);
		w.publisher.flush();
		expect(w.heard).toEqual([
			{ competitionId: 'a', etag: expect.stringMatching(/^".+"$/) },
			{ competitionId: 'a', etag: '' }
		]);
	});

	it('tells viewers who connected after the last change that a competition was switched off', () => {
		const w = world();
		w.publisher.subscribe('e', (a) => w.heard.push(a));
		w.live.delete('b');
		w.publisher.switchedOff('e', 'b');
		w.publisher.changed('e', ['b']);
		w.publisher.flush();
		expect(w.heard).toEqual([{ competitionId: 'b', etag: '' }]);
		// A push to a competition never shown live tells the viewers nothing.
		w.publisher.changed('e', ['nope']);
		w.publisher.flush();
		expect(w.heard).toHaveLength(1);
	});

	it('looks again by itself on its tick: a set-up edit no judge event announced reaches the viewers', () => {
		const w = world();
		w.publisher.subscribe('e', (a) => w.heard.push(a));
		w.at(10_000);
		w.publisher.tick();
		expect(w.heard.map((a) => a.competitionId)).toEqual(['a', 'b']);
		w.versions.set('b', 3);
		w.at(20_000);
		w.publisher.tick();
		expect(w.heard.map((a) => a.competitionId)).toEqual(['a', 'b', 'b']);
	});
});
