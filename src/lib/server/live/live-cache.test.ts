import { describe, expect, it } from 'vitest';
import { error } from '@sveltejs/kit';
import type { LiveCompetition } from '$lib/contract';
import { gunzipSync } from 'node:zlib';
import { etagOf, gzipOnce, LiveCache } from './live-cache';

/** A competition resource whose rows say `n`; `running` heats or none. */
function resource(n: number, running = false): LiveCompetition {
	return {
		event: { id: 'e', name: 'E', date: '2026-05-16', venue: null },
		competition: { id: 'c', name: `C${n}` },
		timeResolution: 'ms',
		state: 'provisional',
		version: null,
		advancement: null,
		heats: [{ id: 'h', name: 'H', phase: running ? 'running' : 'all-finished', startedAt: 1, limitAt: null, endedAt: null, stillGoing: running ? 1 : 0 }],
		rows: [],
		latest: []
	};
}

describe('LiveCache', () => {
	it('works a competition out at most once per max age however often it is read', () => {
		let computed = 0;
		const cache = new LiveCache(() => resource(++computed), 1_000);
		const first = cache.read('e', 'c', 10_000);
		for (let t = 10_000; t < 11_000; t += 100) expect(cache.read('e', 'c', t)).toBe(first);
		expect(computed).toBe(1);
		expect(cache.read('e', 'c', 11_000).json).toContain('C2');
		expect(computed).toBe(2);
	});

	it('works it out again at once after forget, and keeps the ETag when the bytes are the same', () => {
		let n = 1;
		const cache = new LiveCache(() => resource(n), 1_000);
		const first = cache.read('e', 'c', 0);
		expect(first.etag).toBe(etagOf(first.json));
		cache.forget('e', 'c');
		expect(cache.read('e', 'c', 1).etag).toBe(first.etag);
		n = 2;
		cache.forget('e', 'c');
		const second = cache.read('e', 'c', 2);
		expect(second.etag).not.toBe(first.etag);
		expect(second.etag).toMatch(/^"[\w-]{22}"$/);
	});

	it('says whether a heat still runs, and passes the compute\'s errors on without keeping them', () => {
		let live = true;
		const cache = new LiveCache(() => (live ? resource(1, true) : error(404, 'not shown live')), 1_000);
		expect(cache.read('e', 'c', 0).running).toBe(true);
		live = false;
		cache.forget('e', 'c');
		expect(() => cache.read('e', 'c', 1)).toThrow();
		expect(cache.peek('e', 'c')?.running).toBe(true);
		cache.drop('e', 'c');
		expect(cache.peek('e', 'c')).toBeUndefined();
	});

	it('gzips a version once, for every reader that takes it', () => {
		const cache = new LiveCache(() => resource(7), 1_000);
		const body = cache.read('e', 'c', 0);
		const zipped = body.gzip();
		expect(body.gzip()).toBe(zipped);
		expect(gunzipSync(zipped).toString('utf8')).toBe(body.json);
		const once = gzipOnce('x'.repeat(10_000));
		expect(once().length).toBeLessThan(100);
	});

	it('works it out again when the clock goes back', () => {
		let computed = 0;
		const cache = new LiveCache(() => resource(++computed), 1_000);
		cache.read('e', 'c', 5_000);
		cache.read('e', 'c', 4_000);
		expect(computed).toBe(2);
	});
});
